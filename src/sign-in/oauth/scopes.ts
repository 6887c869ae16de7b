import { kindsOfScopes } from '../../governance/consent-scopes.js';

/** What a person may let a client read, narrowest first, each one of our OAuth scopes and more than the one before. */
export const CONSENT_SCOPES = ['slack:public', 'slack:private', 'slack:dm'] as const;
export type ConsentScope = (typeof CONSENT_SCOPES)[number];
/** The one scope of before: every kind, still accepted (grants that hold it keep working). */
export const LEGACY_SCOPE = 'slack:read';
/** What a client is told to ask for first, and what the consent page offers when it asks for nothing. */
export const LEAST_SCOPE: ConsentScope = 'slack:public';
/** A personal token reads what its person can: it is theirs. */
export const PERSONAL_SCOPE: ConsentScope = 'slack:dm';

const isConsentScope = (scope: string): scope is ConsentScope =>
  (CONSENT_SCOPES as readonly string[]).includes(scope);

/** The scopes of a scope parameter or a grant (RFC 6749 §3.3: space-delimited). */
export const scopesOf = (scope: string): string[] => scope.split(' ').filter(Boolean);

/** Whether `wider` lets a client read every kind that `narrower` does. */
export function covers(wider: string, narrower: string): boolean {
  const granted = kindsOfScopes(scopesOf(wider));
  return [...kindsOfScopes(scopesOf(narrower))].every((kind) => granted.has(kind));
}

/** The narrowest consent scope that covers `scope` (ours are nested, so one always does). */
export function consentScopeOf(scope: string): ConsentScope {
  return CONSENT_SCOPES.find((level) => covers(level, scope)) ?? 'slack:dm';
}

/** The wider of two scopes, as a consent scope. */
export const widerOf = (a: string, b: string): ConsentScope => consentScopeOf(covers(a, b) ? a : b);

/**
 * What a client asks for in a `scope` parameter, as the consent scope that covers the scopes of ours in it;
 * undefined when it asks for none of ours. Scopes we do not know (`openid`, `offline_access`, another
 * server's) are ignored, as RFC 6749 §3.3 lets a server do: the token's `scope` says what was granted, and a
 * client that adds scopes out of habit still signs in.
 */
export function askedScope(parameter: string | undefined): ConsentScope | undefined {
  const ours = scopesOf(parameter ?? '').filter((scope) => kindsOfScopes([scope]).size > 0);
  return ours.length === 0 ? undefined : consentScopeOf(ours.join(' '));
}

/** A consent form's choice, when it is one of ours. */
export const chosenScope = (value: string | undefined): ConsentScope | undefined =>
  value !== undefined && isConsentScope(value) ? value : undefined;
