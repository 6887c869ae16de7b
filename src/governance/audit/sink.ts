import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { pino } from 'pino';

/** Where JSON lines go: written without waiting, bounded in bytes (past the bound, lines are dropped). */
export interface LineSink {
  /** Lines ending in \n; false when they were dropped (the buffer is full). */
  write(lines: string): boolean;
  close(): Promise<void>;
}

/** Bytes of lines a sink holds before it has written them (a slow disk or a full pipe). */
export const SINK_BUFFER_BYTES = 16 * 1024 * 1024;

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
  });
  stream.on('error', onError);
  let dropped = false;
  stream.on('drop', () => {
    dropped = true;
  });
  return {
    write: (lines) => {
      dropped = false;
      stream.write(lines);
      return !dropped;
    },
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
