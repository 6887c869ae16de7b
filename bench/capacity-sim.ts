// The discrete-event simulation behind bench/capacity-model.ts: agents asking the service, the service's
// cache, coalescing and rate gate (GCRA, as src/rate-gates), and Slack's per-workspace limits (a sliding
// window, as the fake's), minute by simulated minute. Deterministic (seeded); no timers, no I/O.

/** One workspace's demand and the service's shape. */
export interface SimConfig {
  /** Agents asking at once (the people with an agent at work in the busiest minute). */
  agents: number;
  /** Tool calls a minute an ordinary agent makes; a tenth of the agents make `heavyFactor` times as many. */
  perAgentPerMin: number;
  heavyFactor: number;
  /** Message searches; the rest are conversation reads (history, threads, context), file reads and channel/people searches. */
  mix: { search: number; conversation: number; file: number; directory: number };
  /** legacy: search.messages (cached); rts: Real-time Search (never cached, 10 a minute per person). */
  backend: 'legacy' | 'rts';
  /** Sign-in: every read runs as its person, so cached answers are theirs alone (keys per person). */
  perPerson: boolean;
  replicas: number;
  /** Redis: one cache, coalescing and rate gate for all replicas; else each replica has its own in memory. */
  shared: boolean;
  /** Distinct questions agents ask, and how skewed (Zipf exponent): the source of cache hits. */
  universe: number;
  zipf: number;
  /** How long an answer is reused (CACHE_SEARCH_TTL_MS), and how long a request may wait (REQUEST_DEADLINE_MS). */
  ttlS: number;
  deadlineS: number;
  /** Slack's limits a minute per workspace and app: search.messages, conversations.*, search.files, RTS. */
  limits: { search: number; conversation: number; file: number; rtsWorkspace: number; rtsPerson: number };
  minutes: number;
  seed: number;
}

export interface SimResult {
  requests: number;
  served: number;
  refused: number;
  hitRate: number;
  slackCalls: number;
  slack429: number;
  p95WaitS: number;
  /** Share of requests refused, ordinary agents and heavy ones. */
  refusedLight: number;
  refusedHeavy: number;
}

type Kind = 'search' | 'conversation' | 'file' | 'directory';

/** Mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws from a Zipf distribution over 0..n-1 by inverting its cumulative weights. */
function zipf(n: number, s: number, random: () => number) {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= n; k++) {
    total += 1 / k ** s;
    cumulative.push(total);
  }
  return () => {
    const x = random() * total;
    let [lo, hi] = [0, n - 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** GCRA as the service's gate: a slot at most `limit` a minute with a burst of `limit`, booked on grant. */
class Gate {
  #tat = 0;
  #blockedUntil = 0;
  constructor(private readonly limit: number) {}
  slot(now: number): number {
    const interval = 60 / this.limit;
    const tat = Math.max(this.#tat, now, this.#blockedUntil);
    return Math.max(now, this.#blockedUntil, tat - (60 - interval));
  }
  book(now: number): void {
    this.#tat = Math.max(this.#tat, now, this.#blockedUntil) + 60 / this.limit;
  }
  block(until: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, until);
  }
}

/** Slack's side: at most `limit` calls in any minute (a sliding window); the wait until one is free. */
class Window {
  readonly #calls: number[] = [];
  constructor(private readonly limit: number) {}
  take(now: number): number {
    while (this.#calls.length > 0 && (this.#calls[0] as number) <= now - 60) this.#calls.shift();
    if (this.#calls.length >= this.limit) return (this.#calls[0] as number) + 60 - now;
    this.#calls.push(now);
    return 0;
  }
}

const METHOD: Record<Exclude<Kind, 'directory'>, keyof SimConfig['limits']> = {
  search: 'search',
  conversation: 'conversation',
  file: 'file',
};

/** A binary min-heap of timed events. */
class Events<T extends { at: number }> {
  readonly #heap: T[] = [];
  push(event: T): void {
    const h = this.#heap;
    h.push(event);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if ((h[parent] as T).at <= (h[i] as T).at) break;
      [h[parent], h[i]] = [h[i] as T, h[parent] as T];
      i = parent;
    }
  }
  pop(): T | undefined {
    const h = this.#heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let m = i;
        if (l < h.length && (h[l] as T).at < (h[m] as T).at) m = l;
        if (r < h.length && (h[r] as T).at < (h[m] as T).at) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i] as T, h[m] as T];
        i = m;
      }
    }
    return top;
  }
}

interface Request {
  arrived: number;
  agent: number;
  heavy: boolean;
  kind: Kind;
  key: string;
  replica: number;
}

type Event =
  | { at: number; type: 'arrive'; request: Request }
  | { at: number; type: 'call'; request: Request; method: keyof SimConfig['limits']; attempt: number }
  | { at: number; type: 'done'; request: Request };

const WARM_S = 120;

/** The kind whose share of the mix `x` (0–1) falls in. */
function kindAt(kinds: Array<[Kind, number]>, x: number): Kind {
  let left = x;
  for (const [kind, share] of kinds) {
    left -= share;
    if (left < 0) return kind;
  }
  return 'directory';
}

/** The value under `key`, made by `make` the first time. */
function lazy<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
const SLACK_LATENCY_S = 0.3;

