#!/usr/bin/env node
import { buildApp } from './app.js';
import { exitWithMessage, loadConfigOrExit } from './config.js';
import { Errors } from './errors.js';
import { MAX_BODY_BYTES } from './http/json-limits.js';
import { StdioLinesTransport } from './mcp/stdio-lines.js';
import { trackUnanswered } from './mcp/unanswered.js';
import { createConfiguredRedis } from './redis/redis-client.js';
import type { SlackAccess } from './slack-client/types.js';

// `agent-search-mcp`: the MCP tools over stdio for a local client. The same app as the HTTP service
// (cache, Slack gateway, services), built but never listening; stdout carries only MCP messages, so the
// log goes to stderr. Config from the environment: SLACK_USER_TOKEN, optional REDIS_URL (with KEY_HASH_SECRET), LOG_LEVEL, …

const config = loadConfigOrExit();

const redis = createConfiguredRedis(config);
const app = await buildApp({ config, redis, logger: { stream: process.stderr } }).catch(exitWithMessage);
await app.ready();
if (!config.SLACK_USER_TOKEN)
  app.log.warn('SLACK_USER_TOKEN is not set: the Slack tools will answer AS_ERR_NO_SLACK_TOKEN');

/** The local user acts with the configured token; each tool call gets REQUEST_DEADLINE_MS. */
function slackAccess(): SlackAccess {
  if (!config.SLACK_USER_TOKEN) throw new Errors.NoSlackToken();
  return {
    token: config.SLACK_USER_TOKEN,
    fromCaller: false,
    deadline: Date.now() + config.REQUEST_DEADLINE_MS,
  };
}

const server = app.mcpServer({
  log: app.log,
  slackAccess,
  get deadline() {
    return Date.now() + config.REQUEST_DEADLINE_MS;
  },
});
// One message a line, at most MAX_BODY_BYTES (the HTTP body limit); a refused line is answered and noted.
const transport = new StdioLinesTransport(process.stdin, process.stdout, {
  parse: app.parseJson,
  maxLineBytes: MAX_BODY_BYTES,
  onRefused: (line, { error }) =>
    app.log.warn({ line, code: error.code }, `stdin line refused: ${error.message}`),
});
await server.connect(transport);
const answered = trackUnanswered(transport);

let closing = false;
const shutdown = async (reason: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ reason }, 'closing');
  if (reason === 'stdin closed') await answered(config.REQUEST_DEADLINE_MS + 1000);
  await server.close().catch(() => {});
  await app.close();
  process.exit(0);
};
process.stdin.once('end', () => void shutdown('stdin closed'));
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
app.log.info('agent-search MCP server on stdio');
