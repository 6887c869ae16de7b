import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import {
  ALICE_TOKEN,
  BOB_TOKEN,
  BOT_TOKEN,
  NOSCOPE_TOKEN,
  REVOKED_TOKEN,
  tinyWorkspace,
} from '../fixtures/tiny-workspace.js';
import { API_TOKEN, buildHarness, type Harness } from '../helper.js';
import { OpenApiContract } from '../support/openapi-contract.js';

/** A bearer token limited to project `p1`, from API_TOKENS_FILE (for the 403 paths). */
export const SCOPED_TOKEN = 'fuzz-scoped-token-41c2';
// The fuzz judges answers, not speed: a deadline short enough for a loaded 2-core CI machine to turn a slow
// first ranking (worker start-up) into a 504 would make the run flaky.
export const FUZZ_DEADLINE_MS = 10_000;
export const FUZZ_MAX_RESPONSE_BYTES = 20_000;

/** Secrets that must never appear in any body, whatever the request. */
const SECRETS = [API_TOKEN, SCOPED_TOKEN, ALICE_TOKEN, BOB_TOKEN, BOT_TOKEN, NOSCOPE_TOKEN, REVOKED_TOKEN];

export interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The documented operation a request targets, e.g. `GET /threads/{channel}/{ts}`. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
}

export interface FuzzTarget extends Harness {
  contract: OpenApiContract;
}

/** The app against a tiny fake workspace, with a short deadline and a small byte cap. */
export async function buildFuzzTarget(): Promise<FuzzTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-tokens-'));
  const tokensFile = join(dir, 'tokens.json');
  const sha256 = createHash('sha256').update(SCOPED_TOKEN).digest('hex');
  writeFileSync(tokensFile, JSON.stringify([{ name: 'scoped', sha256, projects: ['p1'] }]));
  const h = await buildHarness({
    fake: { workspace: tinyWorkspace() },
    config: {
      SLACK_USER_TOKEN: ALICE_TOKEN,
      API_TOKENS_FILE: tokensFile,
      REQUEST_DEADLINE_MS: FUZZ_DEADLINE_MS,
      MAX_RESPONSE_BYTES: FUZZ_MAX_RESPONSE_BYTES,
      // Every generated request comes from one address, many with invalid tokens: the per-address limit
      // of failed bearer attempts (tested in routes/access.test.ts) would answer the rest 429.
      AUTH_FAILURES_MAX: 1_000_000,
    },
  });
  return {
    ...h,
    contract: OpenApiContract.fromCommittedDocument(),
    close: async () => {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Route-specific invariants on a 200 body beyond its schema; returns a problem or undefined. */
export type ExtraCheck = (request: FuzzRequest, body: Record<string, unknown>) => string | undefined;

/** Every way a response can break the contract: 5xx, an undocumented status or body, a leaked secret. */
export function responseProblem(
  target: FuzzTarget,
  op: Operation,
  request: FuzzRequest,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  extra?: ExtraCheck,
): string | undefined {
  const { statusCode: status, headers } = res;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  if (!String(headers['content-type'] ?? '').startsWith('application/json'))
    return `content-type ${headers['content-type']}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const problem = target.contract.problem(op.method, op.path, status, body);
  if (problem) return `${problem}; body ${res.body.slice(0, 300)}`;
  if (status >= 400 && body.statusCode !== status) return `body.statusCode ${body.statusCode} ≠ ${status}`;
  if (status === 401 && !headers['www-authenticate']) return '401 without WWW-Authenticate';
  if (status === 429 && !/^\d+$/.test(String(headers['retry-after']))) return '429 without Retry-After';
  const leaked = SECRETS.find((secret) => res.body.includes(secret));
  if (leaked) return `body leaks a token: ${res.body.slice(0, 200)}`;
  return status === 200 ? extra?.(request, body) : undefined;
}

export interface FuzzRun {
  seed: number;
  numRuns: number;
  extra?: ExtraCheck;
}

/**
 * Sends every generated request through `app.inject` and fails with a shrunk counterexample on the first
 * response that breaks the contract. Returns how many answers each status got.
 */
export async function fuzzRoute(
  target: FuzzTarget,
  op: Operation,
  requests: fc.Arbitrary<FuzzRequest>,
  run: FuzzRun,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const res = await inject(target.app, request);
      counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
      const problem = responseProblem(target, op, request, res, run.extra);
      if (problem) throw new Error(`${request.method} ${request.url.slice(0, 300)} → ${problem}`);
    }),
    { seed: run.seed, numRuns: run.numRuns },
  );
  return counts;
}

function inject(app: FastifyInstance, request: FuzzRequest) {
  return app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
}
