import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayNameOf, lookUpNames } from '../../src/slack/user-names.js';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/slack-real/users-info.json', import.meta.url), 'utf8'),
) as { users: Record<string, { user: unknown }> };

describe('user names', () => {
  it('prefers the display name, then the real name (recorded users.info shapes)', () => {
    expect(displayNameOf(fixture.users.U0LUMENBEN.user)).toBe('Ben O.');
    expect(displayNameOf(fixture.users.U0LUMENCAI.user)).toBe('Cai Wen');
    expect(displayNameOf({ name: 'handle', profile: { display_name: '', real_name: ' ' } })).toBe('handle');
    expect(displayNameOf(null)).toBeUndefined();
  });

  it('looks up at most `limit` distinct ids in parallel and leaves out failures and unknowns', async () => {
    const asked: string[] = [];
    const names = await lookUpNames(
      ['U1', 'U2', 'U1', 'U3', 'U4', 'U5'],
      async (id) => {
        asked.push(id);
        if (id === 'U2') throw new Error('ratelimited');
        return id === 'U3' ? undefined : `name of ${id}`;
      },
      4,
    );
    expect(asked).toEqual(['U1', 'U2', 'U3', 'U4']);
    expect(names).toEqual(
      new Map([
        ['U1', 'name of U1'],
        ['U4', 'name of U4'],
      ]),
    );
  });
});
