/** A JSON text that does not parse, with the line the fault is on. */
export class JsonSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`not valid JSON at line ${line}`);
  }
}

const LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

/**
 * One forward pass over a JSON text: the line each value starts on, by JSON pointer (`/deny/names/1`), for
 * messages that name the line at fault; a text that is not JSON throws JsonSyntaxError with its line (V8's
 * own message names no position for many faults).
 */
export function linesOfValues(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;
  const fail = (): never => {
    throw new JsonSyntaxError(line);
  };
  const skipSpace = () => {
    for (;;) {
      const c = text[at];
      if (c === '\n') line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') return;
      at++;
    }
  };
  const expect = (c: string) => {
    skipSpace();
    if (text[at] !== c) fail();
    at++;
  };
  const readString = () => {
    if (text[at] !== '"') fail();
    const start = ++at;
    while (text[at] !== '"') {
      if (at >= text.length || text[at] === '\n') fail();
      at += text[at] === '\\' ? 2 : 1;
    }
    try {
      return JSON.parse(`"${text.slice(start, at++)}"`) as string;
    } catch {
      return fail();
    }
  };
  const members = (close: string, member: (i: number) => void) => {
    at++;
    skipSpace();
    if (text[at] === close) {
      at++;
      return;
    }
    for (let i = 0; ; i++) {
      member(i);
      skipSpace();
      if (text[at] === close) {
        at++;
        return;
      }
      expect(',');
    }
  };
  const value = (pointer: string) => {
    skipSpace();
    lines.set(pointer, line);
    const c = text[at];
    if (c === '{')
      members('}', () => {
        skipSpace();
        const key = readString();
        expect(':');
        value(`${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      });
    else if (c === '[') members(']', (i) => value(`${pointer}/${i}`));
    else if (c === '"') readString();
    else {
      const start = at;
      while (at < text.length && !',}] \t\r\n'.includes(text[at] as string)) at++;
      if (!LITERAL.test(text.slice(start, at))) fail();
    }
  };
  value('');
  skipSpace();
  if (at < text.length) fail();
  return lines;
}
