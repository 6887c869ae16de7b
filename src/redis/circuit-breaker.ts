import type { Clock } from '../clock.js';

export interface CircuitBreakerOptions {
  /** How long the circuit stays open after a failure before a probe may close it. @default 5000 */
  openMs?: number;
  clock?: Clock;
  /** Heard once per outage, when the circuit opens. */
  onOpen?: (reason: string) => void;
  /** Heard once per outage, when a probe closes the circuit again. */
  onClose?: (outageMs: number) => void;
}

/**
 * Open: the dependency is not used at all (callers take their fallback at once); closed: it is. Any
 * failure opens it for `openMs`; past that, a successful probe closes it.
 */
export class CircuitBreaker {
  #open = false;
  #openedAt = 0;
  #openUntil = 0;
  readonly #openMs: number;
  readonly #clock: Clock;

  constructor(private readonly options: CircuitBreakerOptions = {}) {
    this.#openMs = options.openMs ?? 5000;
    this.#clock = options.clock ?? Date.now;
  }

  get isOpen(): boolean {
    return this.#open;
  }

  /** True while closed, or once an open circuit has waited `openMs` and may be probed. */
  get mayProbe(): boolean {
    return !this.#open || this.#clock() >= this.#openUntil;
  }

  trip(reason: string): void {
    const now = this.#clock();
    this.#openUntil = now + this.#openMs;
    if (this.#open) return;
    this.#open = true;
    this.#openedAt = now;
    this.options.onOpen?.(reason);
  }

  succeed(): void {
    if (!this.#open || this.#clock() < this.#openUntil) return;
    this.#open = false;
    this.options.onClose?.(this.#clock() - this.#openedAt);
  }
}
