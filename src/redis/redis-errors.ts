/** What went wrong with a Redis command, as counted in /metrics and logged. */
export type RedisErrorKind =
  | 'moved'
  | 'ask'
  | 'crossslot'
  | 'clusterdown'
  | 'tryagain'
  | 'readonly'
  | 'loading'
  | 'masterdown'
  | 'oom'
  | 'auth'
  | 'reply'
  | 'redirections'
  | 'timeout'
  | 'connection'
  | 'other';

const REPLY_KINDS: Record<string, RedisErrorKind> = {
  MOVED: 'moved',
  ASK: 'ask',
  CROSSSLOT: 'crossslot',
  CLUSTERDOWN: 'clusterdown',
  TRYAGAIN: 'tryagain',
  READONLY: 'readonly',
  LOADING: 'loading',
  MASTERDOWN: 'masterdown',
  OOM: 'oom',
  NOAUTH: 'auth',
  WRONGPASS: 'auth',
  NOPERM: 'auth',
};

const CONNECTION =
  /Connection is closed|Stream isn't writeable|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|connect|startup nodes|refresh slots|Reached the max retries/i;

/**
 * The kind of a failed command, or undefined for what is no Redis error: our own breaker's refusal, and
 * NOSCRIPT (a server that does not know a script yet; `luaScript` then sends it).
 */
export function redisErrorKind(err: unknown): RedisErrorKind | undefined {
  const { name, message = '' } = (err ?? {}) as Error;
  if (name === 'RedisCircuitOpen' || message.startsWith('NOSCRIPT')) return undefined;
  if (name === 'ReplyError') return REPLY_KINDS[message.split(' ', 1)[0]] ?? 'reply';
  if (message.startsWith('Too many Cluster redirections')) return 'redirections';
  if (message.includes('timed out')) return 'timeout';
  if (name === 'ClusterAllFailedError' || name === 'MaxRetriesPerRequestError' || CONNECTION.test(message))
    return 'connection';
  return 'other';
}

// Kinds that mean Redis (or the part of a cluster holding the key) cannot serve now: they open the breaker.
// The others (a MOVED to a client that does not follow it, CROSSSLOT, OOM, a refused login) are answers.
const OUTAGE = new Set<RedisErrorKind>([
  'clusterdown',
  'tryagain',
  'readonly',
  'loading',
  'masterdown',
  'redirections',
  'timeout',
  'connection',
  'other',
]);

export const isOutage = (kind: RedisErrorKind) => OUTAGE.has(kind);
