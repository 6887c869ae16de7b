import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, loadConfig } from '../../src/config.js';

// .env.example names only real settings, and every one Sign in with Slack reads.
const names = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^[A-Z_]+=/.test(line))
  .map((line) => line.slice(0, line.indexOf('=')));

describe('.env.example', () => {
  it('names settings config.ts knows, each once', () => {
    expect(names.filter((n) => !(n in ConfigSchema.properties))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('holds every setting sign-in needs', () => {
    const signIn = Object.keys(ConfigSchema.properties).filter(
      (n) => n === 'PUBLIC_URL' || /^(SLACK_CLIENT|SLACK_SIGNING|TOKEN_ENCRYPTION|SIGN_IN_)/.test(n),
    );
    expect(signIn.filter((n) => !names.includes(n))).toEqual([]);
  });

  it('filled in, loads', () => {
    const env = Object.fromEntries(names.map((n) => [n, undefined as string | undefined]));
    const config = loadConfig({
      ...env,
      PUBLIC_URL: 'https://search.example.com',
      SLACK_CLIENT_ID: '1.2',
      SLACK_CLIENT_SECRET: 'secret',
      SLACK_SIGNING_SECRET: 'signing',
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config.PUBLIC_URL).toBe('https://search.example.com');
  });
});
