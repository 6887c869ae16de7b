import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_USER_ID, DEMO_USER_ID, type FakeSlack } from '../../../fake-slack/index.js';
import { HeadlessBrowser } from '../browser.js';
import { CLIENT_REDIRECT } from '../mcp-oauth-client.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in-harness.js';
import { authorizeUrl, codeFor, register } from './attack-kit.js';

// Redirects and consent, attacked: an open redirector, a remembered approval stretched to another address,
// a planted cookie, a cross-site callback.

let slack: FakeSlack;
let s: SignInReplica;
beforeAll(async () => {
  slack = await startOAuthSlack();
  s = await startReplica({ slack });
});
afterAll(async () => {
  await s.app.close();
  await slack.close();
});

const hidden = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  ) as Record<string, string>;

/** The consent page in `browser`, approved: the Slack sign-in URL it sends the browser to. */
async function approveUpToSlack(browser: HeadlessBrowser, url: string): Promise<string> {
  const page = await browser.request(url);
  const fields = hidden(await page.text());
  const sent = await browser.request(`${s.base}/oauth/consent`, {
    method: 'POST',
    form: { ...fields, decision: 'approve' },
  });
  const location = sent.headers.get('location');
  if (sent.status !== 303 || !location) throw new Error(`consent answered ${sent.status}`);
  return location;
}

describe('redirects and consent', () => {
  it('no open redirector: an error before consent is our page, never a redirect to a registered URI', async () => {
    const clientId = await register(s.base, { redirectUris: ['https://phish.example/login'] });
    const res = await fetch(
      authorizeUrl(s.base, clientId, { redirect_uri: 'https://phish.example/login', response_type: 'x' }),
      { redirect: 'manual' },
    );
    expect([res.status, res.headers.get('location'), res.headers.get('content-type')]).toEqual([
      400,
      null,
      'text/html; charset=utf-8',
    ]);
  });

  it('an approval remembered at one redirect URI is not stretched to another loopback port: it asks again', async () => {
    const clientId = await register(s.base);
    const browser = new HeadlessBrowser({ user: DEMO_OTHER_USER_ID });
    await codeFor(s.base, clientId, { browser });
    const again = await browser.request(authorizeUrl(s.base, clientId));
    const elsewhere = 'http://127.0.0.1:5555/oauth/callback';
    const stretched = await browser.request(authorizeUrl(s.base, clientId, { redirect_uri: elsewhere }));
    expect([again.status, again.headers.get('location')?.split('?')[0], stretched.status]).toEqual([
      302,
      CLIENT_REDIRECT,
      200,
    ]);
    expect(await stretched.text()).toContain('127.0.0.1:5555');
  });

  it('a consent cookie planted in a person’s browser does not make the attacker’s form valid there', async () => {
    const attackerClient = await register(s.base, { name: 'Attacker' });
    const attacker = new HeadlessBrowser({ user: DEMO_USER_ID });
    const page = await attacker.request(authorizeUrl(s.base, attackerClient));
    const fields = hidden(await page.text());
    const planted = attacker.cookies.get(new URL(s.base).host)?.get('as_browser') as string;
    // Maya is signed in in her own browser, which now also holds the attacker's consent cookie.
    const maya = new HeadlessBrowser({ user: DEMO_OTHER_USER_ID });
    await codeFor(s.base, await register(s.base), { browser: maya });
    maya.cookies.get(new URL(s.base).host)?.set('as_browser', planted);
    const posted = await maya.request(`${s.base}/oauth/consent`, {
      method: 'POST',
      form: { ...fields, decision: 'approve' },
    });
    expect([posted.status, posted.headers.get('location')]).toEqual([403, null]);
    // A value of one's own making is not taken as this browser's: the page sets a signed one.
    const invented = new HeadlessBrowser({ user: DEMO_USER_ID });
    invented.cookies.set(new URL(s.base).host, new Map([['as_browser', 'chosen-by-attacker']]));
    await invented.request(authorizeUrl(s.base, attackerClient));
    expect(invented.cookies.get(new URL(s.base).host)?.get('as_browser')).toMatch(/^[\w-]{43}\.[\w-]{32}$/);
  });

  it('a cross-site callback with an error changes nothing; two sign-ins at once in one browser both finish', async () => {
    const [one, two] = [await register(s.base), await register(s.base)];
    const browser = new HeadlessBrowser({ user: DEMO_USER_ID });
    const toSlackOne = await approveUpToSlack(browser, authorizeUrl(s.base, one));
    const toSlackTwo = await approveUpToSlack(browser, authorizeUrl(s.base, two));
    const forged = await browser.request(`${s.base}/oauth/slack/callback?error=access_denied&state=forged`);
    const bare = await browser.request(`${s.base}/oauth/slack/callback?error=access_denied`);
    expect([
      forged.status,
      bare.status,
      forged.headers.get('set-cookie'),
      bare.headers.get('set-cookie'),
    ]).toEqual([400, 400, null, null]);
    const backOne = await browser.follow(toSlackOne, CLIENT_REDIRECT);
    const backTwo = await browser.follow(toSlackTwo, CLIENT_REDIRECT);
    expect([backOne.searchParams.has('code'), backTwo.searchParams.has('code')]).toEqual([true, true]);
  });
});
