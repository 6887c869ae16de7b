import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { buildHarness, errorBody } from '../helper.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { waitFor } from '../support/wait-for.js';
import {
  ADMIN_TOKEN,
  type ContractCase,
  contractCases,
  DEADLINE_MS,
  SCOPED_TOKEN,
} from './contract-cases.js';

// Every response below also goes through the harness's check against openapi/openapi.json (status,
// content type, body schema, documented headers); this file makes sure each documented status of each
// operation is provoked at least once, from a real request through the real app.

let slack: FakeSlack;
let dir: string;
let tokensFile: string;
const covered = new Set<string>();

beforeAll(async () => {
  slack = await startFakeSlack();
  dir = mkdtempSync(join(tmpdir(), 'contract-'));
  tokensFile = join(dir, 'tokens.json');
  const sha256 = createHash('sha256').update(SCOPED_TOKEN).digest('hex');
  const admin = createHash('sha256').update(ADMIN_TOKEN).digest('hex');
  writeFileSync(
    tokensFile,
    JSON.stringify([
      { name: 'scoped', sha256, projects: ['p1'] },
      { name: 'security', sha256: admin, projects: '*', access: ['admin'] },
    ]),
  );
});
afterAll(async () => {
  await slack.close();
  rmSync(dir, { recursive: true, force: true });
});

async function provoke(c: ContractCase) {
  slack.reset();
  const h = await buildHarness({
    slack,
    config: { API_TOKENS_FILE: tokensFile, REQUEST_DEADLINE_MS: DEADLINE_MS, ...c.config },
  });
  try {
    if (c.fault) slack.inject(c.fault);
    for (const request of c.before ?? []) await h.app.inject(request);
    const request = c.prepare ? await c.prepare(h.app) : c.request;
    if (c.pressure) await waitFor(() => h.app.isUnderPressure(), 'under-pressure to sample the heap', 3000);
    return await h.app.inject(request);
  } finally {
    await h.close();
  }
}

describe('every documented status of every operation, provoked for real', () => {
  it.each(contractCases.map((c) => [`${c.op} ${c.status}${c.error ? ` ${c.error[0]}` : ''}`, c] as const))(
    '%s',
    async (_name, c) => {
      const res = await provoke(c);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(c.status);
      if (c.error) {
        const [code, message] = c.error;
        expect(res.json()).toEqual(errorBody(c.status, code, message));
      }
      if (c.retryAfter) expect(res.headers['retry-after']).toBe(c.retryAfter);
      covered.add(`${c.op} ${c.status}`);
    },
  );

  it('left no documented (operation, status) unprovoked', () => {
    const { doc } = OpenApiContract.fromCommittedDocument();
    const documented = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).flatMap((op) =>
        Object.keys(op.responses).map(
          (status) => `${(op as unknown as { operationId: string }).operationId} ${status}`,
        ),
      ),
    );
    expect([...covered].sort()).toEqual(documented.sort());
  });
});

describe('the contract check itself', () => {
  const contract = OpenApiContract.fromCommittedDocument();
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const error = (statusCode: number) =>
    JSON.stringify({ statusCode, code: 'X', error: STATUS_CODES[statusCode], message: 'm' });

  it('reports undocumented statuses, wrong bodies, missing headers and undocumented content types', () => {
    const url = '/threads/C07INCIDNT/1773133920.004100';
    expect(contract.check({ method: 'GET', url, statusCode: 418, headers: json, body: error(418) })).toEqual([
      `GET ${url} → 418: status 418 is not documented for get /threads/{channel}/{ts}`,
    ]);
    expect(
      contract.check({ method: 'GET', url, statusCode: 404, headers: json, body: '{"statusCode":404}' }),
    ).toEqual([
      `GET ${url} → 404: body must have required property 'code'; body must have required property 'error'; body must have required property 'message'\n  body: {"statusCode":404}`,
    ]);
    expect(contract.check({ method: 'GET', url, statusCode: 429, headers: json, body: error(429) })).toEqual([
      `GET ${url} → 429: documented header Retry-After is missing`,
    ]);
    const html = { 'content-type': 'text/html' };
    expect(
      contract.check({ method: 'GET', url: '/healthz', statusCode: 200, headers: html, body: 'ok' }),
    ).toEqual(['GET /healthz → 200: content type text/html is not documented']);
  });

  it('leaves routes the document does not list alone', () => {
    expect(
      contract.check({ method: 'GET', url: '/docs', statusCode: 200, headers: {}, body: '<html>' }),
    ).toEqual([]);
    expect(
      contract.check({ method: 'GET', url: '/nope', statusCode: 404, headers: json, body: error(404) }),
    ).toEqual([]);
  });
});
