import type { WebClient } from '@slack/web-api';
import type { Clock } from '../cache/types.js';
import { Errors } from '../errors.js';
import { type RateGate, rateLimitedUntil } from '../rate-gates/rate-gate.js';
import { GRID_CODES } from './grid-restriction.js';
import { mapSlackError, platformCodeOf, retryAfterOf, slackCodeOf } from './map-slack-error.js';
import { stripSdkMetadata } from './strip-sdk-metadata.js';

export interface CallContext {
  gate: RateGate;
  /** The workspace the limit applies to (Slack limits per app, per workspace, per method). */
  scope: string;
  /**
   * The workspace when `scope` is only provisional (a token's first call, made while auth.test runs): a
   * 429 blocks it too, and a retry waits its turn there.
   */
  workspace?: Promise<string>;
  deadline: number;
  callerToken: boolean;
  clock: Clock;
  defaultRetryAfterS: number;
  /** Ceiling on any Retry-After: past it Slack is tried again, whatever it said (SLACK_MAX_RETRY_AFTER_S). */
  maxRetryAfterS: number;
  onCall?: (method: string, outcome: string) => void;
  /** Keep what the SDK copies from headers into response_metadata (auth.test's `scopes`). */
  keepSdkMetadata?: boolean;
  /** A signed-in person's token: renewed once on token_expired, their sign-in ended on a refusal. */
  person?: {
    renew: () => Promise<WebClient | undefined>;
    rejected: (slackError: string) => Promise<void>;
  };
}

/** Slack's answers that mean a token will not work again (token_expired only when it cannot be renewed). */
const DEAD_TOKEN = new Set([
  'token_revoked',
  'invalid_auth',
  'account_inactive',
  'token_expired',
  'not_authed',
]);

/** A signed-in person's call Slack refused for the token: renew once on token_expired, else end the sign-in. */
async function personRefusal(
  err: unknown,
  person: NonNullable<CallContext['person']>,
  renewed: boolean,
): Promise<WebClient | Error | undefined> {
  const code = slackCodeOf(err);
  if (!code || !DEAD_TOKEN.has(code)) return undefined;
  if (code === 'token_expired' && !renewed) {
    const fresh = await person.renew();
    if (fresh) return fresh;
  }
  await person.rejected(code);
  return new Errors.SignInEnded(code);
}

/**
 * The token's workspace (or organisation) for a refusal that names it: Enterprise Grid's only, so no other
 * failure waits for auth.test (already under way beside a token's first call).
 */
async function ownerOf(err: unknown, ctx: CallContext, scope: string): Promise<string | undefined> {
  if (!GRID_CODES.has(platformCodeOf(err) ?? '')) return undefined;
  return ctx.workspace ? ctx.workspace.catch(() => undefined) : scope;
}

/** Retries after a 429 at most; each waits at least a second (`Retry-After: 0` must not spin). */
export const RATE_LIMIT_RETRIES = 2;
const MIN_RETRY_AFTER_S = 1;

/**
 * One Slack call under the shared rate discipline: wait for the method's turn, and on a 429 mark the
 * method blocked for everyone, then try again (at most RATE_LIMIT_RETRIES times) if `Retry-After` ends
 * before the deadline. A `Retry-After` past `maxRetryAfterS` counts as that long: one 429 saying 100,000 s
 * must not block a method for every user of the workspace for a day.
 */
export async function callSlack<T>(
  client: WebClient | Promise<WebClient>,
  method: string,
  args: Record<string, unknown>,
  ctx: CallContext,
): Promise<T> {
  let scope = ctx.scope;
  let current = client;
  let renewed = false;
  for (let retries = 0; ; retries++) {
    await ctx.gate.acquire(scope, method, ctx.deadline);
    try {
      const body = await (await current).apiCall(method, args);
      const result = (ctx.keepSdkMetadata ? body : stripSdkMetadata(body)) as T;
      ctx.onCall?.(method, 'ok');
      return result;
    } catch (err) {
      const retryAfterS = retryAfterOf(err, ctx.defaultRetryAfterS);
      if (retryAfterS === undefined) {
        const mapped = mapSlackError(err, method, ctx.callerToken, await ownerOf(err, ctx, scope));
        ctx.onCall?.(method, (mapped as { code?: string }).code ?? 'error');
        const refusal = ctx.person && (await personRefusal(mapped, ctx.person, renewed));
        if (refusal instanceof Error) throw refusal;
        if (refusal) {
          // The token expired: once more with the renewed one (not counted as a rate-limit retry).
          current = refusal;
          renewed = true;
          retries--;
          continue;
        }
        throw mapped;
      }
      ctx.onCall?.(method, 'rate_limited');
      const now = ctx.clock();
      const waitS = Math.min(Math.max(MIN_RETRY_AFTER_S, retryAfterS), ctx.maxRetryAfterS);
      const until = now + waitS * 1000;
      await ctx.gate.block(scope, method, until);
      if (ctx.workspace && scope === ctx.scope) {
        scope = await ctx.workspace.catch(() => scope);
        if (scope !== ctx.scope) await ctx.gate.block(scope, method, until);
      }
      if (until > ctx.deadline || retries >= RATE_LIMIT_RETRIES) throw rateLimitedUntil(method, until, now);
    }
  }
}
