import fc from 'fast-check';
import { queryString } from './adversarial.js';
import type { FuzzRequest } from './fuzz-harness.js';
import { requestHeaders } from './request-headers.js';
import {
  allOf,
  booleanish,
  channelId,
  cursor,
  day,
  integerish,
  type Mode,
  mode,
  noisePairs,
  type Pair,
  type ParamSpec,
  pairOf,
  spec,
  userId,
} from './slack-params.js';

const words = fc.constantFrom(
  'deploy',
  'rollback',
  'lunch',
  'secret',
  '"deploy failed"',
  '-lunch',
  'staging',
);
const oneOf = (...values: string[]) => spec(fc.constantFrom(...values));

const PARAMS: Record<string, ParamSpec> = {
  query: spec(
    fc.array(words, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    fc.constantFrom('', ' ', 'x'.repeat(2001)),
  ),
  count: integerish(1, 100),
  cursor,
  sort: oneOf('score', 'timestamp'),
  sort_dir: oneOf('asc', 'desc'),
  highlight: booleanish,
  response_format: oneOf('concise', 'detailed'),
  channel_ids: channelId,
  from_users: userId,
  after: day,
  before: day,
  on: day,
  to_me: oneOf('false', 'true', 'mention', 'dm'),
  min_score: spec(
    fc.constantFrom('0', '0.5', '1', '0.99', '-0', '1e-7'),
    fc.constantFrom('1.01', 'NaN', '-1', 'Infinity'),
  ),
  dedupe_threads: booleanish,
  max_text_chars: integerish(1, 100_000),
};
const NAMES = Object.keys(PARAMS);
const REPEATABLE = ['channel_ids', 'from_users', 'query', 'count'];

function pairs(m: Mode): fc.Arbitrary<Pair[]> {
  return fc
    .tuple(
      fc.subarray(NAMES, { maxLength: 7 }),
      fc.array(fc.constantFrom(...REPEATABLE), { maxLength: m === 'valid' ? 0 : 2 }),
    )
    .chain(([names, repeats]) => {
      // Valid requests carry a query (or to_me), as the route requires.
      const all = m === 'valid' && !names.includes('query') ? ['query', ...names] : names;
      return allOf([...all, ...repeats].map((n) => pairOf(n, PARAMS[n], m)));
    });
}

/** GET /search/messages: well-formed requests, and ones with bad, repeated and unknown parameters. */
export const searchMessagesRequest: fc.Arbitrary<FuzzRequest> = mode.chain((m) =>
  fc
    .record({
      documented: pairs(m),
      noise:
        m === 'valid'
          ? fc.constant([] as Pair[])
          : fc.option(noisePairs(NAMES), { freq: 3, nil: [] as Pair[] }),
      headers: requestHeaders(m),
    })
    .chain(({ documented, noise, headers }) =>
      fc
        .shuffledSubarray([...documented, ...noise], { minLength: documented.length + noise.length })
        .map((all) => ({
          method: 'GET' as const,
          url: `/search/messages${queryString(all)}`,
          headers,
        })),
    ),
);
