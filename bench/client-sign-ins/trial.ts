import type { Browser } from 'playwright-core';
import type { Callback } from './person.js';

export interface TrialContext {
  /** The client's program. */
  bin: string;
  /** Our MCP endpoint, at one loopback name. */
  url: string;
  /** A fresh HOME for this run: nothing reaches the machine's home. */
  home: string;
  /** The environment to run the client in (HOME set). */
  env: NodeJS.ProcessEnv;
  browser: Browser;
}

export interface Outcome {
  callback: Callback;
  /** From starting the client to its sign-in done (token stored). */
  signedInMs: number;
  /** Tools the client listed from /mcp with its new token. */
  tools: number;
  /** What a tool call through the client answered, if the client can call one without a person. */
  called?: string;
}

export interface ClientTrial {
  name: string;
  /** The npm package, for its version and the "not installed" line. */
  pkg: string;
  bin: string;
  trial: (ctx: TrialContext) => Promise<Outcome>;
}

/** `slack_search_messages`' answer (JSON text), in a few words. */
export function describeSearch(text: string): string {
  const body = JSON.parse(text.replace(/^<untrusted_context>\s*|\s*<\/untrusted_context>$/g, '')) as {
    ok?: boolean;
    messages?: { total?: number };
  };
  return `slack_search_messages ok=${body.ok}, ${body.messages?.total} matches`;
}