/** Runs the workspace for `minutes` after a two-minute warm-up; counts only what arrived after it. */
export function simulate(c: SimConfig): SimResult {
  const random = prng(c.seed);
  const pick = zipf(c.universe, c.zipf, random);
  const replicas = Array.from({ length: c.shared ? 1 : c.replicas }, () => ({
    cache: new Map<string, number>(),
    inFlight: new Map<string, Request[]>(),
    gates: new Map<string, Gate>(),
  }));
  const slack = new Map<string, Window>();
  const rtsPerPerson = new Map<number, number[]>();
  const events = new Events<Event>();
  const end = WARM_S + c.minutes * 60;
  const kinds = Object.entries(c.mix) as Array<[Kind, number]>;
  for (let agent = 0; agent < c.agents; agent++) {
    const heavy = agent % 10 === 0;
    const rate = (c.perAgentPerMin * (heavy ? c.heavyFactor : 1)) / 60;
    for (let t = -Math.log(1 - random()) / rate; t < end; t += -Math.log(1 - random()) / rate) {
      const kind = kindAt(kinds, random());
      const key = `${kind}:${c.perPerson ? `${agent}:` : ''}${pick()}`;
      const replica = c.shared ? 0 : Math.floor(random() * c.replicas);
      events.push({ at: t, type: 'arrive', request: { arrived: t, agent, heavy, kind, key, replica } });
    }
  }
  const tally = { requests: 0, served: 0, refused: 0, hits: 0, calls: 0, slack429: 0 };
  const classes = { light: [0, 0], heavy: [0, 0] };
  const waits: number[] = [];
  const finish = (r: Request, at: number | undefined) => {
    if (r.arrived < WARM_S) return;
    tally.requests++;
    const cls = r.heavy ? classes.heavy : classes.light;
    cls[0] = (cls[0] as number) + 1;
    if (at === undefined) {
      tally.refused++;
      cls[1] = (cls[1] as number) + 1;
    } else {
      tally.served++;
      waits.push(at - r.arrived);
    }
  };
  const cacheable = (r: Request) => !(r.kind === 'search' && c.backend === 'rts');
  /** Books the gate's next slot for the call, or refuses the request when it would pass its deadline. */
  const schedule = (r: Request, method: keyof SimConfig['limits'], attempt: number, now: number) => {
    const gates = (replicas[r.replica] as (typeof replicas)[number]).gates;
    const gate = lazy(gates, method, () => new Gate(c.limits[method]));
    const slot = gate.slot(now);
    if (slot - r.arrived > c.deadlineS || attempt > 2) return settle(r, undefined);
    gate.book(now);
    events.push({ at: slot, type: 'call', request: r, method, attempt });
  };
  /** The request and everyone who joined its call get the answer (or the refusal). */
  const settle = (r: Request, at: number | undefined) => {
    const state = replicas[r.replica] as (typeof replicas)[number];
    const joined = cacheable(r) ? (state.inFlight.get(r.key) ?? [r]) : [r];
    state.inFlight.delete(r.key);
    if (at !== undefined && cacheable(r)) state.cache.set(r.key, at + c.ttlS);
    for (const q of joined) finish(q, at);
  };
  for (let e = events.pop(); e; e = events.pop()) {
    const r = e.request;
    const state = replicas[r.replica] as (typeof replicas)[number];
    if (e.type === 'done') settle(r, e.at);
    else if (e.type === 'call') {
      if (r.arrived >= WARM_S) tally.calls++;
      const win = lazy(slack, e.method, () => new Window(c.limits[e.method]));
      const wait = win.take(e.at);
      if (wait === 0) events.push({ at: e.at + SLACK_LATENCY_S, type: 'done', request: r });
      else {
        if (r.arrived >= WARM_S) tally.slack429++;
        (state.gates.get(e.method) as Gate).block(e.at + wait);
        schedule(r, e.method, e.attempt + 1, e.at);
      }
    } else if (r.kind === 'directory' || (cacheable(r) && (state.cache.get(r.key) ?? -1) > e.at)) {
      if (r.arrived >= WARM_S) tally.hits++;
      finish(r, e.at);
    } else if (cacheable(r) && state.inFlight.has(r.key)) state.inFlight.get(r.key)?.push(r);
    else {
      const rts = r.kind === 'search' && c.backend === 'rts';
      if (rts) {
        const mine = (rtsPerPerson.get(r.agent) ?? []).filter((t) => t > e.at - 60);
        rtsPerPerson.set(r.agent, mine);
        if (mine.length >= c.limits.rtsPerson) {
          finish(r, undefined);
          continue;
        }
        mine.push(e.at);
      } else state.inFlight.set(r.key, [r]);
      schedule(r, rts ? 'rtsWorkspace' : METHOD[r.kind as Exclude<Kind, 'directory'>], 0, e.at);
    }
  }
  waits.sort((a, b) => a - b);
  const share = ([n, refused]: number[]) => ((n as number) ? (refused as number) / (n as number) : 0);
  return {
    requests: tally.requests,
    served: tally.served,
    refused: tally.refused,
    hitRate: tally.requests ? tally.hits / tally.requests : 0,
    slackCalls: tally.calls,
    slack429: tally.slack429,
    p95WaitS: waits[Math.floor(waits.length * 0.95)] ?? 0,
    refusedLight: share(classes.light),
    refusedHeavy: share(classes.heavy),
  };
}
