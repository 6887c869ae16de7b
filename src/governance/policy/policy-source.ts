import { type FSWatcher, readFileSync, statSync, watch } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_POLICY_BYTES, type Policy, PolicyError, parsePolicy } from './policy-file.js';

/** Edits arrive as several file events (truncate, write, rename): one reload after they settle. */
const SETTLE_MS = 200;

/** The policy in force: read at start (a bad file stops the start), read again on SIGHUP and on change. */
export interface PolicySource {
  current: () => Policy | undefined;
  /** Reads the file again; a bad file is refused (logged with its line) and the last good policy kept. */
  reload: () => Promise<boolean>;
  close: () => void;
}

function tooBig(path: string, size: number): void {
  if (size > MAX_POLICY_BYTES)
    throw new PolicyError(path, 1, `the file is larger than ${MAX_POLICY_BYTES} bytes`);
}

function readAtStart(path: string): Policy {
  try {
    tooBig(path, statSync(path).size);
    return parsePolicy(readFileSync(path, 'utf8'), path);
  } catch (err) {
    if (err instanceof PolicyError) throw err;
    throw new PolicyError(path, 1, `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

const described = (policy: Policy) => ({
  version: policy.version,
  deniedIds: policy.deniedIds.size,
  deniedNames: policy.deniedNames.length,
  clients: policy.kinds.clients.size,
  terms: policy.terms.length,
});

/** No path: no policy (reads are only bounded by consent). */
export function createPolicySource(path: string | undefined, log: FastifyBaseLogger): PolicySource {
  if (!path) return { current: () => undefined, reload: async () => false, close: () => {} };
  let policy = readAtStart(path);
  log.info({ policy: path, ...described(policy) }, 'policy loaded');
  let reading: Promise<boolean> | undefined;
  const readAgain = async () => {
    try {
      tooBig(path, (await stat(path)).size);
      const next = parsePolicy(await readFile(path, 'utf8'), path);
      if (next.version === policy.version) return true;
      policy = next;
      log.info({ policy: path, ...described(policy) }, 'policy reloaded');
      return true;
    } catch (err) {
      const line = err instanceof PolicyError ? err.line : undefined;
      const reason =
        err instanceof PolicyError
          ? err.message
          : `policy file ${path} cannot be read (${(err as NodeJS.ErrnoException).code})`;
      log.error(
        { policy: path, line, kept: policy.version },
        `${reason}; the last good policy stays in force`,
      );
      return false;
    }
  };
  const reload = () => {
    reading ??= readAgain().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const onHangUp = () => void reload();
  process.on('SIGHUP', onHangUp);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    // The folder, not the file: an editor or a config map replaces the file, which ends a watch on it.
    watcher = watch(dirname(path), { persistent: false }, (_event, name) => {
      if (name !== null && name !== basename(path)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), SETTLE_MS);
    });
    watcher.on('error', (err) =>
      log.warn({ policy: path, err }, 'the policy file is no longer watched; SIGHUP reloads it'),
    );
  } catch (err) {
    log.warn({ policy: path, err }, 'the policy file cannot be watched; SIGHUP reloads it');
  }
  return {
    current: () => policy,
    reload,
    close: () => {
      process.off('SIGHUP', onHangUp);
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
