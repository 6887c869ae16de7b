import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/**
 * The official MCP conformance suite (`conformance server`) against our /mcp, served as in production
 * (bound to loopback, default Origin/Host policy) over the bundled fake Slack workspace.
 *
 * The suite's CLI cannot send headers, and /mcp wants a bearer token: a loopback relay adds
 * `Authorization` and passes everything else (Host and Origin included) through untouched, as an MCP client
 * configured with a token would.
 *
 * Usage: tsx scripts/mcp-conformance.ts <conformance bin> [extra CLI arguments]
 * (scripts/mcp-conformance.sh installs the pinned suite and Node 24, then calls this).
 */
const [bin, ...extra] = process.argv.slice(2);
if (!bin) {
  console.error('usage: tsx scripts/mcp-conformance.ts <path to the conformance bin> [arguments]');
  process.exit(2);
}
const API_TOKEN = 'conformance-token';
const root = fileURLToPath(new URL('..', import.meta.url));
const baseline = parse(
  readFileSync(join(root, 'scripts/mcp-conformance-expected-failures.yml'), 'utf8'),
) as Record<string, string[]>;
const revision = extra[extra.indexOf('--requirements') + 1];

const slack = await startFakeSlack({ port: 0 });
const config = loadConfig({
  API_TOKENS: API_TOKEN,
  SLACK_USER_TOKEN: DEMO_USER_TOKEN,
  SLACK_API_URL: slack.url,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ config });
await app.listen({ port: 0, host: config.HOST });
const appPort = (app.server.address() as AddressInfo).port;

const relay = createServer((incoming, outgoing) => {
  const forwarded = request(
    {
      host: '127.0.0.1',
      port: appPort,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, authorization: `Bearer ${API_TOKEN}` },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => outgoing.destroy());
  incoming.pipe(forwarded);
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/mcp`;

const results = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
// The scenarios expected to fail in this run: those of every revision, and this revision's own.
const expectedFailures = join(results, 'expected-failures.yml');
const server = [
  ...baseline.server,
  ...((extra.includes('--requirements') && baseline[`server@${revision}`]) || []),
];
writeFileSync(expectedFailures, stringify({ server }));
console.log(`conformance ${bin} against ${url} (Node ${process.version}), results in ${results}`);
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    bin,
    ['server', '--url', url, '--expected-failures', expectedFailures, '-o', results, ...extra],
    { stdio: 'inherit' },
  );
  child.on('error', (err) => {
    console.error(`cannot run ${bin}: ${err.message}`);
    resolve(1);
  });
  child.on('exit', (status) => resolve(status ?? 1));
});

relay.close();
await app.close();
await slack.close();
if (code === 0) rmSync(results, { recursive: true, force: true });
process.exit(code);
