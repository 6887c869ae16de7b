import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer, Socket } from 'node:net';

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts again on the same port (for outage tests). */
  start(): Promise<void>;
  /** SIGSTOP: the server keeps its connections and accepts new ones but answers nothing (a hung Redis). */
  pause(): void;
  /** SIGCONT after `pause`. */
  resume(): void;
}

export function findRedisBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (!found) {
    throw new Error(
      'redis-server not found: install it (apt-get install -y redis-server); tests never skip without it',
    );
  }
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The pid of the redis-server answering on `port`, or undefined while none answers. */
function answeringPid(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let text = '';
    socket.setTimeout(200);
    socket.on('data', (d) => {
      text += d.toString();
      const pid = /process_id:(\d+)/.exec(text)?.[1];
      if (pid === undefined) return;
      socket.destroy();
      resolve(Number(pid));
    });
    socket.once('error', () => resolve(undefined));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.connect(port, '127.0.0.1', () => socket.write('INFO server\r\n'));
  });
}

/** A throwaway redis-server on a free loopback port, no persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = findRedisBinary();
  let port = await freePort();
  let child: ChildProcess | undefined;
  // Ready when this child answers (not another process that took the port between freePort and the spawn).
  const start = async () => {
    const own = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = own;
    for (let i = 0; i < 100 && own.exitCode === null; i++) {
      if ((await answeringPid(port)) === own.pid) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    own.kill('SIGKILL');
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  const signal = (name: NodeJS.Signals) => {
    if (!child || child.exitCode !== null) throw new Error('redis-server is not running');
    child.kill(name);
  };
  // The port was free when chosen; another process may take it first: then start on another.
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      port = await freePort();
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child?.exitCode === null) child.kill('SIGCONT');
      await stop();
    },
    start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
  };
}
