import { errorPage } from './pages.js';

/** What a browser-facing sign-in step answers: a page, or a redirect; each may set cookies. */
export type PageOutcome =
  | { kind: 'page'; status: number; html: string; cookies?: string[] }
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
