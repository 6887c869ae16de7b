export interface UserRef {
  id?: string;
  name?: string;
  me?: boolean;
}

export interface ChannelRef {
  id?: string;
  name?: string;
  /** `in:@name` / `in:<@U…>`: the IM with that user. */
  user?: UserRef;
}

export interface SearchQuery {
  /** Lower-cased words; every one must start a word of the text. */
  terms: string[];
  /** Lower-cased quoted phrases; every one must occur. */
  phrases: string[];
  /** Lower-cased `-word` / `-"phrase"`; none may occur. */
  excluded: string[];
  /** User ids written as `<@U…>` terms; the text must mention each. */
  mentions: string[];
  in: ChannelRef[];
  from: UserRef[];
  to: UserRef[];
  /** Unix seconds, inclusive lower bound (from after:/on:/during:). */
  since?: number;
  /** Unix seconds, exclusive upper bound (from before:/on:/during:). */
  until?: number;
}

const DAY = 86_400;
const USER_ID = /^[UW][A-Z0-9]{2,}$/;
const CHANNEL_ID = /^[CGD][A-Z0-9]{2,}$/;
const TOKEN = /(-?)"([^"]*)"?|(\S+)/g;
const MODIFIER = /^(in|from|to|after|before|on|during):(.+)$/i;

export function parseUserRef(value: string): UserRef {
  const mention = /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(value);
  if (mention) return { id: mention[1] };
  if (value.toLowerCase() === 'me') return { me: true };
  if (USER_ID.test(value)) return { id: value };
  return { name: value.replace(/^@/, '').toLowerCase() };
}

export function parseChannelRef(value: string): ChannelRef {
  const link = /^<#([CGD][A-Z0-9]+)(?:\|([^>]*))?>$/.exec(value);
  if (link) return { id: link[1] };
  if (value.startsWith('@') || value.startsWith('<@')) return { user: parseUserRef(value) };
  if (CHANNEL_ID.test(value)) return { id: value };
  return { name: value.replace(/^#/, '').toLowerCase() };
}

/** UTC day start, in Unix seconds, of `YYYY-MM-DD`; undefined when malformed. */
export function parseDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(ms);
  return date.getUTCDate() === Number(match[3]) ? ms / 1000 : undefined;
}

function dateRange(kind: string, value: string): [number, number] | undefined {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (kind === 'during' && month) {
    const start = Date.UTC(Number(month[1]), Number(month[2]) - 1, 1) / 1000;
    return [start, Date.UTC(Number(month[1]), Number(month[2]), 1) / 1000];
  }
  const day = parseDay(value);
  if (day === undefined) return undefined;
  if (kind === 'after') return [day + DAY, Number.POSITIVE_INFINITY];
  if (kind === 'before') return [0, day];
  return [day, day + DAY];
}

function applyModifier(query: SearchQuery, kind: string, value: string): boolean {
  if (kind === 'in') query.in.push(parseChannelRef(value));
  else if (kind === 'from') query.from.push(parseUserRef(value));
  else if (kind === 'to') query.to.push(parseUserRef(value));
  else {
    const range = dateRange(kind, value);
    if (!range) return false;
    if (range[0] > 0) query.since = Math.max(query.since ?? 0, range[0]);
    if (Number.isFinite(range[1])) query.until = Math.min(query.until ?? Number.POSITIVE_INFINITY, range[1]);
  }
  return true;
}

const MEANINGFUL = /[^\p{P}\p{Z}]/u;
const unquote = (value: string): string => value.replace(/^"(.*)"$/, '$1');
const cleanTerm = (word: string): string => word.replace(/^[([{]+|[)\]},.!?;]+$/g, '').toLowerCase();

/** Slack's search modifiers, as far as the fake supports them; unknown `x:y` tokens are plain terms. */
export function parseSearchQuery(raw: string): SearchQuery {
  const query: SearchQuery = { terms: [], phrases: [], excluded: [], mentions: [], in: [], from: [], to: [] };
  for (const [, negated, phrase, word] of raw.matchAll(TOKEN)) {
    if (phrase !== undefined) {
      const text = phrase.trim().replace(/\s+/g, ' ').toLowerCase();
      if (text) (negated ? query.excluded : query.phrases).push(text);
      continue;
    }
    if (!word) continue;
    const mention = /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(word);
    const modifier = MODIFIER.exec(word);
    if (mention?.[1]) query.mentions.push(mention[1]);
    else if (
      modifier?.[1] &&
      modifier[2] &&
      applyModifier(query, modifier[1].toLowerCase(), unquote(modifier[2]))
    )
      continue;
    else if (word.length > 1 && word.startsWith('-')) query.excluded.push(cleanTerm(word.slice(1)));
    else if (MEANINGFUL.test(cleanTerm(word))) query.terms.push(cleanTerm(word));
  }
  return query;
}
