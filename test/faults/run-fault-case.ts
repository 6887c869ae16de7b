import { ALICE_TOKEN, GENERAL, TS } from '../fixtures/tiny-workspace.js';
import { authHeaders, type Harness } from '../helper.js';
import type { FaultCase } from './slack-fault-cases.js';

/** The deadline the fault suites run with, and how far past it an answer may come. */
export const FAULT_DEADLINE_MS = 1000;
export const DEADLINE_MARGIN_MS = 300;
export const DEFAULT_RETRY_AFTER_S = 5;

export type Route = 'search' | 'thread';

let unique = 0;

/** A URL for the route that no earlier request has cached. */
export function freshUrl(route: Route): string {
  unique++;
  return route === 'search'
    ? `/search/messages?query=deploy+f${unique}`
    : `/threads/${GENERAL}/${TS.parent}?limit=${(unique % 999) + 1}&oldest=${unique}`;
}

export interface Outcome {
  status: number;
  body: Record<string, unknown>;
  retryAfter?: string;
  elapsedMs: number;
}

/** Injects the fault and sends one request that must reach Slack; auth.test is memoised first. */
export async function runFaultCase(h: Harness, route: Route, c: FaultCase): Promise<Outcome> {
  const headers = authHeaders(c.callerToken ? { 'x-slack-token': ALICE_TOKEN } : {});
  await h.app.inject({ method: 'GET', url: freshUrl(route), headers });
  h.slack.inject(c.fault);
  const started = performance.now();
  const res = await h.app.inject({ method: 'GET', url: freshUrl(route), headers });
  const elapsedMs = performance.now() - started;
  const retryAfter = res.headers['retry-after'] as string | undefined;
  return { status: res.statusCode, body: res.json(), retryAfter, elapsedMs };
}
