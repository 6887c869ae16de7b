import { CONSENT_SCOPES, type ConsentScope } from './oauth/scopes.js';

/** Every page a person sees: escaped text only, no script, never framed (the route sets the headers). */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The headers of every page: not framed (no clickjacking of the consent), not cached, no referrer. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1d1c1d}
h1{font-size:1.4rem}code,pre{font:14px ui-monospace,monospace;background:#f4f4f4;padding:.1rem .3rem;border-radius:4px}
pre{padding:.6rem;white-space:pre-wrap;word-break:break-all}button,.button{font:inherit;padding:.5rem 1rem;border-radius:6px;
border:1px solid #888;background:#fff;cursor:pointer;text-decoration:none;color:inherit;display:inline-block}
button.primary,.button.primary{background:#4a154b;color:#fff;border-color:#4a154b}form{display:inline}.muted{color:#616061;font-size:.9rem}
fieldset{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}fieldset label{display:block;padding:.25rem 0}
ul.clients{list-style:none;padding:0}ul.clients li{border:1px solid #ddd;border-radius:6px;padding:.6rem .8rem;margin:.5rem 0}`;

/** Each consent scope as the consent page offers it, and as the people's page says what a client may read. */
const SCOPE_WORDS: Record<ConsentScope, { choice: string; reads: string }> = {
  'slack:public': { choice: 'Public channels', reads: 'public channels' },
  'slack:private': {
    choice: 'Also private channels and group DMs',
    reads: 'public and private channels, group DMs',
  },
  'slack:dm': {
    choice: 'Also direct messages',
    reads: 'public and private channels, group DMs, direct messages',
  },
};

/** What a client may read, in words (the people's page, the consent page's reminder). */
export const readsOf = (scope: ConsentScope) => SCOPE_WORDS[scope].reads;

/** The choice of what a client may read: one radio button per scope, `checked` the one preselected. */
const scopeChoice = (checked: ConsentScope) =>
  `<fieldset><legend>What it may read: the messages and files of</legend>${CONSENT_SCOPES.map(
    (scope) =>
      `<label><input type="radio" id="${scope.replace(':', '-')}" name="scope" value="${scope}"${scope === checked ? ' checked' : ''}> ${escapeHtml(SCOPE_WORDS[scope].choice)}</label>`,
  ).join('')}</fieldset>`;

/** A page of ours; `extraStyle` for a page with more than text and buttons (the admin page's table). */
export function layout(title: string, body: string, extraStyle = ''): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · agent-search</title><style>${STYLE}${extraStyle}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** A request this server will not act on, said plainly (never a redirect to an address it cannot vouch for). */
export const errorPage = (title: string, message: string) =>
  layout(title, `<p>${escapeHtml(message)}</p><p class="muted"><a href="/signin">Sign-in page</a></p>`);

export interface ConsentView {
  clientName: string;
  clientId: string;
  /** Registered here, or described by a document at its client id URL. */
  clientKind: 'registered' | 'document';
  redirectUri: string;
  /** What the client asked to read, when it asked. */
  asked?: ConsentScope;
  /** The choice checked when the page opens: what the client asked for, else the least. */
  preselected: ConsentScope;
  /** What this person let the client read before (it now asks for more). */
  approvedBefore?: ConsentScope;
  /** Who is signed in in this browser, when someone is: approving then skips Slack's page. */
  signedInAs?: string;
  pending: string;
  csrf: string;
}

/** Names the client and where it sends the person, before anyone is sent to Slack for it. */
export function consentPage(view: ConsentView): string {
  const redirect = new URL(view.redirectUri);
  const source =
    view.clientKind === 'document'
      ? `It describes itself at <code>${escapeHtml(view.clientId)}</code>.`
      : 'It registered itself with this server; its name is its own claim.';
  const who = view.signedInAs
    ? `<p>You are signed in as <strong>${escapeHtml(view.signedInAs)}</strong>. Not you? <a href="/signin">Sign out first</a>.</p>`
    : '<p>Approving sends you to Slack to sign in.</p>';
  const asked = view.asked
    ? `It asks to read ${escapeHtml(readsOf(view.asked))}.`
    : 'It did not say what it needs.';
  const before = view.approvedBefore
    ? `<p id="approved-before">You let it read ${escapeHtml(readsOf(view.approvedBefore))} so far.</p>`
    : '';
  return layout(
    'Allow access to your Slack search?',
    `<p><strong>${escapeHtml(view.clientName)}</strong> asks to search Slack as you, in the conversations you choose below. <span id="asked">${asked}</span></p>
${before}<p>${source} After you approve, it receives access at <strong>${escapeHtml(redirect.host)}</strong> (<code>${escapeHtml(view.redirectUri)}</code>).</p>
${who}
<form method="post" action="/oauth/consent">${hidden({ pending: view.pending, csrf: view.csrf })}
${scopeChoice(view.preselected)}
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>
<p class="muted">Only approve clients you started connecting yourself. You can revoke a client on <a href="/signin">your page</a>.</p>`,
  );
}

/** A client on the people's page. */
export interface ClientView {
  clientId: string;
  clientName: string;
  scope: ConsentScope;
  approvedAt: number;
}

/** A workspace (or, signed in org-wide, an organisation) on the people's page. */
export interface WorkspaceView {
  /** T… for a workspace, E… for an organisation. */
  id: string;
  name: string;
  userId: string;
  orgWide: boolean;
  /** An organisation's workspaces this sign-in reads, by name, when Slack said. */
  reads: string[];
}

export interface PeopleView {
  signedIn?: { name: string; workspaces: WorkspaceView[]; csrf: string; clients: ClientView[] };
  /** A personal token just made: shown this once. */
  token?: string;
  publicUrl: string;
  notice?: string;
}

/** Sign in, whom you are signed in as, a personal token (shown once), sign out. */
export function peoplePage(view: PeopleView): string {
  const notice = view.notice ? `<p><strong>${escapeHtml(view.notice)}</strong></p>` : '';
  if (!view.signedIn)
    return layout(
      'Search Slack as yourself',
      `${notice}<p>Sign in with Slack to let your MCP client (or curl) search the messages, files, channels and people you can see, and nothing else.</p>
<p><a class="button primary" id="sign-in" href="/signin/slack">Sign in with Slack</a></p>
<p class="muted">MCP clients: add <code>${escapeHtml(view.publicUrl)}/mcp</code> as a server; they sign you in on their own.</p>`,
    );
  const { name, workspaces, csrf, clients } = view.signedIn;
  const token = view.token
    ? `<h2>Your personal token</h2><p>Shown once: copy it now. It acts as you until you sign out.</p>
<pre id="token">${escapeHtml(view.token)}</pre>
<pre>curl -H 'Authorization: Bearer ${escapeHtml(view.token)}' '${escapeHtml(view.publicUrl)}/search/messages?query=deploy'</pre>`
    : '';
  return layout(
    'Signed in',
    `${notice}<p>Signed in as <strong id="who">${escapeHtml(name)}</strong>.</p>
${workspaceList(workspaces, csrf)}
${token}
<p><form method="post" action="/signin/token">${hidden({ csrf })}<button class="primary" id="make-token" type="submit">Create a personal token</button></form>
<form method="post" action="/signout">${hidden({ csrf })}<button id="sign-out" type="submit">Sign out</button></form></p>
<p class="muted">Signing out ends every client's access and revokes this server's Slack token for each of your workspaces.</p>
${clientList(clients, csrf)}`,
  );
}

/**
 * The workspaces (and organisations) a person signed in to, each removable alone (the last one is signing out),
 * and a button to add another: their clients read all of them.
 */
function workspaceList(workspaces: WorkspaceView[], csrf: string): string {
  const items = workspaces.map((w) => {
    const what = w.orgWide
      ? 'organisation: every workspace of it that you and this app may read'
      : 'workspace';
    const last = workspaces.length === 1 ? ' (signs you out)' : '';
    return `<li data-workspace="${escapeHtml(w.id)}"><strong class="workspace-name">${escapeHtml(w.name)}</strong> <span class="muted">${what}</span><br>
As <code>${escapeHtml(w.userId)}</code> in <code>${escapeHtml(w.id)}</code>.${w.reads.length ? ` <span class="reads">Reads ${escapeHtml(w.reads.join(', '))}.</span>` : ''}
<form method="post" action="/signin/workspaces/remove">${hidden({ csrf, workspace: w.id })}<button class="remove" type="submit">Remove${last}</button></form></li>`;
  });
  return `<h2>Your workspaces</h2><p class="muted">Your clients search all of them, each as you in it.</p>
<ul class="clients" id="workspaces">${items.join('\n')}</ul>
<p><form method="post" action="/signin/workspaces/add">${hidden({ csrf })}<button id="add-workspace" type="submit">Add a workspace</button></form></p>`;
}

/** When, said the same way for everyone: UTC to the minute. */
const when = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The clients a person approved, each with what it may read, when, and a button that ends its access alone. */
function clientList(clients: ClientView[], csrf: string): string {
  if (clients.length === 0)
    return '<h2>Clients you approved</h2><p id="no-clients" class="muted">None yet: a client you approve appears here.</p>';
  const items = clients.map(
    (
      c,
    ) => `<li data-client-id="${escapeHtml(c.clientId)}"><strong class="client-name">${escapeHtml(c.clientName)}</strong> <code>${escapeHtml(c.clientId.length > 60 ? `${c.clientId.slice(0, 60)}…` : c.clientId)}</code><br>
May read <span class="reads">${escapeHtml(readsOf(c.scope))}</span> (<code>${c.scope}</code>). Approved ${when(c.approvedAt)}.<br>
<form method="post" action="/signin/revoke">${hidden({ csrf, client_id: c.clientId })}<button class="revoke" type="submit">Revoke</button></form></li>`,
  );
  return `<h2>Clients you approved</h2><ul class="clients" id="clients">${items.join('\n')}</ul>`;
}
