import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from '../../src/config.js';

// No Docker engine here: these check what can be checked without one. The image build and the HEALTHCHECK
// are exercised on the host by build-output.test.ts.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}/${file}`, 'utf8');

interface Service {
  image?: string;
  build?: string | { context: string; target: string };
  profiles?: string[];
  ports?: string[];
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  entrypoint?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const docs = ['README.md', 'docs/operations.md', 'docs/configuration.md']
  .filter((f) => existsSync(`${ROOT}/${f}`))
  .map(read)
  .join('\n');
const DEMO_ONLY_VARIABLES = new Set(['FAKE_SLACK_PORT']);

/** `${NAME:-default}` as compose interpolates it with NAME unset. */
const interpolate = (value: string) => String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

describe('docker-compose.yml', () => {
  it('runs Redis 7 with a healthcheck, two replicas sharing it, a demo profile on the fake workspace and a cluster profile', () => {
    const table = Object.fromEntries(
      Object.entries(services).map(([name, s]) => [
        name,
        [s.image, s.profiles?.join(',') ?? '-', s.ports?.join(',') ?? '-', s.command?.join(' ') ?? '-'].join(
          ' | ',
        ),
      ]),
    );
    expect(table).toEqual({
      redis: 'redis:7 | - | - | redis-server --save  --appendonly no',
      app1: 'agent-search:local | - | 3001:3000 | -',
      app2: 'agent-search:local | - | 3002:3000 | -',
      'fake-slack': 'agent-search-demo:local | demo | - | -',
      demo1: 'agent-search:local | demo | 3101:3000 | -',
      demo2: 'agent-search:local | demo | 3102:3000 | -',
      ...Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((n) => [
          `redis-node-${n}`,
          'redis:7 | cluster | - | redis-server --cluster-enabled yes --cluster-node-timeout 5000 --save  --appendonly no',
        ]),
      ),
      'redis-cluster-init': 'redis:7 | cluster | - | -',
      cluster1: 'agent-search:local | cluster | 3201:3000 | -',
      cluster2: 'agent-search:local | cluster | 3202:3000 | -',
    });
    expect(services['redis-cluster-init'].entrypoint?.join(' ')).toContain('--cluster-replicas 1');
    for (const name of ['cluster1', 'cluster2']) {
      expect(services[name].depends_on, name).toEqual({
        'redis-cluster-init': { condition: 'service_completed_successfully' },
      });
      expect(services[name].environment?.REDIS_CLUSTER_NODES, name).toBe(
        'redis-node-1:6379,redis-node-2:6379,redis-node-3:6379',
      );
      expect(services[name].environment?.KEY_HASH_SECRET, name).toBe(
        services.app1.environment?.KEY_HASH_SECRET,
      );
    }
    expect(services.redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    for (const name of ['app1', 'app2', 'demo1', 'demo2']) {
      expect(services[name].build, name).toBe('.');
      expect(services[name].depends_on?.redis, name).toEqual({ condition: 'service_healthy' });
      expect(services[name].environment?.REDIS_URL, name).toBe('redis://redis:6379');
      // Replicas sharing Redis must name tokens with the same keyed hash.
      expect(services[name].environment?.KEY_HASH_SECRET, name).toBe(
        services.app1.environment?.KEY_HASH_SECRET,
      );
    }
    expect(services['fake-slack'].build).toEqual({ context: '.', target: 'demo' });
    for (const name of ['demo1', 'demo2']) {
      expect(services[name].environment?.SLACK_API_URL).toBe(
        `http://fake-slack:${services['fake-slack'].environment?.FAKE_SLACK_PORT}/api/`,
      );
    }
  });

  it('passes only variables the service knows, with values its configuration accepts', () => {
    const known = new Set(Object.keys(ConfigSchema.properties));
    for (const [name, service] of Object.entries(services)) {
      if (name === 'redis' || name.startsWith('redis-')) continue;
      const env = service.environment ?? {};
      const unknown = Object.keys(env).filter((k) => !known.has(k) && !DEMO_ONLY_VARIABLES.has(k));
      expect(unknown, name).toEqual([]);
      const values = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)]));
      if (name !== 'fake-slack') expect(() => loadConfig(values), name).not.toThrow();
    }
  });

  it('has every service, host port and variable documented', () => {
    const missing = Object.entries(services).flatMap(([name, s]) => [
      ...(docs.includes(`\`${name}\``) ? [] : [`service ${name}`]),
      ...(s.ports ?? []).map((p) => p.split(':')[0]).filter((port) => !docs.includes(`:${port}`)),
      ...Object.keys(s.environment ?? {}).filter((k) => !docs.includes(`\`${k}\``)),
    ]);
    expect(missing).toEqual([]);
  });
});

