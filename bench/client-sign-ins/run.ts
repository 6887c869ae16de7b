import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A client's program in the folder the clients were installed in (`npm i --prefix`), or undefined. */
export function clientBin(clients: string, name: string): string | undefined {
  const path = join(clients, 'node_modules', '.bin', name);
  return existsSync(path) ? path : undefined;
}

/** The installed version of an npm package in that folder. */
export function clientVersion(clients: string, pkg: string): string {
  const file = join(clients, 'node_modules', pkg, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export interface Running {
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote so far, stdout and stderr together. */
  text: () => string;
  /** The first match of `pattern` in its output, waiting up to `ms`. */
  waitFor: (what: string, pattern: RegExp, ms?: number) => Promise<RegExpExecArray>;
  /** Its exit code, waiting up to `ms`. */
  exited: (ms?: number) => Promise<number | null>;
}

export function run(cmd: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Running {
  const child = spawn(cmd, args, options);
  let text = '';
  child.stdout.on('data', (b) => (text += b));
  child.stderr.on('data', (b) => (text += b));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const tail = () => text.slice(-600).replace(/\s+/g, ' ');
  return {
    child,
    text: () => text,
    async waitFor(what, pattern, ms = 60_000) {
      const end = Date.now() + ms;
      for (;;) {
        const found = pattern.exec(text);
        if (found) return found;
        if (child.exitCode !== null)
          throw new Error(`exited ${child.exitCode} before ${what}; output tail: ${tail()}`);
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}; output tail: ${tail()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async exited(ms = 60_000) {
      const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), ms).unref());
      const code = await Promise.race([exit, timer]);
      if (code === 'late') throw new Error(`${cmd} still running after ${ms} ms; output tail: ${tail()}`);
      return code;
    },
  };
}

// The URL ends at a space, a quote or a terminal's escape character (ESC, written as \u001b).
export const AUTHORIZE = new RegExp(
  `(http://(?:127\\.0\\.0\\.1|localhost):\\d+/oauth/authorize\\?[^\\s"'${String.fromCharCode(27)}]+)`,
);
