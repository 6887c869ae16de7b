import fc from 'fast-check';
import { anyString, headerValue } from './adversarial.js';
import { searchBody } from './catalog-body.arbitrary.js';
import type { FuzzRequest } from './fuzz-harness.js';
import { requestHeaders } from './request-headers.js';
import { mode } from './slack-params.js';

const validBody = {
  query: ['send message'],
  tools: [{ toolKey: 'a', toolName: 'send', serverName: 'Slack' }],
};

/** Two of the same key in one object; JSON.parse keeps the last, so either order is worth sending. */
const duplicateKeys = fc
  .tuple(
    fc.constantFrom('query', 'tools', 'maxResults', 'context'),
    fc.jsonValue({ maxDepth: 1 }),
    fc.boolean(),
  )
  .map(([key, value, badLast]) => {
    const good = JSON.stringify(validBody).slice(1);
    const dup = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
    return badLast ? `{${good.slice(0, -1)},${dup}}` : `{${dup},${good}`;
  });

/** Arrays or objects nested up to 100,000 deep, at the top or inside a field. */
const deeplyNested = fc
  .tuple(fc.constantFrom(64, 1_000, 10_000, 100_000), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, inside]) => {
    const close = open === '[' ? ']' : '}';
    const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
    return inside ? `{"query":["a"],"tools":[],"context":${nested}}` : nested;
  });

/** Text that is not the JSON it claims to be, and encodings JSON does not allow. */
const brokenText: fc.Arbitrary<string | Buffer> = fc.oneof(
  anyString,
  searchBody('any').chain((b) => {
    const json = JSON.stringify(b);
    return fc.nat({ max: Math.max(0, json.length - 1) }).map((n) => json.slice(0, n));
  }),
  fc.constantFrom('', ' ', 'null', '0', '"x"', '[]', '{}', '{"query":["a"],"tools":[],}', '\ufeff{}', 'NaN'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from(JSON.stringify(validBody), 'utf16le')),
  fc.constant(
    Buffer.concat([
      Buffer.from('{"query":["'),
      Buffer.from([0xff, 0xfe, 0xc0]),
      Buffer.from('"],"tools":[]}'),
    ]),
  ),
);

/** Over the 8 MB body limit; rare, since it is 9 MB each time. */
const oversize = fc.constant(`{"query":["a"],"tools":[],"context":"${'x'.repeat(9 * 1024 * 1024)}"}`);

const payload: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 400, arbitrary: searchBody('any').map((b) => JSON.stringify(b)) },
  { weight: 20, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 20, arbitrary: duplicateKeys },
  { weight: 20, arbitrary: deeplyNested },
  { weight: 40, arbitrary: brokenText },
  { weight: 1, arbitrary: oversize },
);

const contentType = fc.oneof(
  { weight: 20, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=utf-16',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

const json = fc.record({
  'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8'),
});

/** POST /catalog/search: valid searches, and generated bodies, content types and headers. */
export const catalogSearchRequest: fc.Arbitrary<FuzzRequest> = mode
  .chain((m) =>
    m === 'valid'
      ? fc.record({
          payload: searchBody('valid').map((b): string | Buffer => JSON.stringify(b)),
          headers: requestHeaders('valid', json),
        })
      : fc.record({ payload, headers: requestHeaders('any', fc.record({ 'content-type': contentType })) }),
  )
  .map(({ payload: body, headers }) => ({
    method: 'POST' as const,
    url: '/catalog/search',
    headers,
    payload: body,
  }));
