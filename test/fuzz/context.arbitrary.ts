import fc from 'fast-check';
import { GENERAL, SECRET, TS } from '../fixtures/tiny-workspace.js';
import { anyString, queryString } from './adversarial.js';
import type { FuzzRequest } from './fuzz-harness.js';
import { requestHeaders } from './request-headers.js';
import {
  allOf,
  channelId,
  integerish,
  mode,
  noisePairs,
  type Pair,
  type ParamSpec,
  pairOf,
  slackTs,
  spec,
} from './slack-params.js';

const p = (ts: string) => `p${ts.replace('.', '')}`;
/** Links to real messages, to other workspaces and hosts, and near-misses of a message link. */
const url = spec(
  fc.oneof(
    fc
      .constantFrom(TS.parent, TS.reply1, TS.mention, TS.other)
      .map((ts) => `https://tiny.slack.com/archives/${GENERAL}/${p(ts)}`),
    fc.constant(
      `https://tiny.slack.com/archives/${GENERAL}/${p(TS.reply2)}?thread_ts=${TS.parent}&cid=${GENERAL}`,
    ),
    fc.constant(`https://tiny.enterprise.slack.com/archives/${SECRET}/${p(TS.secret)}`),
  ),
  fc.oneof(
    fc.constantFrom(
      `https://acme.slack.com/archives/${GENERAL}/${p(TS.parent)}`,
      `http://tiny.slack.com/archives/${GENERAL}/${p(TS.parent)}`,
      `https://tiny.slack.com/archives/${GENERAL}/p17672256600002`,
      `https://tiny.slack.com/archives/${GENERAL}/${p(TS.parent)}?thread_ts=%00`,
      `https://tiny.slack.com.evil.example/archives/${GENERAL}/${p(TS.parent)}`,
      'javascript:alert(1)',
    ),
    anyString.map((s) => `https://tiny.slack.com/archives/${s}`),
  ),
);

const PARAMS: Record<string, ParamSpec> = {
  url,
  channel: spec(
    fc.oneof(channelId.valid, fc.constantFrom('#general', '#secret', '#nowhere')),
    channelId.invalid,
  ),
  ts: slackTs,
  thread_ts: slackTs,
  before: integerish(0, 50),
  after: integerish(0, 50),
  response_format: spec(fc.constantFrom('concise', 'detailed')),
};
const NAMES = Object.keys(PARAMS);

/** GET /messages/context with links, channel + ts, both, neither, and noise. */
export const contextRequest: fc.Arbitrary<FuzzRequest> = mode.chain((m) =>
  fc
    .record({
      documented: fc
        .subarray(NAMES, { maxLength: 5 })
        .chain((names) => allOf(names.map((n) => pairOf(n, PARAMS[n], m)))),
      noise:
        m === 'valid'
          ? fc.constant([] as Pair[])
          : fc.option(noisePairs(NAMES), { freq: 3, nil: [] as Pair[] }),
      headers: requestHeaders(m),
    })
    .map(({ documented, noise, headers }) => ({
      method: 'GET' as const,
      url: `/messages/context${queryString([...documented, ...noise])}`,
      headers,
    })),
);
