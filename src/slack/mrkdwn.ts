import { stripHighlights } from './highlight.js';

/** Names an agent can read in place of Slack ids. Unknown ids stay as they are. */
export interface ReadNames {
  /** User id → display name (users.info). */
  users?: ReadonlyMap<string, string>;
  /** Channel id → name, for `<#C…>` references without a label. */
  channels?: ReadonlyMap<string, string>;
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** Slack escapes only these three; decoded once, after `<…>` references are read. */
export const decodeEntities = (s: string): string => s.replace(/&(?:lt|gt|amp);/g, (e) => ENTITIES[e]);

const BROADCASTS = new Set(['here', 'channel', 'everyone']);

export const userLabel = (id: string, names: ReadNames, label?: string): string =>
  `@${names.users?.get(id) ?? label ?? id}`;

/** A link as text: `label (url)`, or the url alone when the label only repeats it. */
export function linkText(url: string, label: string | undefined): string {
  const bare = stripHighlights(url);
  if (!label) return bare;
  const plain = stripHighlights(label);
  if (plain === bare || bare.replace(/^(?:https?:\/\/|mailto:|tel:)/, '') === plain) return label;
  return `${label} (${bare})`;
}

function special(body: string, label: string | undefined): string {
  const [kind, arg] = body.split('^', 2);
  if (BROADCASTS.has(kind)) return `@${kind}`;
  if (kind === 'subteam') return label ? (label.startsWith('@') ? label : `@${label}`) : `@${arg ?? kind}`;
  return label ?? (kind === 'date' ? (arg ?? '') : kind);
}

function reference(inner: string, names: ReadNames): string {
  const bar = inner.indexOf('|');
  const target = bar < 0 ? inner : inner.slice(0, bar);
  const label = bar < 0 ? undefined : decodeEntities(inner.slice(bar + 1)) || undefined;
  const id = stripHighlights(target.slice(1));
  switch (target[0]) {
    case '@':
      return userLabel(id, names, label);
    case '#':
      return `#${label ?? names.channels?.get(id) ?? id}`;
    case '!':
      return special(id, label);
    default:
      return linkText(decodeEntities(target), label);
  }
}

/**
 * Slack `mrkdwn` as an agent reads it: `<@U…>` → `@name`, `<#C…|name>` → `#name`, `<url|label>` →
 * `label (url)`, `<!here>` → `@here`, `<!subteam^S…|@team>` → `@team`, `<!date^…|fallback>` → fallback;
 * then `&lt;` `&gt;` `&amp;` decoded. Highlight marks are left where they are.
 */
export function renderMrkdwn(text: string, names: ReadNames = {}): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/<([^<>\n]*)>/g)) {
    out += decodeEntities(text.slice(last, m.index)) + reference(m[1], names);
    last = m.index + m[0].length;
  }
  return out + decodeEntities(text.slice(last));
}
