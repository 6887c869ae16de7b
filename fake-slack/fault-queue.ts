import type { Fault } from './fake-slack-types.js';

/** Faults wait in order; each matching call consumes one use of the first fault that matches it. */
export class FaultQueue {
  private queue: { fault: Fault; remaining: number }[] = [];

  push(fault: Fault): void {
    this.queue.push({ fault, remaining: fault.times ?? 1 });
  }

  take(method: string): Fault | undefined {
    const entry = this.queue.find(({ fault }) => fault.method === undefined || fault.method === method);
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queue.splice(this.queue.indexOf(entry), 1);
    return entry.fault;
  }

  clear(): void {
    this.queue = [];
  }
}
