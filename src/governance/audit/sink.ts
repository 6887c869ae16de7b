import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { pino } from 'pino';

/** Where JSON lines go: written without waiting, bounded in bytes (past the bound, lines are dropped). */
export interface LineSink {
  /** Lines ending in \n, in UTF-8; false when they were dropped (the buffer is full). */
  write(lines: Buffer): boolean;
  /** Resolves once what was written has gone out (or after a bound): the writer's next batch waits for it. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Bytes of lines a sink holds before it has written them (a slow disk or a full pipe). */
export const SINK_BUFFER_BYTES = 16 * 1024 * 1024;
/** How long the writer waits for the sink to drain before its next batch (a stuck pipe then drops). */
const READY_WAIT_MS = 1000;

/** A file AUDIT_LOG names must open for appending at start: a typo is found then, not at the first read. */
function openable(path: string) {
  try {
    mkdirSync(dirname(path), { recursive: true });
    closeSync(openSync(path, 'a'));
  } catch (err) {
    throw new Error(
      `Invalid configuration: AUDIT_LOG ${JSON.stringify(path)} cannot be opened for appending (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
}

/**
 * AUDIT_LOG as a sink: `off` (none), `stdout`, `stderr` or a file path (appended to, created with its
 * folder). Writes are asynchronous and buffered (sonic-boom, as pino's own destination).
 */
export function lineSink(setting: string, onError: (err: Error) => void): LineSink | undefined {
  if (setting === 'off') return undefined;
  const standard = setting === 'stdout' ? 1 : setting === 'stderr' ? 2 : undefined;
  if (!standard) openable(setting);
  const stream = pino.destination({
    ...(standard ? { fd: standard } : { dest: setting, mkdir: true, append: true }),
    sync: false,
    maxLength: SINK_BUFFER_BYTES,
    // Written as the bytes the trail encoded once (a string would be encoded again after each write).
    contentMode: 'buffer',
  });
  stream.on('error', onError);
  // Its types know strings only; in contentMode 'buffer' it takes (and wants) Buffers.
  const write = stream.write.bind(stream) as unknown as (data: Buffer) => boolean;
  let dropped = false;
  // Above its high-water mark until it says 'drain' (heard whenever it comes, waited for or not).
  let pending = false;
  let wake: (() => void) | undefined;
  stream.on('drop', () => {
    dropped = true;
  });
  stream.on('drain', () => {
    pending = false;
    wake?.();
  });
  return {
    write: (lines) => {
      dropped = false;
      pending = !write(lines);
      return !dropped;
    },
    ready: () =>
      pending
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(() => wake?.(), READY_WAIT_MS);
            wake = () => {
              clearTimeout(timer);
              wake = undefined;
              resolve();
            };
          })
        : Promise.resolve(),
    // A standard stream is flushed, never closed: the process's own log may share it.
    close: () =>
      new Promise<void>((resolve) => {
        if (standard) {
          stream.flush(() => resolve());
          return;
        }
        stream.once('close', () => resolve());
        stream.end();
      }),
  };
}
