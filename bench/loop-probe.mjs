// Loaded into a server that a bench starts (`spawnServer(…, { loopProbe: true })`, `--import` before
// src/server.ts): on each 'loop-report' message over IPC, the main thread's busy time and its longest block
// since the last one (worker threads not counted), then both start again.
// Worker threads inherit the `--import` (hence plain JavaScript: they do not inherit tsx): only the main
// thread is measured.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let since = performance.eventLoopUtilization();
  process.channel?.unref();
  process.on('message', (message) => {
    if (message !== 'loop-report') return;
    const used = performance.eventLoopUtilization(since);
    process.send?.({ busyMs: used.active, maxBlockMs: delay.max / 1e6 });
    delay.reset();
    since = performance.eventLoopUtilization();
  });
}
