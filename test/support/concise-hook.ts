import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conciseSearchViolations, conciseThreadViolations } from './concise-contract.js';

type Body = Record<string, unknown>;
type Kind = 'search' | 'thread';

const violations: string[] = [];
/** Concise bodies checked so far in this process, by kind and front end. */
export const conciseChecked = { search: { rest: 0, mcp: 0 }, thread: { rest: 0, mcp: 0 } };

const REST_KINDS: Record<string, Kind> = { '/search/messages': 'search', '/threads/:channel/:ts': 'thread' };
const MCP_KINDS: Record<string, Kind> = {
  slack_search_messages: 'search',
  slack_get_thread_replies: 'thread',
};

function check(kind: Kind, surface: 'rest' | 'mcp', where: string, body: Body): void {
  conciseChecked[kind][surface]++;
  const found = kind === 'search' ? conciseSearchViolations(body) : conciseThreadViolations(body);
  violations.push(...found.map((v) => `${where}: ${v}`));
}

/** The tools/call requests of an MCP POST body, by JSON-RPC id. */
function toolCalls(body: unknown): Map<unknown, { name: string; args: Body }> {
  const calls = new Map<unknown, { name: string; args: Body }>();
  for (const message of Array.isArray(body) ? body : [body]) {
    const m = message as { id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: Body } };
    if (m?.method === 'tools/call' && typeof m.params?.name === 'string')
      calls.set(m.id, { name: m.params.name, args: m.params.arguments ?? {} });
  }
  return calls;
}

function checkMcpAnswer(request: FastifyRequest, text: string): void {
  const calls = toolCalls(request.body);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return;
  }
  for (const message of Array.isArray(answer) ? answer : [answer]) {
    const { id, result } = message as {
      id?: unknown;
      result?: { structuredContent?: Body; isError?: boolean };
    };
    const call = calls.get(id);
    const kind = call && MCP_KINDS[call.name];
    if (!kind || !result?.structuredContent || result.isError || call.args.response_format === 'detailed')
      continue;
    check(
      kind,
      'mcp',
      `MCP ${call.name} ${JSON.stringify(call.args).slice(0, 200)}`,
      result.structuredContent,
    );
  }
}

/**
 * Checks every concise search and thread body the app sends, through REST and through MCP, against
 * docs/concise-format.md (see concise-contract.ts), for `takeConciseViolations`. MCP answers
 * are written past Fastify (the transport owns the socket), so they are read as they leave.
 */
export function checkConciseBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const kind = REST_KINDS[request.routeOptions.url ?? ''];
    const query = request.query as Body;
    const text = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.toString() : undefined;
    // Compact answers are text; their concise body is checked through MCP's structuredContent.
    const json = query.response_format !== 'detailed' && query.response_format !== 'compact';
    if (kind && reply.statusCode === 200 && text !== undefined && json)
      check(kind, 'rest', `${request.method} ${request.url}`, JSON.parse(text) as Body);
    return payload;
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/mcp') return;
    const res = reply.raw;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as string));
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      if (res.statusCode === 200) checkMcpAnswer(request, Buffer.concat(chunks).toString('utf8'));
      return end(chunk, ...rest);
    }) as typeof res.end;
  });
}

/** The violations recorded since the last call. */
export function takeConciseViolations(): string[] {
  return violations.splice(0);
}
