import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { API_TOKEN, buildHarness, type Harness, SLACK_TOKEN } from '../helper.js';
import { MCP_TOOL_NAMES } from '../mcp/mcp-client.js';
import { freePort } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

// What the image does, on the host: `npm run build`, then `node dist/server.js` with the runtime's
// environment, probed by the Dockerfile's own HEALTHCHECK command.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  bin: Record<string, string>;
};

let out: string;
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'agent-search-build-'));
  // The compiled modules are ESM and resolve packages from the project, as /app does in the image.
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
  await run('npm', ['run', 'build', '--', '--outDir', join(out, 'dist')], { cwd: ROOT }).catch((err) => {
    throw new Error(`npm run build failed:\n${err.stdout}${err.stderr}`);
  });
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  );

describe('npm run build', () => {
  it('emits dist/server.js that imports production dependencies only', () => {
    const files = jsFiles(join(out, 'dist'));
    expect(files).toContain(join(out, 'dist', 'server.js'));
    // `import … from '…'`, `export … from '…'` and `import '…'` at the start of a line, and import('…').
    const specifiers =
      /^(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
    const imported = new Set(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(specifiers)].map((m) => m[1] ?? m[2] ?? m[3]),
      ),
    );
    const builtins = new Set(builtinModules);
    const packages = new Set(
      [...imported]
        .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtins.has(s))
        .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0])),
    );
    // What start-up needs is bundled (scripts/build.ts); what a request or setting needs later is imported.
    expect(packages).not.toContain('fastify');
    expect(packages).toContain('@slack/web-api');
    expect([...packages].filter((p) => !(p in pkg.dependencies))).toEqual([]);
  });

  it('starts with `node dist/server.js` and passes the Dockerfile HEALTHCHECK', async () => {
    const port = String(await freePort());
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: port,
      API_TOKENS: 't',
    };
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: out,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await waitFor(
        () => output.includes('Server listening'),
        `the built server to listen:\n${output}`,
        15_000,
      );
      const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
      const healthcheck = /^HEALTHCHECK .*?CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]';
      const [command, ...args] = JSON.parse(healthcheck) as string[];
      expect(command).toBe('node');
      await expect(run(process.execPath, args, { env })).resolves.toBeDefined();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);

  it('emits the agent-search-mcp bin, which serves the MCP tools over stdio', async () => {
    expect(pkg.bin).toEqual({ 'agent-search-mcp': 'dist/mcp-stdio.js' });
    const bin = join(out, pkg.bin['agent-search-mcp']);
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    const client = new Client({ name: 'build-output-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin],
        cwd: out,
        env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
        stderr: 'ignore',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
      const tool = { toolKey: 'k', toolName: 'send_message', serverName: 'Slack' };
      const result = await client.callTool({
        name: 'search_tools',
        arguments: { query: ['send'], tools: [tool] },
      });
      expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('answers as the sources do: Slack reads over Redis, the catalog on its worker thread, MCP, metrics', async () => {
    // The bundle against the sources, on one fake Slack: every lazily loaded chunk (Slack client, Redis,
    // the ranking worker, the MCP SDK, prom-client) is reached, and must answer exactly what the sources do.
    const h: Harness = await buildHarness();
    const port = String(await freePort());
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: out,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: port,
        API_TOKENS: API_TOKEN,
        SLACK_API_URL: h.slack.url,
        SLACK_USER_TOKEN: SLACK_TOKEN,
        SLACK_SEARCH_BACKEND: 'legacy',
        REDIS_URL: inject('redisUrl'),
        KEY_HASH_SECRET: 'build-output-test-secret',
        CATALOG_WORKERS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const headers = { authorization: `Bearer ${API_TOKEN}`, 'content-type': 'application/json' };
    const tool = { toolKey: 'k', toolName: 'send_message', serverName: 'Slack', description: null };
    const requests: { url: string; method?: string; body?: unknown }[] = [
      { url: '/search/messages?query=deploy&count=3' },
      { url: `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}?limit=3&response_format=compact` },
      {
        url: '/catalog/search',
        method: 'POST',
        body: { query: ['send a message'], tools: [tool], projectId: null },
      },
    ];
    try {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.ok === true,
        'the built server to answer /healthz',
        15_000,
      );
      for (const { url, method = 'GET', body } of requests) {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const built = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body: payload });
        const source = await h.app.inject({ url, method, headers, payload });
        expect({ url, status: built.status, body: await built.text() }).toEqual({
          url,
          status: 200,
          body: source.body,
        });
      }
      const client = new Client({ name: 'build-output-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${API_TOKEN}` } },
        }),
      );
      const result = await client.callTool({
        name: 'slack_search_messages',
        arguments: { query: 'deploy', count: 3, response_format: 'compact' },
      });
      await client.close();
      expect(result.isError).toBeUndefined();
      expect(JSON.stringify(result.content)).toContain('deploy');
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, { headers });
      expect(await metrics.text()).toContain(
        'agent_search_http_request_duration_seconds_count{method="GET",route="/search/messages",status_code="200"} 1',
      );
    } finally {
      child.kill('SIGKILL');
      await h.close();
    }
  }, 60_000);
});
