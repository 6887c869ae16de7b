import type { IncomingMessage } from 'node:http';

export interface ParsedCall {
  method: string;
  httpMethod: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** From `Authorization: Bearer`, else the `token` param (the header wins when both are sent). */
  token: string | undefined;
  params: Record<string, string>;
  bodyError?: 'invalid_json' | 'json_not_object';
}

const METHOD_PATH = /^\/api\/([A-Za-z0-9_.]+)$/;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Slack's wire format: every value a string, objects JSON-encoded, null/undefined omitted. */
const asParam = (value: unknown): string | undefined =>
  value === null || value === undefined
    ? undefined
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

function jsonParams(body: string, into: Record<string, string>): ParsedCall['bodyError'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'invalid_json';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'json_not_object';
  for (const [key, value] of Object.entries(parsed)) {
    const param = asParam(value);
    if (param !== undefined) into[key] = param;
  }
  return undefined;
}

/** Parses `/api/<method>` calls: query string, then a form or JSON body on top. Undefined for other paths. */
export async function readCall(req: IncomingMessage): Promise<ParsedCall | undefined> {
  const url = new URL(req.url ?? '/', 'http://fake-slack.invalid');
  const method = METHOD_PATH.exec(url.pathname)?.[1];
  const body = await readBody(req);
  if (!method) return undefined;
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const contentType = (req.headers['content-type'] ?? '').toLowerCase();
  let bodyError: ParsedCall['bodyError'];
  if (contentType.startsWith('application/json')) {
    if (body.trim() !== '') bodyError = jsonParams(body, params);
  } else if (body !== '') {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  return {
    method,
    httpMethod: req.method ?? 'GET',
    path: url.pathname,
    headers: { ...req.headers },
    token: bearer ?? (params.token || undefined),
    params,
    ...(bodyError ? { bodyError } : {}),
  };
}
