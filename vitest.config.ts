import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files that hold an answer to a wall-clock bound (a deadline plus a margin, Redis or Slack stopped under
// load), or start a process on a port they chose free: they run after the rest, one at a time, as they were
// written to, so other files' CPU cannot push them past their bound nor their sockets take the chosen port.
// Everything else runs on at least two workers: most of its time is spent waiting (deadlines, sockets, child
// processes), so two share a 2-core machine well (400 s → about 260 s).
const TIMED = [
  'test/ops/build-output.test.ts',
  'test/ops/graceful-shutdown.test.ts',
  'test/ops/startup-config.test.ts',
  'test/faults/**/*.test.ts',
  'test/redis/**/*.test.ts',
  'test/cache/redis-coalescer.test.ts',
  'test/catalog/rank-pool.test.ts',
  'test/fake-slack/faults.test.ts',
  'test/find/safe-download.test.ts',
  'test/rate-gates/redis-rate-gate.test.ts',
  'test/routes/catalog-load.test.ts',
  'test/routes/errors.test.ts',
  'test/sign-in/events.test.ts',
  'test/unit/html-to-text.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/support/contract-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: ['test/**/*.test.ts'],
          exclude: TIMED,
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
