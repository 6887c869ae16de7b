import { errorPage } from './pages.js';

/** What a browser-facing sign-in step answers: a page, or a redirect; each may set cookies. */
export type PageOutcome =
  | { kind: 'page'; status: number; html: string; cookies?: string[]; retryAfterS?: number }
  | { kind: 'redirect'; location: string; cookies?: string[] };

export const redirectTo = (location: string, cookies?: string[]): PageOutcome => ({
  kind: 'redirect',
  location,
  ...(cookies?.length ? { cookies } : {}),
});

export const pageOf = (status: number, html: string, cookies?: string[]): PageOutcome => ({
  kind: 'page',
  status,
  html,
  ...(cookies?.length ? { cookies } : {}),
});

/** A request this server will not act on, as a page that says why (never a redirect it cannot vouch for). */
export const refusal = (status: number, title: string, message: string, cookies?: string[]): PageOutcome =>
  pageOf(status, errorPage(title, message), cookies);

/** A bound on what anonymous requests may store was reached: a 429 page with Retry-After. */
export const tooMany = (refusal: { retryAfterS: number; message: string }): PageOutcome => ({
  kind: 'page',
  status: 429,
  html: errorPage('Too many requests', `${refusal.message[0]?.toUpperCase()}${refusal.message.slice(1)}.`),
  retryAfterS: refusal.retryAfterS,
});
