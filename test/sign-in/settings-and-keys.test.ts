import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';
import { scrubSecrets } from '../../src/logging/log-options.js';
import { RecordNames } from '../../src/sign-in/names.js';
import { People, type PersonRecord } from '../../src/sign-in/people.js';
import { MemoryRecordStore } from '../../src/sign-in/record-store.js';
import { keyIdOf, SLACK_CALLBACK_PATH } from '../../src/sign-in/settings.js';
import { USER_SCOPES } from '../../src/sign-in/slack-oauth.js';
import { TokenCipher, UnreadableRecord } from '../../src/sign-in/token-cipher.js';
import { refreshDue } from '../../src/sign-in/token-rotation.js';

const key = () => randomBytes(32);
const sealing = (k: Buffer) => ({ id: keyIdOf(k), key: k });
const SIGN_IN = {
  PUBLIC_URL: 'https://search.example.com',
  SLACK_CLIENT_ID: 'id',
  SLACK_CLIENT_SECRET: 'secret',
  TOKEN_ENCRYPTION_KEY: key().toString('base64'),
};

describe('settings', () => {
  it('go together; a bad key or a plain-http PUBLIC_URL stops the boot naming the variable', () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return 'ok';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect([
      problem(SIGN_IN),
      problem({ PUBLIC_URL: 'https://search.example.com' }),
      problem({ ...SIGN_IN, TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' }),
      problem({ ...SIGN_IN, PUBLIC_URL: 'http://search.example.com' }),
      problem({ ...SIGN_IN, PUBLIC_URL: 'https://search.example.com/path' }),
      problem({ SLACK_SIGNING_SECRET: 's' }),
    ]).toEqual([
      'ok',
      'Invalid configuration: Sign in with Slack needs PUBLIC_URL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY; missing SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY',
      'Invalid configuration: TOKEN_ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
      'Invalid configuration: PUBLIC_URL must be https (http only on localhost, 127.0.0.1 or [::1]); got http://search.example.com',
      'Invalid configuration: PUBLIC_URL must be an origin like https://search.example.com (https, or http on a loopback host)',
      'Invalid configuration: SLACK_SIGNING_SECRET and TOKEN_ENCRYPTION_OLD_KEYS serve Sign in with Slack, which also needs PUBLIC_URL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY',
    ]);
  });

  it('the Slack app manifest asks for exactly the user scopes the code asks Slack for, no bot scope, at our paths', () => {
    const manifest = parse(
      readFileSync(new URL('../../docs/slack-app-manifest.yml', import.meta.url), 'utf8'),
    );
    expect({
      user: manifest.oauth_config.scopes.user,
      bot: manifest.oauth_config.scopes.bot,
      redirect: manifest.oauth_config.redirect_urls.map((u: string) => new URL(u).pathname),
      events: new URL(manifest.settings.event_subscriptions.request_url).pathname,
      subscribed: manifest.settings.event_subscriptions.bot_events,
    }).toEqual({
      user: [...USER_SCOPES],
      bot: undefined,
      redirect: [SLACK_CALLBACK_PATH],
      events: '/slack/events',
      subscribed: ['app_uninstalled', 'tokens_revoked'],
    });
  });
});

describe('sealed records', () => {
  const record: PersonRecord = {
    teamId: 'T1',
    userId: 'U1',
    scopes: ['search:read'],
    accessToken: 'xoxp-sealed-token-value',
    epoch: 'e1',
    version: 1,
    signedInAt: 0,
  };

  it('AES-256-GCM with the key id: opened by any configured key, bound to its record key, altered bytes refused', () => {
    const [k1, k2] = [key(), key()];
    const sealed = new TokenCipher([sealing(k1)]).seal('secret', 'as:v1:si:person:a');
    expect(sealed.split('.').slice(0, 2)).toEqual(['v1', keyIdOf(k1)]);
    expect(sealed).not.toContain('secret');
    const rotated = new TokenCipher([sealing(k2), sealing(k1)]);
    expect(rotated.open(sealed, 'as:v1:si:person:a')).toEqual({ plaintext: 'secret', stale: true });
    expect(() => rotated.open(sealed, 'as:v1:si:person:b')).toThrow(UnreadableRecord);
    // One character of the tag changed (never left as it was: that made this test fail 1 run in 64).
    const at = sealed.length - 3;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(flipped).not.toBe(sealed);
    expect(() => rotated.open(flipped, 'as:v1:si:person:a')).toThrow(UnreadableRecord);
    expect(() => new TokenCipher([sealing(k2)]).open(sealed, 'as:v1:si:person:a')).toThrow(UnreadableRecord);
  });

  it('rotating TOKEN_ENCRYPTION_KEY: a record is still read, and sealed anew with the new key; a dropped key means sign in again', async () => {
    const store = new MemoryRecordStore();
    const names = new RecordNames('k'.repeat(16));
    const people = (keys: Buffer[]) =>
      new People({
        store,
        cipher: new TokenCipher(keys.map(sealing)),
        names,
        clock: Date.now,
        ttlMs: 60_000,
      });
    const [old, next] = [key(), key()];
    await people([old]).write('p1', record);
    const keyOf = async () => (await store.get(names.raw('person', 'p1')))?.split('.')[1];
    expect(await keyOf()).toBe(keyIdOf(old));
    expect(await people([next, old]).read('p1')).toEqual(record);
    expect(await keyOf()).toBe(keyIdOf(next));
    expect(await people([key()]).read('p1')).toBeUndefined();
    expect(await store.get(names.raw('person', 'p1'))).toBeUndefined();
  });
});

describe('refresh ahead of expiry, in proportion to the lifetime', () => {
  const rotating = (lifetimeMs: number): PersonRecord => ({
    teamId: 'T',
    userId: 'U',
    scopes: [],
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: lifetimeMs,
    lifetimeMs,
    epoch: 'e',
    version: 1,
    signedInAt: 0,
  });
  it('a 12-hour token is refreshed in its last 2 hours, a minute’s token in its last 10 s, a token that does not expire never', () => {
    const hour = 3_600_000;
    expect([
      refreshDue(rotating(12 * hour), 9.9 * hour),
      refreshDue(rotating(12 * hour), 10.1 * hour),
      refreshDue(rotating(60_000), 49_000),
      refreshDue(rotating(60_000), 51_000),
      refreshDue({ ...rotating(60_000), refreshToken: undefined, expiresAt: undefined }, 10 ** 12),
    ]).toEqual([false, true, false, true, false]);
  });
});

describe('the logs’ last line of defence', () => {
  it('scrubs the tokens sign-in issues and Slack’s rotating ones, wherever a line holds them', () => {
    expect(
      scrubSecrets(
        '{"msg":"x ast_6Q2yW0n1Jm4T8cV3xP9aR5kL7sD2fG0hB1nM3vC8zX4 y asr_Z9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8cB7aA6z5 xoxe.xoxp-1-abc xoxe-1-def"}',
      ),
    ).toBe('{"msg":"x [Redacted] y [Redacted] [Redacted] [Redacted]"}');
  });
});
