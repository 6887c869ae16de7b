import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { APP_PARTS } from '../../src/app.js';
import mcpPlugin from '../../src/plugins/mcp.js';

describe('the app is one list of parts, each declaring what comes before it', () => {
  it('names every part once', () => {
    const names = APP_PARTS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('');
  });

  it('puts every declared dependency before the plugin that declares it', () => {
    const order = APP_PARTS.map((p) => p.name);
    const late = APP_PARTS.flatMap(({ name, dependencies }) =>
      dependencies
        .filter((d) => !order.slice(0, order.indexOf(name)).includes(d))
        .map((d) => `${d} → ${name}`),
    );
    expect(late).toEqual([]);
    expect(APP_PARTS.find((p) => p.name === 'reads')?.dependencies).toEqual([
      'config',
      'cache',
      'slack',
      'redis',
      'catalog',
      'audit',
    ]);
  });

  it('a plugin registered before what it declares fails at start, naming it (the order is checked)', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(mcpPlugin).ready()).rejects.toThrow(/mcp.*reads|reads.*mcp/);
    await app.close();
  });

  it('a plugin reading a decorator nobody made fails at start too', async () => {
    const app = Fastify({ logger: false });
    const reader = fp(async () => {}, { name: 'reader', decorators: { fastify: ['reads'] } });
    await expect(app.register(reader).ready()).rejects.toThrow(/reads/);
    await app.close();
  });
});
