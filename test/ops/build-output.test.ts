import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(packages).toContain('fastify');
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
});
