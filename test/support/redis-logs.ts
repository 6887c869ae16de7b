import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg: string;
  component?: string;
}

/** A pino stream that keeps every line, and the [level, msg] pairs of the Redis link's own lines. */
export function captureLogs() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const redisLines = () => lines.filter((l) => l.component === 'redis').map((l) => [l.level, l.msg]);
  return { lines, stream, redisLines };
}
