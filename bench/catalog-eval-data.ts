import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ToolInfo } from '../src/catalog/types.js';

export type EvalCase = {
  id: string;
  source: string;
  query: string[];
  context?: string;
  tools: ToolInfo[];
  relevant: string[];
};

/** The shared data beside the repo: AGENT_SEARCH_SHARED, else `<repo>/../shared`; never copied into it. */
export function sharedDir(): string {
  return process.env.AGENT_SEARCH_SHARED ?? resolve(import.meta.dirname, '../../shared');
}

/** The catalog dev set: CATALOG_EVAL_FILE, else shared/eval/catalog/dev.jsonl.gz. */
export function evalFilePath(): string {
  return process.env.CATALOG_EVAL_FILE ?? resolve(sharedDir(), 'eval/catalog/dev.jsonl.gz');
}

export function loadEvalCases(path: string): EvalCase[] | undefined {
  if (!existsSync(path)) return undefined;
  const raw = readFileSync(path);
  const text = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalCase);
}

/** score.py's grouping: the part of `source` before the first '-'. */
export function familyOf(c: EvalCase): string {
  return (c.source ?? 'all').split('-')[0] as string;
}

/** A case of MCP Router's replay file: a request exactly as the router sends it, and what is relevant. */
export type RouterCase = {
  id: string;
  request: Record<string, unknown> & { tools: ToolInfo[] };
  relevant: string[];
};

/** shared/contracts/router-requests.jsonl.gz: 40 dev-set cases re-shaped as MCP Router really sends them. */
export function routerReplayPath(): string {
  return resolve(sharedDir(), 'contracts/router-requests.jsonl.gz');
}

export function loadRouterCases(path = routerReplayPath()): RouterCase[] {
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RouterCase);
}
