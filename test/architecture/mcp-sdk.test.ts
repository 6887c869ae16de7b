import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

// The product speaks MCP through the SDK v2 packages only; the 1.x SDK is a test dependency (its client
// judges /mcp as last year's clients do).

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('the MCP SDK in the product', () => {
  it('is v2 (@modelcontextprotocol/server): no source file imports @modelcontextprotocol/sdk, nor does it ship', () => {
    const importing = sources('src').filter((f) =>
      readFileSync(f, 'utf8').includes('@modelcontextprotocol/sdk'),
    );
    expect({
      importing,
      dependency: Object.keys(pkg.dependencies).filter((d) => d.startsWith('@modelcontextprotocol/')),
    }).toEqual({ importing: [], dependency: ['@modelcontextprotocol/server'] });
  });
});
