import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenSources } from '../token-owner.js';
import { type FakeOAuthState, randomPart } from './oauth-state.js';
import { peopleOf, type Realm, realmsOf } from './realms.js';

const AUTHORIZE_PATH = '/oauth/v2/authorize';
const CODE_TTL_MS = 10 * 60_000;

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(res: ServerResponse, status: number, title: string, body: string) {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem}button{font:inherit;margin:.2rem 0;padding:.4rem .8rem;width:100%;text-align:left}</style>
</head><body><h1>${esc(title)}</h1>${body}</body></html>\n`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Links to the page for the other workspaces and the organisation (Slack's workspace switcher). */
function switcher(url: URL, realms: Realm[], current: Realm): string {
  const others = realms.filter((realm) => realm !== current);
  if (others.length === 0) return '';
  const links = others.map((realm) => {
    const to = new URL(url.pathname + url.search, 'http://fake-slack.invalid');
    to.searchParams.set('team', realm.id);
    const kind = realm.kind === 'org' ? ' (organisation)' : '';
    return `<a href="${esc(to.pathname + to.search)}" data-team="${esc(realm.id)}">${esc(realm.name)}</a>${kind}`;
  });
  return `<p id="other-workspaces">Another workspace: ${links.join(' · ')}</p>`;
}

/**
 * Slack's sign-in page, faked: GET shows the people of a workspace (or, with `team` naming it, of the
 * organisation, whose app is installed org-wide) to sign in as (no passwords); POST with `user` sends the
 * browser back to `redirect_uri` with a single-use code (ten minutes) and `state`, or with
 * `error=access_denied` when the person cancels. A bad client_id or redirect_uri is a page, as on Slack, never
 * a redirect.
 */
export async function serveAuthorizePage(
  req: IncomingMessage,
  res: ServerResponse,
  sources: TokenSources,
  oauth: FakeOAuthState,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://fake-slack.invalid');
  if (url.pathname !== AUTHORIZE_PATH) return false;
  const params = req.method === 'POST' ? await formOf(req) : url.searchParams;
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  const state = params.get('state') ?? '';
  const userScope = params.get('user_scope') ?? '';
  if (clientId !== oauth.clientId) {
    page(res, 400, 'Something went wrong', '<p>invalid_client_id: no app has this client_id.</p>');
    return true;
  }
  if (!redirectUri || (oauth.redirectUris && !oauth.redirectUris.includes(redirectUri))) {
    page(
      res,
      400,
      'Something went wrong',
      '<p>bad_redirect_uri: the redirect_uri is not one the app lists.</p>',
    );
    return true;
  }
  const realms = realmsOf(sources);
  const team = params.get('team');
  const realm = realms.find((r) => r.id === team) ?? (realms[0] as Realm);
  if (req.method === 'POST') {
    const back = new URL(redirectUri);
    // Without `team`, the person is looked for everywhere (ids are unique in the fake).
    const chosen = (team ? [realm] : realms).find((r) =>
      peopleOf(r).some((u) => u.id === params.get('user')),
    );
    const user = chosen && peopleOf(chosen).find((u) => u.id === params.get('user'));
    if (params.get('cancel') !== null || !user) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `${Date.now()}.${randomPart(16)}`;
      const scopes = userScope.split(',').filter(Boolean);
      const realmId = (chosen as Realm).id;
      oauth.codes.set(code, {
        userId: user.id,
        realmId,
        scopes,
        redirectUri,
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.href, 'content-length': 0 });
    res.end();
    return true;
  }
  const hidden = ['client_id', 'redirect_uri', 'state', 'user_scope', 'scope', 'team']
    .filter((name) => params.get(name) !== null)
    .map((name) => `<input type="hidden" name="${name}" value="${esc(params.get(name) ?? '')}">`)
    .join('');
  const buttons = peopleOf(realm)
    .map(
      (u) =>
        `<button type="submit" name="user" value="${esc(u.id)}">${esc(u.realName)} <small>(${esc(u.title ?? u.name)})</small></button>`,
    )
    .join('\n');
  page(
    res,
    200,
    `Sign in to ${realm.name}`,
    `<p>This is the bundled fake Slack: pick whom to sign in as. The app asks for: <code>${esc(userScope.replaceAll(',', ', '))}</code></p>
${switcher(url, realms, realm)}<form method="post" action="${AUTHORIZE_PATH}">${hidden}
${buttons}
<button type="submit" name="cancel" value="1">Cancel</button></form>`,
  );
  return true;
}
