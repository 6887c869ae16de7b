import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';
import { heavyCatalogBody } from '../support/heavy-catalog.js';

const DEADLINE_MS = 2000;
const SLACK_MS = 1500;
let h: Harness;
let port: number;
let bodies: string[];
beforeAll(async () => {
  // Built before the app starts: building them blocks this process, which the overload guard would see.
  bodies = [0, 1, 2].map((v) => heavyCatalogBody(v));
  h = await buildHarness({ config: { REQUEST_DEADLINE_MS: DEADLINE_MS } });
  port = Number(new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => h.close());

function send(
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          authorization: `Bearer ${API_TOKEN}`,
          ...(body && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('three clients sending maximum-size catalog requests, through real sockets', () => {
  it('keep /healthz answering, and get each answer (200, or 504 in our shape) by the deadline', async () => {
    let done = false;
    const probes: number[] = [];
    const probe = (async () => {
      while (!done) {
        const res = await send('GET', '/healthz');
        expect(res.status).toBe(200);
        probes.push(res.ms);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const answers = await Promise.all(
      [0, 1, 2].map(async (client) => {
        const mine = [];
        for (const body of bodies.slice(client, client + 1))
          mine.push(await send('POST', '/catalog/search', body));
        return mine;
      }),
    );
    done = true;
    await probe;
    expect(probes.length).toBeGreaterThan(0);
    for (const res of answers.flat()) {
      expect([200, 504]).toContain(res.status);
      if (res.status === 504)
        expect(JSON.parse(res.body)).toEqual(
          errorBody(504, 'AS_ERR_DEADLINE', `The request did not finish within ${DEADLINE_MS} ms`),
        );
      expect(res.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    }
  }, 60_000);
});
