import { isIPv6 } from 'node:net';
import type { RecordNames } from './names.js';
import type { RecordStore } from './record-store.js';

/** What a request that has signed nobody in can leave stored, each kind bounded on its own. */
export type AnonymousKind = 'pending' | 'slack-state' | 'client' | 'client-doc';

/** How long each kind's counts run (a record's life is at most its window, so live records stay bounded). */
const WINDOWS: Record<AnonymousKind, { windowMs: number; totalWindowMs: number; perAddress?: number }> = {
  pending: { windowMs: 600_000, totalWindowMs: 600_000 },
  'slack-state': { windowMs: 600_000, totalWindowMs: 600_000 },
  // Registrations: 20 an hour from one address; all together, per day (an unused one lives a day).
  client: { windowMs: 3_600_000, totalWindowMs: 86_400_000, perAddress: 20 },
  'client-doc': { windowMs: 3_600_000, totalWindowMs: 3_600_000 },
};

/**
 * The address a quota counts: IPv4 as it is, IPv6 by its /64 (one subscriber's network: a host there can use
 * any of 2^64 addresses).
 */
export function addressGroup(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** A kind's bound reached: how long until its window turns, and which bound. */
export interface QuotaRefusal {
  retryAfterS: number;
  message: string;
}

export interface AnonymousQuotaDeps {
  store: RecordStore;
  names: RecordNames;
  perAddress: number;
  total: number;
}

/**
 * Counts what anonymous requests store, per client address and in total, in fixed windows in the shared
 * store. Once the total is reached nothing more is counted (nor stored) until its window turns.
 */
export class AnonymousQuota {
  constructor(private readonly deps: AnonymousQuotaDeps) {}

  /** Takes one `kind` for `address`; a refusal when either bound is reached (nothing is stored then). */
  async take(kind: AnonymousKind, address: string): Promise<QuotaRefusal | undefined> {
    const { store, names, total } = this.deps;
    const window = WINDOWS[kind];
    const perAddress = window.perAddress ?? this.deps.perAddress;
    const totalKey = names.of('quota', `${kind}:*`);
    const full = {
      retryAfterS: Math.ceil(window.totalWindowMs / 1000),
      message: `this server is taking no more ${LABELS[kind]} for now: try again later`,
    };
    // The total is read first, so that once it is reached no address adds a count of its own.
    if (Number((await store.get(totalKey)) ?? 0) >= total) return full;
    const mine = await store.increment(
      names.of('quota', `${kind}:${addressGroup(address)}`),
      window.windowMs,
    );
    if (mine > perAddress)
      return {
        retryAfterS: Math.ceil(window.windowMs / 1000),
        message: `at most ${perAddress} ${LABELS[kind]} per ${window.windowMs === 3_600_000 ? 'hour' : `${window.windowMs / 60_000} minutes`} from one address`,
      };
    // An address's refusals never spend the total: one address cannot use up everyone's room.
    if ((await store.increment(totalKey, window.totalWindowMs)) > total) return full;
    return undefined;
  }
}

const LABELS: Record<AnonymousKind, string> = {
  pending: 'authorization requests',
  'slack-state': 'sign-ins with Slack',
  client: 'client registrations',
  'client-doc': 'client metadata documents',
};
