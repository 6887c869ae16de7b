import type { RateBudget } from './fake-slack-types.js';

const MINUTE = 60_000;

/**
 * Slack's published tiers: t2 20/min (search, conversations.list, users.list), t3 50+/min, t4 100+/min;
 * "special" methods get a generous budget.
 */
export const TIER_PRESETS: Readonly<Record<string, RateBudget>> = {
  'search.messages': { limit: 20, windowMs: MINUTE },
  'conversations.replies': { limit: 50, windowMs: MINUTE },
  'conversations.history': { limit: 50, windowMs: MINUTE },
  'conversations.list': { limit: 20, windowMs: MINUTE },
  'users.list': { limit: 20, windowMs: MINUTE },
  'conversations.info': { limit: 50, windowMs: MINUTE },
  'users.info': { limit: 100, windowMs: MINUTE },
  'auth.test': { limit: 600, windowMs: MINUTE },
  'chat.getPermalink': { limit: 600, windowMs: MINUTE },
};

/** Precedence: explicit `rateLimits` entries, then the non-Marketplace replies/history budget, then tier presets. */
export function resolveBudgets(
  rateLimits: boolean | Partial<Record<string, RateBudget>> | undefined,
  nonMarketplace: boolean,
): Record<string, RateBudget> {
  const budgets: Record<string, RateBudget> = rateLimits ? { ...TIER_PRESETS } : {};
  if (nonMarketplace) {
    budgets['conversations.replies'] = { limit: 1, windowMs: MINUTE };
    budgets['conversations.history'] = { limit: 1, windowMs: MINUTE };
  }
  if (typeof rateLimits === 'object') {
    for (const [method, budget] of Object.entries(rateLimits)) if (budget) budgets[method] = budget;
  }
  return budgets;
}

/** Sliding-window log per key; rejected calls do not count against the budget. */
export class RateLimiter {
  private readonly log = new Map<string, number[]>();

  constructor(
    private readonly budgets: Record<string, RateBudget>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a call; returns the Retry-After seconds when it is over budget. */
  take(key: string, method: string): number | undefined {
    const budget = this.budgets[method];
    if (!budget) return undefined;
    const now = this.now();
    const recent = (this.log.get(key) ?? []).filter((at) => at > now - budget.windowMs);
    this.log.set(key, recent);
    if (recent.length >= budget.limit) {
      return Math.max(1, Math.ceil(((recent[0] ?? now) + budget.windowMs - now) / 1000));
    }
    recent.push(now);
    return undefined;
  }

  reset(): void {
    this.log.clear();
  }
}
