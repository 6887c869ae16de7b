import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import {
  createGridOrganisation,
  createSideWorkspace,
  type FakeOAuthOptions,
  type FakeSlack,
  startFakeSlack,
} from '../../fake-slack/index.js';
import { readCaller } from '../../src/routes/read-caller.js';
import { personClient } from '../../src/sign-in/bearer.js';
import { HeadlessBrowser } from './browser.js';
import { CLIENT_ID, CLIENT_SECRET, KEY_SECRET, type SignInReplica, startReplica } from './sign-in-harness.js';

/** The fake Slack with our Slack app, the demo workspace, the Grid Corp organisation and Side Project. */
export const startGridSlack = (oauth: FakeOAuthOptions = {}): Promise<FakeSlack> =>
  startFakeSlack({
    oauth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...oauth },
    organisation: createGridOrganisation(),
    workspaces: [createSideWorkspace()],
  });

/** A browser signed in on the people's page as `user` (found in any workspace or the organisation). */
export async function signedInBrowser(base: string, user: string): Promise<HeadlessBrowser> {
  const browser = new HeadlessBrowser({ user });
  await browser.follow(`${base}/signin/slack`, `${base}/signin`);
  return browser;
}

/** The people's page as a browser sees it: its CSRF token, and its workspaces as listed. */
export async function pageOf(browser: HeadlessBrowser, base: string, path = '/signin') {
  const html = await (await browser.request(`${base}${path}`)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const workspaces = [
    ...html.matchAll(
      /<li data-workspace="([^"]+)"><strong class="workspace-name">([^<]+)<\/strong> <span class="muted">([^<]+)<\/span><br>\nAs <code>([^<]+)<\/code> in <code>[^<]+<\/code>\.(?: <span class="reads">Reads ([^<]+)\.<\/span>)?/g,
    ),
  ].map(([, id, name, what, userId, reads]) => ({ id, name, what, userId, ...(reads ? { reads } : {}) }));
  return { html, csrf, workspaces };
}

/**
 * Adds a workspace from a signed-in browser's page: the form, Slack's page as `user` (the workspace's person),
 * back to the page. Every redirect's Location, as the browser saw them.
 */
export async function addWorkspace(browser: HeadlessBrowser, base: string, user: string) {
  const { csrf = '' } = await pageOf(browser, base);
  const res = await browser.request(`${base}/signin/workspaces/add`, { method: 'POST', form: { csrf } });
  const slackPage = res.headers.get('location') ?? '';
  const as = new HeadlessBrowser({ user });
  for (const [host, jar] of browser.cookies) as.cookies.set(host, jar);
  const back = await as.follow(slackPage, `${base}/signin`);
  return { status: res.status, slackPage, back: back.href.replace(base, '') };
}

/** What a signed-in person's reads act with: the ReadCaller of a request bearing `accessToken`. */
export async function callerOf(replica: SignInReplica, accessToken: string) {
  const signIn = replica.app.signIn;
  if (!signIn) throw new Error('sign-in is off');
  const person = await signIn.authenticate(accessToken);
  const request = {
    person,
    apiClient: personClient(person, KEY_SECRET),
    headers: {},
    deadline: 4_102_444_800_000,
    log: replica.app.log,
    id: 'req-1',
  } as unknown as FastifyRequest;
  return { person, caller: readCaller(replica.app, request) };
}

/** The Slack tokens a ReadCaller reads with (slackAccesses, by default [slackAccess]), without the functions. */
export const accessesOf = (caller: ReturnType<typeof readCaller>) =>
  (caller.slackAccesses?.() ?? [caller.slackAccess()]).map(({ token, teamId, fromCaller, person }) => ({
    token,
    teamId,
    fromCaller,
    identity: person?.identity,
  }));

/** A file's fake Slack (startGridSlack) and one replica on it, started before its tests and closed after. */
export function useGridReplica(): { slack: FakeSlack; replica: SignInReplica } {
  const ctx = {} as { slack: FakeSlack; replica: SignInReplica };
  beforeAll(async () => {
    ctx.slack = await startGridSlack();
    ctx.replica = await startReplica({ slack: ctx.slack });
  });
  afterAll(async () => {
    await ctx.replica?.app.close();
    await ctx.slack?.close();
  });
  return ctx;
}
