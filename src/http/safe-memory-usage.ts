import type { FastifyBaseLogger } from 'fastify';

let installed = false;

/**
 * `process.memoryUsage()` reads /proc and throws EMFILE when the process is out of file handles. The load
 * shedder samples it on a timer, where a throw is an uncaught exception that ends the process. Once
 * installed, a failed reading returns the last good one (and is logged once per streak), so running out of
 * handles degrades the service instead of stopping it.
 */
export function installSafeMemoryUsage(log: FastifyBaseLogger): void {
  if (installed) return;
  installed = true;
  const original = process.memoryUsage;
  let last = original();
  let failing = false;
  const read = <T>(sample: () => T, fallback: () => T): T => {
    try {
      const value = sample();
      failing = false;
      return value;
    } catch (err) {
      if (!failing) log.warn({ err }, 'cannot read memory usage: using the last reading');
      failing = true;
      return fallback();
    }
  };
  const safe = () =>
    read(
      () => (last = original()),
      () => last,
    );
  process.memoryUsage = Object.assign(safe, {
    rss: () =>
      read(
        () => original.rss(),
        () => last.rss,
      ),
  });
}
