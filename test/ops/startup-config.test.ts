import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { KEY_HASH_SECRET_REQUIRED, loadConfig } from '../../src/config.js';
import { freePort } from '../support/redis-server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'startup-config-test-secret';

/** Runs `script` with tsx and only `env`, until it exits or prints `until`; then stops it. */
function run(script: string, env: Record<string, string>, until?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (until && stdout.includes(until)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a bad configuration is named in words, every variable at fault', () => {
  it.each([
    [{ PORT: '1.5' }, 'PORT must be an integer from 0 to 65535'],
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [
      { SLACK_API_URL: 'ftp://slack.example' },
      'SLACK_API_URL must be an http(s) URL like https://slack.com/api/',
    ],
    [
      { PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '2', SLACK_APP_ID: 'my app', SLACK_SEARCH_BACKEND: 'new' },
      'SLACK_APP_ID must be letters, digits, _ and - only, SLACK_SEARCH_BACKEND must be one of auto, rts, legacy, PRESSURE_MAX_EVENT_LOOP_UTILIZATION must be a number from 0 to 1',
    ],
  ])('%j', (env, problems) => {
    expect(() => loadConfig(env)).toThrow(new Error(`Invalid configuration: ${problems}`));
  });

  it('reads numbers as numbers, keeps only known variables and fills in the defaults', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.5',
      NOT_OURS: 'x',
      HOST: '',
    });
    expect(config).toMatchObject({ PORT: 8080, PRESSURE_MAX_EVENT_LOOP_UTILIZATION: 0.5, HOST: '0.0.0.0' });
    expect(config).not.toHaveProperty('NOT_OURS');
    expect({ ...config, KEY_HASH_SECRET: 'random' }).toEqual({
      ...loadConfig({}),
      PORT: 8080,
      PRESSURE_MAX_EVENT_LOOP_UTILIZATION: 0.5,
      KEY_HASH_SECRET: 'random',
    });
  });
});

describe('replicas sharing Redis must share KEY_HASH_SECRET', () => {
  it('loadConfig refuses REDIS_URL without KEY_HASH_SECRET, and takes either alone or both', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://redis:6379' })).toThrow(KEY_HASH_SECRET_REQUIRED);
    expect(loadConfig({ REDIS_URL: 'redis://redis:6379', KEY_HASH_SECRET: SECRET }).KEY_HASH_SECRET).toBe(
      SECRET,
    );
    expect(loadConfig({}).KEY_HASH_SECRET.length).toBeGreaterThanOrEqual(16);
    expect(() => loadConfig({ REDIS_URL: 'redis://redis:6379', KEY_HASH_SECRET: 'short' })).toThrow(
      'Invalid configuration: KEY_HASH_SECRET must be at least 16 characters long',
    );
  });

  it.each(['src/server.ts', 'src/mcp-stdio.ts'])(
    '%s with REDIS_URL and no KEY_HASH_SECRET exits 1 naming the setting and why',
    async (script) => {
      const { code, stdout, stderr } = await run(script, {
        REDIS_URL: inject('redisUrl'),
        SLACK_USER_TOKEN: 'xoxp-startup',
      });
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: `${KEY_HASH_SECRET_REQUIRED}\n`,
      });
    },
  );

  it('npm run demo with REDIS_URL still starts (it brings its own secret)', async () => {
    const ports = { PORT: String(await freePort()), FAKE_SLACK_PORT: String(await freePort()) };
    const { stdout, stderr } = await run(
      'fake-slack/demo.ts',
      { ...ports, REDIS_URL: inject('redisUrl') },
      'agent-search demo is running',
    );
    expect(stderr).not.toContain('Invalid configuration');
    expect(stdout).toContain(`agent-search demo is running on http://localhost:${ports.PORT}`);
  });
});

/** Holds a free port (all interfaces, as the service binds) until closed. */
async function takePort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe('npm run demo with a port taken', () => {
  it.each(['PORT', 'FAKE_SLACK_PORT'] as const)(
    'says so in one line naming %s, and exits 1 without a stack trace',
    async (name) => {
      const taken = await takePort();
      const other = String(await freePort());
      const ports =
        name === 'PORT'
          ? { PORT: String(taken.port), FAKE_SLACK_PORT: other }
          : { PORT: other, FAKE_SLACK_PORT: String(taken.port) };
      try {
        const { code, stdout, stderr } = await run('fake-slack/demo.ts', ports);
        expect({ code, stdout, stderr }).toEqual({
          code: 1,
          stdout: '',
          stderr: `npm run demo: port ${taken.port} (${name}) is already in use; stop what runs there or pick free ports, e.g. PORT=3100 FAKE_SLACK_PORT=3101 npm run demo\n`,
        });
      } finally {
        taken.server.close();
      }
    },
  );
});

describe('src/server.ts with its port taken', () => {
  it('says so in one line naming PORT, and exits 1 without a stack trace', async () => {
    const taken = await takePort();
    try {
      const { code, stdout, stderr } = await run('src/server.ts', {
        PORT: String(taken.port),
        HOST: '127.0.0.1',
        API_TOKENS: 'startup-config-token',
      });
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: `Cannot listen: port ${taken.port} on 127.0.0.1 (PORT, HOST) is already in use; stop what runs there or set PORT to a free port\n`,
      });
    } finally {
      taken.server.close();
    }
  });
});
