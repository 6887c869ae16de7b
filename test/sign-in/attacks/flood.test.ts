import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_USER_ID, type FakeSlack } from '../../../fake-slack/index.js';
import { addressGroup } from '../../../src/sign-in/anonymous-quota.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { authorizeUrl, register, searchStatus, token, tokensFor } from './attack-kit.js';

// Floods from no account: what anonymous requests leave stored is bounded per address (an IPv6 /64 as one)
// and in total, refused with 429 and Retry-After past the bound; a person signed in before keeps working.

let redis: RedisServer;
let keys: Redis;
let slack: FakeSlack;
let s: SignInReplica;
const PER_ADDRESS = 5;
const TOTAL = 12;

beforeAll(async () => {
  redis = await startRedisServer();
  keys = new Redis(redis.url);
  slack = await startOAuthSlack();
  s = await startReplica({
    slack,
    redisUrl: redis.url,
    config: {
      TRUST_PROXY: 'loopback',
      SIGN_IN_ANONYMOUS_PER_ADDRESS: PER_ADDRESS,
      SIGN_IN_ANONYMOUS_TOTAL: TOTAL,
      SIGN_IN_RATE_LIMIT_MAX: 1000,
    },
  });
});
afterAll(async () => {
  await s.app.close();
  await slack.close();
  keys.disconnect();
  await redis.stop();
});

const from = (address: string) => ({ redirect: 'manual' as const, headers: { 'x-forwarded-for': address } });
const pendingKeys = async () => (await keys.keys('as:v1:si:pending:*')).length;

describe('anonymous floods', () => {
  it('a state past 1,024 characters is refused before anything is stored', async () => {
    const clientId = await register(s.base);
    const before = await pendingKeys();
    const res = await fetch(
      authorizeUrl(s.base, clientId, { state: 'x'.repeat(15_000) }),
      from('198.51.100.1'),
    );
    expect([res.status, await pendingKeys()]).toEqual([400, before]);
  });

  it('pending authorizations are bounded per address (an IPv6 /64 as one) and in total, with 429 and Retry-After; a person signed in before keeps working', async () => {
    const personClient = await register(s.base);
    const person = await tokensFor(s.base, personClient, DEMO_OTHER_USER_ID);
    const clientId = await register(s.base);
    const before = await pendingKeys();
    const statuses = async (address: string, n: number) => {
      const answers = [];
      for (let i = 0; i < n; i++) {
        const res = await fetch(authorizeUrl(s.base, clientId), from(address));
        answers.push(
          `${res.status}${res.headers.get('retry-after') ? `+${res.headers.get('retry-after')}` : ''}`,
        );
      }
      return answers;
    };
    const one = await statuses('203.0.113.7', PER_ADDRESS + 2);
    // Two addresses of one /64 are one address.
    const v6 = [
      ...(await statuses('2001:db8:1:2::1', 3)),
      ...(await statuses('2001:db8:1:2:ffff:ffff:ffff:ffff', 3)),
    ];
    // Many addresses: the total holds.
    const many = (
      await Promise.all(Array.from({ length: 10 }, (_, i) => statuses(`192.0.2.${i + 1}`, 1)))
    ).flat();
    expect({ one, v6 }).toEqual({
      one: [...Array(PER_ADDRESS).fill('200'), '429+600', '429+600'],
      v6: [...Array(PER_ADDRESS).fill('200'), '429+600'],
    });
    // The person's own sign-in took one of the total; every other one went to the flood, and no more.
    const accepted = [...one, ...v6, ...many].filter((a) => a === '200').length;
    expect([accepted + 1, many.filter((a) => a === '429+600').length]).toEqual([TOTAL, 9]);
    expect((await pendingKeys()) - before).toBe(accepted);
    const refreshed = await token(s.base, {
      grant_type: 'refresh_token',
      refresh_token: person.tokens.refresh_token as string,
      client_id: personClient,
    });
    expect([refreshed.status, await searchStatus(s.base, person.tokens.access_token as string)]).toEqual([
      200, 200,
    ]);
  });

  it('the per-address request limit: /oauth/token takes no endless guesses (429 in OAuth’s shape, Retry-After)', async () => {
    const limited = await startReplica({
      slack,
      config: { TRUST_PROXY: 'loopback', SIGN_IN_RATE_LIMIT_MAX: 3 },
    });
    try {
      const guess = (address: string) =>
        fetch(`${limited.base}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
          body: 'grant_type=authorization_code&code=guess&code_verifier=v&client_id=asc_x',
        });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await guess('198.51.100.9'));
      const last = answers.at(-1) as Response;
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429]);
      expect([Number(last.headers.get('retry-after')) > 0, await last.json()]).toEqual([
        true,
        {
          error: 'too_many_requests',
          error_description: expect.stringMatching(
            /^At most 3 requests a minute to the sign-in routes from one address: retry after \d+ s$/,
          ),
        },
      ]);
      expect((await guess('198.51.100.10')).status).toBe(401);
    } finally {
      await limited.app.close();
    }
  });

  it('address groups: IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(
      ['203.0.113.7', '::ffff:203.0.113.7', '2001:db8:1:2::1', '2001:0db8:0001:0002:abcd::9', '::1'].map(
        addressGroup,
      ),
    ).toEqual(['203.0.113.7', '203.0.113.7', '2001:db8:1:2::/64', '2001:db8:1:2::/64', '0:0:0:0::/64']);
  });
});
