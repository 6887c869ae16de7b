import { ENGINEERING, GENERAL, INCIDENTS, PRODUCT, RANDOM } from './channels.js';
import {
  AMARA,
  DEPLOYBOT,
  ENGINEERS,
  EVERYONE,
  JONAS,
  KENJI,
  LEO,
  MAYA,
  PRIYA,
  SOFIA,
  TOMASZ,
} from './users.js';

export interface ChatterPool {
  channel: string;
  /** Messages per weekday: [min, max]. */
  perDay: [number, number];
  lines: [authors: readonly string[], template: string][];
}

export const SLOTS: Record<string, readonly string[]> = {
  service: ['checkout-api', 'search-service', 'billing-worker', 'web-app', 'notifications', 'auth-gateway'],
  env: ['staging', 'prod-eu', 'prod-us'],
  repo: ['checkout', 'web-app', 'platform-infra', 'search-service'],
  change: ['retry budget for Slack calls', 'drop the legacy sessions table', 'cache search results in Redis'],
  flag: ['new-checkout-flow', 'search-v2', 'dark-mode', 'usage-based-billing'],
  pct: ['5', '10', '25', '50', '100'],
  customer: ['Globex', 'Initech', 'Umbrella Health', 'Soylent Foods', 'Wayne Logistics'],
  feature: ['CSV export', 'saved searches', 'SSO for small teams', 'the usage dashboard'],
  cause: ['an expired TLS certificate', 'a full disk on the log volume', 'a bad feature-flag rollout'],
  test: ['checkout.e2e.spec.ts > applies coupon', 'search.spec.ts > paginates', 'billing.spec.ts > prorates'],
  talk: ['Postgres indexes in practice', 'How Slack rate limits work', 'Designing for screen readers'],
  user: [...EVERYONE],
};

const SNIPPET =
  'Handy retry helper for the Slack client:\n```\nfor (let attempt = 0; attempt < 3; attempt++) {\n  try { return await call(); } catch (err) { await sleep(2 ** attempt * 100); }\n}\n```';

export const CHATTER: ChatterPool[] = [
  {
    channel: ENGINEERING,
    perDay: [2, 4],
    lines: [
      [ENGINEERS, 'Deployed {service} v2.{n}.{n} to {env} :rocket:'],
      [
        ENGINEERS,
        'PR up: <https://github.com/acme-demo/{repo}/pull/1{n}{n}|{repo}#1{n}{n}> — {change}. <@{user}> could you take a look?',
      ],
      [ENGINEERS, 'Heads up: CI is flaky on `{test}`, quarantined it for now'],
      [ENGINEERS, '{service} p95 latency back under {n}0ms after the connection pool change :tada:'],
      [ENGINEERS, 'Anyone seen `ECONNRESET` from {service} to Postgres? Spikes since this morning'],
      [[TOMASZ, KENJI], 'Postgres migration `2026_03_{n}{n}_orders_index` running on staging, ETA ~{n}0 min'],
      [[JONAS, MAYA], 'Feature flag `{flag}` is now at {pct}% in prod'],
      [[MAYA, PRIYA], SNIPPET],
      [
        [KENJI],
        'TIL `EXPLAIN (ANALYZE, BUFFERS)` shows the {service} query does a seq scan on events. Adding an index',
      ],
      [[DEPLOYBOT], 'Deploy #44{n}{n} of {service} v2.{n}.{n} to {env} succeeded'],
      [[AMARA], 'Reminder: deploy freeze starts Friday 15:00 UTC, no prod deploys after that please'],
      [ENGINEERS, `<@${MAYA}> do you know why {service} retries 429s without honouring Retry-After?`],
    ],
  },
  {
    channel: GENERAL,
    perDay: [1, 2],
    lines: [
      [
        [AMARA],
        'All-hands moved to Thursday 16:00 UTC. Agenda: <https://docs.acme-demo.example/all-hands|all-hands doc>',
      ],
      [[AMARA, LEO], 'Reminder: Q2 OKR drafts due Friday :memo:'],
      [EVERYONE, 'Lunch & learn tomorrow: "{talk}" by <@{user}> :pizza:'],
      [
        [AMARA],
        'The new expense tool is live, guide here: <https://wiki.acme-demo.example/expenses|Expenses 101>',
      ],
      [EVERYONE, 'Happy Friday everyone! :tada:'],
      [[JONAS], 'The Berlin office is closed on Friday for maintenance, please work from home'],
      [[LEO], 'Big welcome to our new customer {customer} :wave:'],
    ],
  },
  {
    channel: RANDOM,
    perDay: [1, 2],
    lines: [
      [EVERYONE, 'Who took the last oat milk? :cry:'],
      [[JONAS], 'Grüße aus Berlin! The Spree is half frozen today ❄️'],
      [EVERYONE, 'Recommendation thread: best mechanical keyboard under €150?'],
      [[KENJI], '今日はラーメンの日 🍜 anyone joining for lunch?'],
      [[SOFIA], 'The café downstairs has a new espresso blend, 10/10 ☕'],
      [EVERYONE, 'My cat just walked across the keyboard and opened {n} PRs 🐈'],
      [[AMARA], 'Offsite photos are up: <https://photos.acme-demo.example/offsite-2025|album> 📸'],
    ],
  },
  {
    channel: PRODUCT,
    perDay: [1, 2],
    lines: [
      [[LEO, SOFIA], 'Customer feedback from {customer}: they want {feature} on the orders page'],
      [
        [LEO],
        'Updated the spec for {feature}: <https://docs.acme-demo.example/specs/{n}{n}|spec>. Comments welcome by Wednesday',
      ],
      [[LEO], 'Pricing page A/B test: variant B converts {pct}% better so far'],
      [[LEO], `<@${MAYA}> do we have capacity for {feature} next sprint?`],
      [[SOFIA], 'New mocks for {feature} in Figma: <https://figma.example/file/{n}{n}{n}|mocks>'],
      [[LEO, AMARA], 'Onboarding funnel: step 3 drop-off went from 42% to {n}{n}% after the copy change'],
    ],
  },
  {
    channel: INCIDENTS,
    perDay: [0, 1],
    lines: [
      [[PRIYA, TOMASZ], ':rotating_light: {service} error rate above 2% in {env}, investigating'],
      [[PRIYA, MAYA], 'Resolved: {service} in {env}, root cause was {cause}. Postmortem to follow'],
      [[PRIYA], 'Pager test at 10:00 UTC, please ignore the alert'],
    ],
  },
];
