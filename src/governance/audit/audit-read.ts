import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { type AppError, describeError } from '../../http/describe-error.js';
import { auditParams } from './params.js';
import type { AuditClient, AuditPolicy, AuditRecord, AuditReturned, AuditWho } from './record.js';
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

const slackCalls = new AsyncLocalStorage<{ calls: number }>();

/** Counts a call to Slack against the read under way (the Slack gateway's onCall hears every call). */
export function countSlackCall(): void {
  const read = slackCalls.getStore();
  if (read) read.calls++;
}

/**
 * `run`, recorded: one audit record per call, written once it settles (an answer or an error), queued so
 * that the read never waits for the audit.
 */
export function audited<C extends AuditedCaller, P, A extends AuditedAnswer>(
  settings: AuditSettings,
  read: string,
  run: (caller: C, params: P) => Promise<A>,
): (caller: C, params: P) => Promise<A> {
  const { trail } = settings;
  return async (caller, params) => {
    if (!trail.enabled) return run(caller, params);
    const time = settings.clock();
    const started = performance.now();
    const counter = { calls: 0 };
    type Outcome = Pick<AuditRecord, 'status' | 'http_status' | 'returned'> &
      Partial<Pick<AuditRecord, 'error_code' | 'backend' | 'cache' | 'policy'>>;
    const record = (outcome: Outcome) =>
      trail.write({
        time: new Date(time).toISOString(),
        request_id: caller.requestId,
        who: caller.who,
        client: caller.client,
        read,
        params: auditParams(params as object, settings.recordQueries),
        status: outcome.status,
        http_status: outcome.http_status,
        ...(outcome.error_code === undefined ? {} : { error_code: outcome.error_code }),
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        returned: outcome.returned,
        backend: outcome.backend ?? null,
        slack_calls: counter.calls,
        cache: outcome.cache ?? null,
        policy: outcome.policy ?? null,
      });
    let answer: A;
    try {
      answer = await slackCalls.run(counter, () => run(caller, params));
    } catch (err) {
      const { status, code } = describeError(err as AppError);
      trail.guard(() => record({ status: 'error', http_status: status, error_code: code, returned: null }));
      throw err;
    }
    const { body } = answer;
    const channel = (params as { channel?: unknown }).channel;
    const backend = typeof body.backend === 'string' ? body.backend : null;
    trail.guard(() =>
      record({
        status: 'ok',
        http_status: 200,
        returned: keptOf(returnedOf(body, typeof channel === 'string' ? channel : undefined), backend),
        backend,
        cache: answer.cache ?? null,
        policy: answer.policy ?? null,
      }),
    );
    return answer;
  };
}

/**
 * What a record may keep of what came back: Real-time Search's results may not be stored or copied (Slack's
 * rule for that API), so its records keep the counts and no id of a result.
 */
function keptOf(returned: AuditReturned, backend: string | null): AuditReturned {
  if (backend !== 'rts') return returned;
  return { counts: returned.counts, channels: [], messages: [], files: [], truncated: false };
}