const dockerfile = read('Dockerfile');
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((l) => l.replace(/\s+/g, ' ').trim())
  .filter((l) => /^[A-Z]+\s/.test(l));
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  engines: { node: string };
};

describe('Dockerfile', () => {
  it('builds in one stage and runs production dependencies only, as a non-root user, on 0.0.0.0', () => {
    const stages = instructions.filter((l) => l.startsWith('FROM '));
    expect(stages.map((l) => l.replace(/^FROM (node:\S+-bookworm-slim|build) AS /, ''))).toEqual([
      'build',
      'demo',
      'runtime',
    ]);
    // The last stage is what `docker build .` produces: the product only, never the fake workspace.
    const runtime = instructions.slice(instructions.indexOf(stages[2]));
    expect(runtime.filter((l) => l.startsWith('RUN '))).toEqual([
      'RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force',
    ]);
    expect(runtime.filter((l) => l.startsWith('COPY '))).toEqual([
      'COPY package.json package-lock.json ./',
      'COPY --from=build /app/dist ./dist',
    ]);
    expect(runtime).toContain('USER node');
    expect(runtime).toContain('ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000');
    expect(runtime).toContain('EXPOSE 3000');
    // The image runs the current LTS, one of the lines package.json claims.
    expect(instructions).toContain('ARG NODE_VERSION=24');
    const bases = stages.filter((l) => l.startsWith('FROM node:')).map((l) => l.split(' ')[1]);
    expect(bases).toEqual(Array(2).fill(`node:\${NODE_VERSION}-bookworm-slim`));
    expect(runtime.find((l) => l.startsWith('HEALTHCHECK '))).toContain('/healthz');
  });

  it('installs as CI does, then runs the npm scripts of package.json: npm run build and npm start’s command', () => {
    const runs = instructions.filter((l) => l.startsWith('RUN '));
    const ciInstall = read('.ci/run')
      .split('\n')
      .find((l) => l.startsWith('npm ci'));
    expect(runs[0]).toBe(`RUN ${ciInstall}`);
    const scripts = runs.flatMap((l) => [...l.matchAll(/npm run (\S+)/g)].map((m) => m[1]));
    expect(scripts).toEqual(['build']);
    for (const script of scripts) expect(pkg.scripts[script], script).toBeDefined();
    const cmd = instructions.filter((l) => l.startsWith('CMD ')).at(-1);
    expect(JSON.parse(cmd?.slice(4) ?? '[]').join(' ')).toBe(pkg.scripts.start);
  });

  it('copies only what .dockerignore lets into the build context', () => {
    const allowed = read('.dockerignore')
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1));
    const sources = instructions
      .filter((l) => l.startsWith('COPY ') && !l.includes('--from='))
      .flatMap((l) => l.split(/\s+/).slice(1, -1));
    expect(sources.filter((s) => !allowed.includes(s))).toEqual([]);
  });
});

describe('package-lock.json', () => {
  // semver comes with npm's own tree (several dependencies use it); a test-only reader of engine ranges.
  const semver = createRequire(import.meta.url)('semver') as {
    satisfies(v: string, range: string): boolean;
    minVersion(range: string): { version: string };
  };
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { dev?: boolean; engines?: { node?: string } }>;
  };
  // The Node lines the README names: 24 (LTS, the image) and 22 supported, 20 end-of-life but still tested by CI.
  const CLAIMED = ['20.19.0', '22.13.0', '24.0.0'];

  it('package.json claims exactly those lines: their first releases pass, the versions around them do not', () => {
    const range = pkg.engines.node;
    expect(CLAIMED.filter((v) => !semver.satisfies(v, range))).toEqual([]);
    expect(
      ['18.20.0', '20.18.0', '21.7.0', '22.12.0', '23.11.0'].filter((v) => semver.satisfies(v, range)),
    ).toEqual([]);
  });

  it('holds no package (production or dev: CI runs both) whose engines refuse a Node we claim', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, p]) =>
      path && p.engines?.node
        ? CLAIMED.filter((v) => !semver.satisfies(v, p.engines?.node ?? '')).map(
            (v) => `${path} ${p.engines?.node} refuses ${v}`,
          )
        : [],
    );
    expect(refusing).toEqual([]);
  });

  it('records the same engines as package.json for the project itself', () => {
    expect(lock.packages[''].engines).toEqual(pkg.engines);
  });

  it('records every platform binary Biome names, so npm ci accepts it on any machine', () => {
    const biome = lock.packages['node_modules/@biomejs/biome'] as { optionalDependencies?: object };
    const missing = Object.keys(biome.optionalDependencies ?? {}).filter(
      (name) => !lock.packages[`node_modules/${name}`],
    );
    expect(missing).toEqual([]);
  });
});
