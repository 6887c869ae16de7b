import { type Static, Type } from '@sinclair/typebox';
import { Errors, withRetryAfter } from '../errors.js';
import { adminRefusal } from '../governance/audit/admins.js';
import { AuditQuery, queryAudit } from '../governance/audit/query.js';
import type { AuditRecord } from '../governance/audit/record.js';
import type { AuditStore } from '../governance/audit/stores.js';
import { type PageOutcome, pageOf, refusal } from './outcome.js';
import { escapeHtml, layout } from './pages.js';
import type { Browser } from './sessions.js';

/** The filters the page's form sends (GET /admin), each optional, and the cursor of its "Older" link. */
export const AdminPageQuery = Type.Omit(AuditQuery, ['limit']);
export type AdminPageQuery = Static<typeof AdminPageQuery>;

export interface AdminPageDeps {
  /** The kept window; undefined when AUDIT_MAX_RECORDS=0. */
  store: AuditStore | undefined;
  admins: ReadonlySet<string>;
  signedInPerson: (browser: Browser) => Promise<{ teamId: string; userId: string; name: string } | undefined>;
}

/** Rows a page shows. */
const PAGE_ROWS = 50;
const FILTERS = ['person', 'client', 'read', 'channel', 'since', 'until'] as const;

const WIDE = `body{max-width:72rem}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}th{background:#f8f8f8}
.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:1rem 0}.filters label{display:flex;flex-direction:column;font-size:.85rem}
.filters input{font:inherit;padding:.3rem;border:1px solid #888;border-radius:4px;width:11rem}.error{color:#b00020}.removed{color:#b00020;font-weight:600}`;

const e = (s: string) => escapeHtml(s);

function whoCell(r: AuditRecord): string {
  return `<code>${e(r.who.id)}</code>`;
}

function clientCell(r: AuditRecord): string {
  const { via, name, id, mcp_name } = r.client;
  const parts = [via, name ?? id, mcp_name && `MCP: ${mcp_name}`].filter(Boolean) as string[];
  return parts.map(e).join('<br>');
}

function returnedCell(r: AuditRecord): string {
  if (!r.returned) return '';
  const counts = Object.entries(r.returned.counts).map(([kind, n]) => `${n} ${kind}`);
  const channels = r.returned.channels.slice(0, 5).map((c) => `<code>${e(c)}</code>`);
  return [counts.join(', ') || 'nothing', channels.join(' ')].filter(Boolean).join('<br>');
}

function policyCell(r: AuditRecord): string {
  if (!r.policy) return '—';
  const redacted = Object.entries(r.policy.redacted).map(([name, n]) => `${n} ${e(name)}`);
  const removed = r.policy.removed > 0 ? `<span class="removed">${r.policy.removed} removed</span>` : '';
  return (
    [removed, redacted.length ? `redacted: ${redacted.join(', ')}` : ''].filter(Boolean).join('<br>') || '—'
  );
}

function statusCell(r: AuditRecord): string {
  return r.status === 'ok'
    ? `${r.http_status}`
    : `<span class="error">${r.http_status} ${e(r.error_code ?? '')}</span>`;
}

function row(r: AuditRecord): string {
  const cells = [
    `<time>${e(r.time.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))}</time>`,
    whoCell(r),
    clientCell(r),
    `<code>${e(r.read)}</code>`,
    statusCell(r),
    returnedCell(r),
    policyCell(r),
  ];
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

function filterForm(query: AdminPageQuery): string {
  const inputs = FILTERS.map(
    (name) =>
      `<label>${name}<input name="${name}" id="filter-${name}" value="${e(query[name] ?? '')}"></label>`,
  ).join('');
  return `<form class="filters" method="get" action="/admin">${inputs}<button class="primary" id="filter" type="submit">Filter</button> <a class="button" href="/admin">Clear</a></form>`;
}

function olderLink(query: AdminPageQuery, cursor: string | undefined): string {
  if (!cursor) return '';
  const params = new URLSearchParams();
  for (const name of FILTERS) if (query[name]) params.set(name, query[name] as string);
  params.set('cursor', cursor);
  return `<p><a class="button" id="older" href="/admin?${e(params.toString())}">Older reads</a></p>`;
}

/** The admin page: recent reads, newest first, filterable; for people named in ADMIN_PEOPLE only. */
export class AdminPage {
  constructor(private readonly deps: AdminPageDeps) {}

  async show(query: AdminPageQuery, browser: Browser): Promise<PageOutcome> {
    const person = await this.deps.signedInPerson(browser);
    if (!person)
      return refusal(
        401,
        'Sign in first',
        'The audit page is for admins signed in with Slack: sign in on the sign-in page, then come back to /admin.',
      );
    const refused = adminRefusal({ person }, this.deps.admins);
    if (refused) return refusal(403, 'Admins only', `The audit is for admins only: ${refused}.`);
    const { store } = this.deps;
    let page: { records: AuditRecord[]; next_cursor?: string } = { records: [] };
    try {
      if (store) page = await queryAudit(store, { ...query, limit: PAGE_ROWS });
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 400)
        return refusal(400, 'Not a filter this page takes', (err as Error).message);
      throw withRetryAfter(new Errors.AuditUnavailable('the shared store did not answer; retry shortly'), 5);
    }
    const table = page.records.length
      ? `<table id="reads"><thead><tr><th>Time (UTC)</th><th>Person</th><th>Client</th><th>Read</th><th>Status</th><th>Returned</th><th>Policy</th></tr></thead>
<tbody>${page.records.map(row).join('\n')}</tbody></table>`
      : `<p id="none">${store ? 'No reads match.' : 'No records are kept (AUDIT_MAX_RECORDS=0).'}</p>`;
    return pageOf(
      200,
      layout(
        'Recent reads',
        `<p>Signed in as <strong id="who">${e(person.name)}</strong> (<code>${e(`${person.teamId}:${person.userId}`)}</code>), an admin. Every read by people, tokens and local clients, newest first: what came back is named by ids, never by its text.</p>
${filterForm(query)}
${table}
${olderLink(query, page.next_cursor)}
<p class="muted">The same records as JSON: <code>GET /admin/audit</code>. What is recorded and for how long: docs/security.md.</p>`,
        WIDE,
      ),
    );
  }
}
