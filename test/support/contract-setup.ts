import { afterEach } from 'vitest';
import { takeConciseViolations } from './concise-hook.js';
import { takeContractViolations } from './contract-hook.js';

// The contract test: every response any test provokes must match the committed OpenAPI document. A
// setup file (vitest.config.ts `setupFiles`) rather than part of test/helper.ts, so that benches can
// build the harness outside vitest.
afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length > 0) {
    throw new Error(
      `responses that break openapi/openapi.json (fix the route or its schema, then npm run openapi):\n${violations.join('\n')}`,
    );
  }
  const concise = takeConciseViolations();
  if (concise.length > 0) {
    throw new Error(`concise bodies that break docs/concise-format.md:\n${concise.slice(0, 20).join('\n')}`);
  }
});
