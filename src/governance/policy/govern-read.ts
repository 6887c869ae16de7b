import { Errors } from '../../errors.js';
import { readPermalink } from '../../slack/conversation-name.js';
import type { SlackGateway } from '../../slack-client/slack-gateway.js';
import type { SlackAccess } from '../../slack-client/types.js';
import type { ConversationKind } from '../consent-scopes.js';
import { type BoundedCaller, type Bounds, boundsOf, type Refusal } from './bounds.js';
import { type Governed, governAnswer, type Lookups, redactDeep, shareRefusal } from './govern-answer.js';
import { sharesOf } from './places.js';
import type { PolicySource } from './policy-source.js';
import type { ReadPolicy } from './read-policy.js';

type Obj = Record<string, unknown>;

/** What the policy did to one answer: items removed, and redactions per pattern name (for the audit). */
export interface PolicyReport {
  removed: number;
  redacted: Record<string, number>;
}

interface Answer {
  body: Obj;
  cache?: unknown;
  text?: string;
  policy?: PolicyReport;
}

interface Caller extends BoundedCaller {
  slackAccess: () => SlackAccess;
}

export interface GovernDeps {
  policy: PolicySource;
  slack: SlackGateway;
}

const KIND_WORDS: Record<ConversationKind, string> = {
  public: 'public channels',
  private: 'private channels',
  mpim: 'group DMs',
  im: 'direct messages',
};

/** The 403 of a conversation out of bounds: the policy's, or a scope challenge naming the scope to grant. */
export function refusalError(refusal: Refusal, what: string, kind?: ConversationKind): Error {
  if (refusal.by === 'consent') {
    const words = kind ? KIND_WORDS[kind] : 'this conversation';
    return Object.assign(new Errors.InsufficientScope(`${what} (${words})`, refusal.scope), {
      scopeChallenge: refusal.scope,
    });
  }
  return new Errors.PolicyDenied(refusal.reason === 'kind' && kind ? `${KIND_WORDS[kind]} (${what})` : what);
}

function lookupsOf(slack: SlackGateway, access: SlackAccess): Lookups {
  return {
    kind: (id) => slack.conversationKind(access, id).catch(() => undefined),
    name: (id) => slack.channelName(access, id).catch(() => undefined),
    shares: (file) =>
      slack
        // The read's own call (read-file): one cache entry for both.
        .cachedUnlessPrivate(
          access,
          'files.info',
          { file },
          (body) => (body.file as Obj | undefined)?.is_public === true,
        )
        .then(({ value }) =>
          typeof value.file === 'object' && value.file ? (sharesOf(value.file as Obj) ?? []) : undefined,
        )
        .catch(() => undefined),
  };
}

/** Refuses a conversation out of bounds, asking what its id does not say only when a bound needs it. */
async function checkConversation(ref: string, bounds: Bounds, lookups: Lookups): Promise<void> {
  const id = ref.startsWith('#') ? undefined : (readPermalink(ref)?.channel ?? ref);
  const given = ref.startsWith('#') ? ref.slice(1) : undefined;
  const what = id ?? ref;
  const first = bounds.refusal({ id, name: given });
  if (first) throw refusalError(first, what);
  if (id === undefined) return;
  const dm = id.startsWith('D');
  const needKind = !dm && bounds.kinds.size < 4;
  const [kind, name] = await Promise.all([
    dm ? ('im' as const) : needKind ? lookups.kind(id) : undefined,
    !dm && bounds.needsName ? lookups.name(id) : undefined,
  ]);
  // A conversation Slack would not describe counts as private (the read itself then says if it is not there).
  const named = kind === 'im' || kind === 'mpim' ? undefined : name;
  const refusal = bounds.refusal({ id, name: named, kind: needKind || dm ? (kind ?? 'private') : kind });
  if (refusal) throw refusalError(refusal, what, kind ?? 'private');
}

/**
 * Governed answers of cached bodies, kept with the body: a hit is governed once per bounds, and shares one
 * report (whose JSON the audit then writes once).
 */
const memo = new WeakMap<Obj, { key: string; governed: Governed; report: PolicyReport }>();

async function governOnce(body: Obj, spec: ReadPolicy<never>, bounds: Bounds, lookups: () => Lookups) {
  const known = memo.get(body);
  if (known?.key === bounds.key) return known;
  const governed = await governAnswer(
    body,
    spec.lists,
    bounds,
    bounds.filters && spec.lists ? lookups() : NO_LOOKUPS,
  );
  const { removed, redacted } = governed;
  const kept = { key: bounds.key, governed, report: { removed: removed.policy + removed.consent, redacted } };
  memo.set(body, kept);
  return kept;
}

const NO_LOOKUPS: Lookups = {
  kind: async () => undefined,
  name: async () => undefined,
  shares: async () => undefined,
};

/** The compact texts of governed bodies, written once per body. */
const texts = new WeakMap<Obj, string>();

/**
 * A read as the policy and the caller's consent allow it: the conversation or file it is about checked
 * before it runs (403), then its answer's lists narrowed and every text redacted, compact text written
 * again from the governed body, and what was done reported on the answer.
 */
export function governed<P, C extends Caller, A extends Answer>(
  run: (caller: C, params: P) => Promise<A>,
  spec: ReadPolicy<P>,
  deps: GovernDeps,
): (caller: C, params: P) => Promise<A> {
  const about = spec as ReadPolicy<never>;
  return async (caller, params) => {
    const bounds = boundsOf(deps.policy.current(), caller);
    if (!bounds) return run(caller, params);
    let lookups: Lookups | undefined;
    const lookup = () => {
      lookups ??= lookupsOf(deps.slack, caller.slackAccess());
      return lookups;
    };
    if (bounds.filters) {
      const ref = spec.conversation?.(params);
      if (ref) await checkConversation(ref, bounds, lookup());
      const file = spec.file?.(params);
      if (file) {
        const shares = await lookup().shares(file);
        const refusal = shares && (await shareRefusal(shares, bounds, lookup()));
        if (refusal) throw refusalError(refusal, `file ${file}`);
      }
    }
    const format = (params as { response_format?: string }).response_format;
    const compact = format === 'compact' && about.compact !== undefined;
    const answer = await run(caller, compact ? { ...params, response_format: 'concise' } : params);
    // A channel named `#name` is known by its id once read.
    const answered = answer.body.channel_id;
    if (bounds.filters && typeof answered === 'string' && spec.conversation?.(params)?.startsWith('#'))
      await checkConversation(answered, bounds, lookup());
    const { governed: done, report } = await governOnce(answer.body, about, bounds, lookup);
    const { body } = done;
    let text = answer.text;
    if (compact && about.compact) {
      const render = about.compact as (body: Obj) => string;
      text = texts.get(body) ?? render(body);
      texts.set(body, text);
    } else if (text !== undefined && bounds.redacts) text = redactDeep(text, bounds, {}) as string;
    // Written out, not spread: an answer has these four parts (ReadAnswer), and this runs on every hit.
    const out: Answer = { body, cache: answer.cache, policy: report };
    if (text !== undefined) out.text = text;
    return out as A;
  };
}
