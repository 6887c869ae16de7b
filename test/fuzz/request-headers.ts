import fc from 'fast-check';
import {
  ALICE_TOKEN,
  BOB_TOKEN,
  BOT_TOKEN,
  NOSCOPE_TOKEN,
  REVOKED_TOKEN,
} from '../fixtures/tiny-workspace.js';
import { API_TOKEN } from '../helper.js';
import { headerValue } from './adversarial.js';
import { SCOPED_TOKEN } from './fuzz-harness.js';

/** Mostly our valid bearer token, so most requests get past authentication to validation. */
const authorization = fc.oneof(
  { weight: 30, arbitrary: fc.constant(`Bearer ${API_TOKEN}`) },
  { weight: 3, arbitrary: fc.constant(`Bearer ${SCOPED_TOKEN}`) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `bearer ${API_TOKEN}`,
      `Bearer  ${API_TOKEN}`,
      `Bearer ${API_TOKEN} extra`,
      `Bearer ${API_TOKEN}x`,
      `Basic ${Buffer.from(`user:${API_TOKEN}`).toString('base64')}`,
      `Token ${API_TOKEN}`,
    ),
  },
  { weight: 2, arbitrary: headerValue },
  { weight: 1, arbitrary: headerValue.map((v) => `Bearer ${v}`) },
);

const slackToken = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constantFrom(ALICE_TOKEN, BOB_TOKEN, BOT_TOKEN, NOSCOPE_TOKEN, REVOKED_TOKEN) },
  { weight: 2, arbitrary: headerValue },
  { weight: 1, arbitrary: headerValue.map((v) => `xoxp-${v}`) },
);

const project = fc.oneof(
  { weight: 10, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('', '__unassigned__', 'p1', 'p2', ' p1 ') },
  { weight: 1, arbitrary: headerValue },
);

const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);

/** Request headers a client could send: auth variants, X-Slack-Token, project ids and noise. */
export function requestHeaders(
  mode: 'valid' | 'any',
  extra: fc.Arbitrary<Record<string, string | undefined>> = fc.constant({}),
) {
  return fc
    .record({
      authorization: mode === 'valid' ? fc.constant(`Bearer ${API_TOKEN}`) : authorization,
      'x-slack-token':
        mode === 'valid'
          ? fc.option(fc.constantFrom(ALICE_TOKEN, BOB_TOKEN), { freq: 4, nil: undefined })
          : slackToken,
      'x-project-id': project,
      'x-mcpr-project': fc.option(headerValue, { freq: 8, nil: undefined }),
      'x-request-id': fc.option(headerValue, { freq: 4, nil: undefined }),
      accept: fc.option(fc.constantFrom('*/*', 'text/html', 'application/xml', ''), {
        freq: 4,
        nil: undefined,
      }),
      noise: fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
      extra,
    })
    .map(({ noise, extra: more, ...known }) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of noise) headers[`x-fuzz-${name}`] = value;
      for (const [name, value] of Object.entries({ ...known, ...more })) {
        if (value !== undefined) headers[name] = value;
      }
      return headers;
    });
}
