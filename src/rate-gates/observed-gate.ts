import type { RateGate } from './rate-gate.js';

export type RateWaitListener = (method: string, outcome: 'waited' | 'refused', ms: number) => void;

/** The same gate, reporting each wait for a turn and each refusal (the wait would pass the deadline). */
export function observeGate(gate: RateGate, listener: RateWaitListener): RateGate {
  return {
    acquire: async (scope, method, deadline, onWait) => {
      try {
        await gate.acquire(scope, method, deadline, (ms) => {
          listener(method, 'waited', ms);
          onWait?.(ms);
        });
      } catch (err) {
        if ((err as { code?: string }).code === 'AS_ERR_SLACK_RATE_LIMITED') listener(method, 'refused', 0);
        throw err;
      }
    },
    block: (scope, method, until) => gate.block(scope, method, until),
  };
}
