import fc from 'fast-check';
import { DM_ALICE_BOB, GENERAL, TS } from '../fixtures/tiny-workspace.js';
import { anyString, percentEncode, queryString, rawUrlPiece } from './adversarial.js';
import type { FuzzRequest } from './fuzz-harness.js';
import { requestHeaders } from './request-headers.js';
import {
  allOf,
  booleanish,
  channelId,
  cursor,
  integerish,
  type Mode,
  mode,
  noisePairs,
  type Pair,
  type ParamSpec,
  pairOf,
  slackTs,
  spec,
  tsBound,
} from './slack-params.js';

const PARAMS: Record<string, ParamSpec> = {
  cursor,
  limit: integerish(1, 1000),
  oldest: tsBound,
  latest: tsBound,
  inclusive: booleanish,
  response_format: spec(fc.constantFrom('concise', 'detailed')),
};
const NAMES = Object.keys(PARAMS);

/** Threads alice can read, so a good share of requests reach Slack and come back 200. */
const readable = fc.constantFrom(
  `${GENERAL}/${TS.parent}`,
  `${GENERAL}/${TS.reply1}`,
  `${GENERAL}/${TS.mention}`,
  `${DM_ALICE_BOB}/${TS.dm}`,
);

/** A path segment that is not a valid id: any string percent-encoded, or raw bytes. */
const badSegment = fc.oneof(
  anyString.map((s) => percentEncode(s)),
  rawUrlPiece.map((s) => s.replaceAll('/', '%2F').replaceAll('?', '%3F')),
);

/** A path segment ready for the URL. */
function segment(s: ParamSpec, m: Mode): fc.Arbitrary<string> {
  const valid = s.valid.map((v) => percentEncode(v));
  if (m === 'valid') return valid;
  const invalid = fc.oneof(
    s.invalid.map((v) => percentEncode(v)),
    badSegment,
  );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: invalid });
}

const path = (m: Mode) =>
  fc.oneof(
    { weight: 2, arbitrary: readable },
    {
      weight: 3,
      arbitrary: fc
        .tuple(segment(channelId, m), segment(slackTs, m))
        .map(([channel, ts]) => `${channel}/${ts}`),
    },
  );

/** GET /threads/{channel}/{ts} with real and forged ids, documented parameters and noise. */
export const threadsRequest: fc.Arbitrary<FuzzRequest> = mode.chain((m) =>
  fc
    .record({
      path: path(m),
      documented: fc
        .subarray(NAMES, { maxLength: 4 })
        .chain((names) => allOf(names.map((n) => pairOf(n, PARAMS[n], m)))),
      noise:
        m === 'valid'
          ? fc.constant([] as Pair[])
          : fc.option(noisePairs(NAMES), { freq: 3, nil: [] as Pair[] }),
      headers: requestHeaders(m),
    })
    .map(({ path: p, documented, noise, headers }) => ({
      method: 'GET' as const,
      url: `/threads/${p}${queryString([...documented, ...noise])}`,
      headers,
    })),
);
