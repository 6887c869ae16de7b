import type { CannedBody, Fault } from './fake-slack-types.js';
import type { FaultQueue } from './fault-queue.js';
import type { ResolvedOptions } from './methods/method-context.js';
import { METHODS } from './methods/registry.js';
import type { FakeOAuthState } from './oauth/oauth-state.js';
import { oauthV2Access } from './oauth/oauth-v2-access.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ParsedCall } from './request-params.js';
import { htmlReply, jsonReply, type Outcome, rateLimited, slackError } from './responses.js';
import { SlackApiError } from './slack-error.js';
import { findToken, type TokenSources, workspaceFor } from './token-owner.js';
import { indexFor } from './workspace-index.js';
import type { Workspace } from './workspace-types.js';

export interface DispatchState extends TokenSources {
  workspace: Workspace;
  oauth: FakeOAuthState;
  options: ResolvedOptions;
  faults: FaultQueue;
  limiter: RateLimiter;
  canned: Map<string, CannedBody>;
  sleep(ms: number): Promise<void>;
}

function faultOutcome(fault: Fault): Outcome | undefined {
  switch (fault.kind) {
    case 'ratelimit':
      return rateLimited(fault.retryAfter === undefined ? 1 : fault.retryAfter);
    case 'http':
      return htmlReply(fault.status, `${fault.status} Server Error`);
    case 'reset':
      return { type: 'reset' };
    case 'non_json':
      return htmlReply(200, 'Bad Gateway');
    case 'error':
      return slackError(fault.error, fault.extra);
    case 'delay':
      return undefined;
  }
}

const TOKEN_STATUS_ERRORS = { revoked: 'token_revoked', inactive: 'account_inactive' } as const;

/** Slack's order of checks: method, auth, rate limit, token type, then the method's own scope/arg checks. */
function answer(call: ParsedCall, state: DispatchState): Outcome {
  // The app's own credentials, not a token: Slack's OAuth exchange.
  if (call.method === 'oauth.v2.access') return jsonReply(oauthV2Access(call, state, state.oauth));
  const spec = METHODS.get(call.method);
  if (!spec) return slackError('unknown_method', { req_method: call.method });
  if (call.bodyError) return slackError(call.bodyError);
  if (!call.token) return slackError('not_authed');
  const owner = findToken(call.token, state);
  if (!owner) return slackError('invalid_auth');
  const { token } = owner;
  if (token.status && token.status !== 'active') return slackError(TOKEN_STATUS_ERRORS[token.status]);
  if (token.expiresAt !== undefined && token.expiresAt <= Date.now()) return slackError('token_expired');
  const headers = {
    'x-oauth-scopes': token.scopes.join(','),
    ...(spec.acceptedScopes.length ? { 'x-accepted-oauth-scopes': spec.acceptedScopes.join(',') } : {}),
  };
  try {
    const workspace = workspaceFor(owner, spec, call.params);
    // Slack's limits are per method and workspace: an org token draws on the workspace it reads.
    const retryAfter = state.limiter.take(`${workspace.team.id}:${call.method}`, call.method);
    if (retryAfter !== undefined) return rateLimited(retryAfter);
    if (spec.userTokenOnly && token.type !== 'user') return slackError('not_allowed_token_type', {}, headers);
    const canned = state.canned.get(call.method);
    if (canned) return jsonReply(typeof canned === 'function' ? canned(call.params) : canned, headers);
    const index = indexFor(workspace);
    const ctx = { index, token, params: call.params, options: state.options, org: owner.org };
    return jsonReply(spec.handle(ctx), headers);
  } catch (error) {
    if (error instanceof SlackApiError) return slackError(error.error, error.extra, headers);
    throw error;
  }
}

export async function dispatch(call: ParsedCall, state: DispatchState): Promise<Outcome> {
  const fault = state.faults.take(call.method);
  if (fault?.kind === 'delay') await state.sleep(fault.ms);
  return (fault && faultOutcome(fault)) ?? answer(call, state);
}
