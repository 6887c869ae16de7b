import { performance } from 'node:perf_hooks';
import { type AppError, describeError } from '../../http/describe-error.js';
import type { SlackAccess } from '../../slack-client/types.js';
import type { AuditClient, AuditPolicy, AuditReturned, AuditWho } from './record.js';
import type { RecordParts } from './record-line.js';
import { returnedOf } from './returned.js';
import type { AuditTrail } from './trail.js';

/** What the audit needs of a caller: the request's id, who asks, through which client. */
export interface AuditedCaller {
  requestId: string;
  who: AuditWho;
  client: AuditClient;
}

/** What the audit reads of an answer: ids from its body (never a text), its cache status, the policy's work. */
export interface AuditedAnswer {
  body: Record<string, unknown>;
  cache?: 'HIT' | 'MISS' | 'STALE';
  policy?: AuditPolicy;
}

/** How the audit is kept: where records go, whether a search's query text is in them, the clock. */
export interface AuditSettings {
  trail: AuditTrail;
  recordQueries: boolean;
  clock: () => number;
}

/**
 * `run`, recorded: one audit record per call, written once it settles (an answer or an error), queued so
 * that the read never waits for the audit. Per call it queues one object of the record's parts
 * (record-line.ts) that points at what the read already holds, no copy of the answer: the parameters' JSON
 * and the line are written with its batch's. A fault in making the record is counted as failed, never
 * thrown into the read.
 */
export function audited<C extends AuditedCaller, P, A extends AuditedAnswer>(
  settings: AuditSettings,
  read: string,
  run: (caller: C, params: P) => Promise<A>,
): (caller: C, params: P) => Promise<A> {
  const { trail, recordQueries } = settings;
  const readJson = JSON.stringify(read);
  return async (caller, params) => {
    if (!trail.enabled) return run(caller, params);
    const started = performance.now();
    const parts: RecordParts = {
      time: settings.clock(),
      requestId: caller.requestId,
      who: caller.who,
      client: caller.client,
      readJson,
      params: params as object,
      recordQueries,
      keptParamsJson: undefined,
      status: 'error',
      httpStatus: 0,
      errorCode: undefined,
      durationMs: 0,
      backend: null,
      slackCalls: 0,
      cache: null,
      policy: null,
      returned: null,
    };
    // Calls to Slack counted until the read settles (one made later, beside the answer, is not this read's).
    let calls = 0;
    const onSlackCall = () => {
      calls++;
    };
    let answer: A;
    try {
      answer = await run(counted(caller, onSlackCall), params);
    } catch (err) {
      try {
        const { status, code } = describeError(err as AppError);
        parts.httpStatus = status;
        parts.errorCode = code;
        settled(trail, parts, started, calls);
      } catch (fault) {
        trail.fault(fault as Error);
      }
      throw err;
    }
    try {
      const { body } = answer;
      const channel = (params as { channel?: unknown }).channel;
      const backend = typeof body.backend === 'string' ? body.backend : null;
      parts.status = 'ok';
      parts.httpStatus = 200;
      parts.backend = backend;
      parts.cache = answer.cache ?? null;
      parts.policy = answer.policy ?? null;
      parts.returned = returnedOnce(body, typeof channel === 'string' ? channel : undefined, backend);
      settled(trail, parts, started, calls);
    } catch (fault) {
      trail.fault(fault as Error);
    }
    return answer;
  };
}

/** A read's record, its duration taken now and its Slack calls so far, queued. */
function settled(trail: AuditTrail, parts: RecordParts, started: number, slackCalls: number): void {
  parts.slackCalls = slackCalls;
  parts.durationMs = Math.round((performance.now() - started) * 100) / 100;
  trail.writeParts(parts);
}

/**
 * What a record may keep of what came back: Real-time Search's results may not be stored or copied (Slack's
 * rule for that API), so its records keep the counts and no id of a result.
 */
function keptOf(returned: AuditReturned, backend: string | null): AuditReturned {
  if (backend !== 'rts') return returned;
  return { counts: returned.counts, channels: [], messages: [], files: [], truncated: false };
}

/** What came back, per answer body: a cached answer (the same body on every hit) is walked once. */
const walked = new WeakMap<object, { channel?: string; backend: string | null; returned: AuditReturned }>();

function returnedOnce(body: object, channel: string | undefined, backend: string | null): AuditReturned {
  const known = walked.get(body);
  if (known && known.channel === channel && known.backend === backend) return known.returned;
  const returned = keptOf(returnedOf(body as Record<string, unknown>, channel), backend);
  walked.set(body, { channel, backend, returned });
  return returned;
}

/**
 * The caller whose Slack access counts each call to Slack against this read (the gateway tells the access of
 * every call it makes with it, name lookups and policy checks included). A caller with no Slack access (a
 * tool search) is itself. Each access is the caller's own new object (ReadCaller.slackAccess): marked, not
 * copied.
 */
function counted<C extends AuditedCaller>(caller: C, onSlackCall: () => void): C {
  const { slackAccess, slackAccesses } = caller as {
    slackAccess?: () => SlackAccess;
    slackAccesses?: () => SlackAccess[];
  };
  if (!slackAccess) return caller;
  const marked = () => {
    const access = slackAccess();
    access.onSlackCall = onSlackCall;
    return access;
  };
  if (!slackAccesses) return { ...caller, slackAccess: marked };
  // A person signed in to several workspaces reads with each of their accesses: every one is counted.
  const markedEach = () =>
    slackAccesses().map((access) => {
      access.onSlackCall = onSlackCall;
      return access;
    });
  return { ...caller, slackAccess: marked, slackAccesses: markedEach };
}
