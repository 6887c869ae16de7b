#!/usr/bin/env node
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { FastifyInstance } from 'fastify';
import { type LoggerOptions, pino } from 'pino';
import { exitWithMessage, loadConfigOrExit } from './config.js';
import { Errors } from './errors.js';
import { MAX_BODY_BYTES } from './http/json-limits.js';
import { parseJson } from './http/parse-json.js';
import { loggerOptions } from './logging/log-options.js';
import { createMcpServer, type McpTools } from './mcp/create-server.js';
import { mcpInstructions } from './mcp/instructions.js';
import { StdioLinesTransport } from './mcp/stdio-lines.js';
import { allTools } from './mcp/tools.js';
import { trackUnanswered } from './mcp/unanswered.js';
import { API_VERSION } from './openapi/api-version.js';
import { READS } from './reads/reads.js';
import type { SlackAccess } from './slack-client/types.js';

// `agent-search-mcp`: the MCP tools over stdio for a local client. The same app as the HTTP service
// (cache, Slack gateway, services), built but never listening; stdout carries only MCP messages, so the
// log goes to stderr. Config from the environment: SLACK_USER_TOKEN, optional REDIS_URL (with KEY_HASH_SECRET), LOG_LEVEL, …
// Both protocol eras, chosen by the client's first message (2026-07-28's `server/discover` or any request with
// the `_meta` envelope; 2025-11-25 and older after `initialize`). The first answer goes out at once; the app is
// built after it (clients spawn this bin for every session).

const config = loadConfigOrExit();
if (config.AUDIT_LOG === 'stdout')
  exitWithMessage(
    new Error(
      'Invalid configuration: AUDIT_LOG=stdout cannot be used by agent-search-mcp: its stdout carries MCP messages; give a file path or stderr',
    ),
  );
const log = pino(loggerOptions(config.LOG_LEVEL) as LoggerOptions, process.stderr);
if (!config.SLACK_USER_TOKEN)
  log.warn('SLACK_USER_TOKEN is not set: the Slack tools will answer AS_ERR_NO_SLACK_TOKEN');

let built: Promise<FastifyInstance> | undefined;
const app = () => {
  built ??= (async () => {
    const { buildApp } = await import('./app.js');
    const redis =
      config.REDIS_URL || config.REDIS_CLUSTER_NODES
        ? (await import('./redis/redis-client.js')).createConfiguredRedis(config)
        : undefined;
    const built = await buildApp({ config, redis, loggerInstance: log }).catch(exitWithMessage);
    await built.ready();
    return built;
  })();
  return built;
};

/** The local user acts with the configured token; each tool call gets REQUEST_DEADLINE_MS. */
function slackAccess(): SlackAccess {
  if (!config.SLACK_USER_TOKEN) throw new Errors.NoSlackToken();
  return {
    token: config.SLACK_USER_TOKEN,
    fromCaller: false,
    deadline: Date.now() + config.REQUEST_DEADLINE_MS,
  };
}

/** The local user, as the audit names them: `stdio:<login>` (a container may have no login name). */
function localUser(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}
const who = { kind: 'local' as const, id: `stdio:${localUser()}` };

const info = { version: API_VERSION, instructions: mcpInstructions(READS) };
// The tools as the stdio user (no API token: every tool) calls them, once the app is built.
const appTools = async () =>
  (await app()).mcpTools({
    log,
    slackAccess,
    who,
    client: { via: 'stdio' },
    // Read once per tool call (the tools copy the caller): a fresh id and deadline for each.
    get requestId() {
      return randomUUID();
    },
    get deadline() {
      return Date.now() + config.REQUEST_DEADLINE_MS;
    },
  });
// tools/list needs only the definitions, so it is answered without waiting for the app; a call waits.
const listed = allTools().map((tool) => tool.listed);
const tools = async (): Promise<McpTools> => ({
  listed,
  call: (name, args, clientName) =>
    listed.some((tool) => tool.name === name)
      ? appTools().then(
          (tools) => tools.call(name, args, clientName) ?? Promise.reject(new Error(`no tool ${name}`)),
        )
      : undefined,
});
// One message a line, at most MAX_BODY_BYTES (the HTTP body limit); a refused line is answered and noted.
const transport = new StdioLinesTransport(process.stdin, process.stdout, {
  parse: parseJson,
  maxLineBytes: MAX_BODY_BYTES,
  onRefused: (line, { error }) =>
    log.warn({ line, code: error.code }, `stdin line refused: ${error.message}`),
});
// Built once the client has its first answer; a failure is logged here and answered to each tool call.
const send = transport.send.bind(transport);
transport.send = async (message) => {
  await send(message);
  if (!built) void app().catch((err) => log.error({ err }, 'building the app failed'));
};
const served = serveStdio(() => createMcpServer(info, tools), {
  transport,
  onerror: (err) => log.warn({ err }, 'MCP stdio error'),
});
const answered = trackUnanswered(transport);

let closing = false;
const shutdown = async (reason: string) => {
  if (closing) return;
  closing = true;
  if (reason === 'stdin closed') await answered(config.REQUEST_DEADLINE_MS + 1000);
  await served.close().catch(() => {});
  log.info({ reason }, 'closing');
  if (built) await (await built).close();
  process.exit(0);
};
process.stdin.once('end', () => void shutdown('stdin closed'));
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
log.info('agent-search MCP server on stdio');
