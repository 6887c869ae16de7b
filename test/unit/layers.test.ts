import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
const importsOf = (file: string) =>
  [...readFileSync(join(SRC, file), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) =>
    relative(SRC, join(SRC, file, '..', m[1] as string)),
  );

describe('layers import downward', () => {
  it('only app.ts imports the routes: the front ends share helpers from below both (schemas/)', () => {
    const upward = files.flatMap((file) =>
      file.startsWith('routes/') || file === 'app.ts'
        ? []
        : importsOf(file)
            .filter((target) => target.startsWith('routes/'))
            .map((target) => `${file} → ${target}`),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(upward).toEqual([]);
  });

  it('schemas import nothing above them', () => {
    const upward = files
      .filter((file) => file.startsWith('schemas/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((t) => !t.startsWith('schemas/'))
          .map((t) => `${file} → ${t}`),
      );
    expect(upward).toEqual([]);
  });
});
