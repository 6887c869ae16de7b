import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run crosscheck`: the checks against the counterparts' own artifacts in ../shared (or
// AGENT_SEARCH_SHARED), with the same harness, Redis and response checks as `npm test`.
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..'),
    include: ['crosscheck/**/*.test.ts'],
    globalSetup: ['crosscheck/require-shared.ts', 'test/global-setup.ts'],
    setupFiles: ['test/support/contract-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
