import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../fake-slack/index.js';
import { API_TOKEN } from '../helper.js';
import { takeContractViolations } from '../support/contract-hook.js';
import { type SignInReplica, startOAuthSlack, startReplica } from './sign-in-harness.js';

// Every POST operation the API document lists (sign-in's included, with sign-in on), sent the bodies a
// hostile caller would: each is a 4xx whose body is the one documented for its status, never a 500.

const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const POSTS = Object.entries(doc.paths)
  .filter(([, ops]) => 'post' in ops)
  .map(([path]) => path);

const BODIES: Array<{ name: string; type: string; body: string | Uint8Array<ArrayBuffer> }> = [
  { name: 'JSON nested 100 deep', type: 'application/json', body: `${'['.repeat(100)}${']'.repeat(100)}` },
  {
    name: 'JSON not UTF-8',
    type: 'application/json',
    body: Uint8Array.from(Buffer.from('{"\xff":1}', 'latin1')),
  },
  { name: 'JSON cut short', type: 'application/json', body: '{"a":' },
  {
    name: 'a form not UTF-8',
    type: 'application/x-www-form-urlencoded',
    body: Uint8Array.from(Buffer.from('a=\xff', 'latin1')),
  },
  {
    name: 'a form of one key 20,000 times',
    type: 'application/x-www-form-urlencoded',
    body: 'a=1&'.repeat(20_000),
  },
  { name: 'plain text', type: 'text/plain', body: 'hello' },
];

let slack: FakeSlack;
let replica: SignInReplica;
beforeAll(async () => {
  slack = await startOAuthSlack();
  replica = await startReplica({ slack });
});
afterAll(async () => {
  await replica.app.close();
  await slack.close();
});

describe('hostile bodies on every POST operation', () => {
  it('lists the operations it tries', () => {
    expect(POSTS.length).toBeGreaterThanOrEqual(8);
  });

  it.each(POSTS)('%s answers each with a documented 4xx', async (path) => {
    const statuses: Record<string, number> = {};
    for (const { name, type, body } of BODIES) {
      const res = await fetch(`${replica.base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${API_TOKEN}`,
          'content-type': type,
          accept: 'application/json, text/event-stream',
        },
        body,
      });
      await res.arrayBuffer();
      statuses[name] = res.status;
    }
    const failed = Object.entries(statuses).filter(([, status]) => status < 400 || status >= 500);
    expect({ failed, violations: takeContractViolations() }).toEqual({ failed: [], violations: [] });
  });
});
