/**
 * The line each value of a JSON text starts on, by JSON pointer (`/deny/names/1`), for messages that name
 * the line at fault. One forward pass over text JSON.parse has already accepted.
 */
export function linesOfValues(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;
  const skipSpace = () => {
    for (;;) {
      const c = text[at];
      if (c === '\n') line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') return;
      at++;
    }
  };
  const readString = () => {
    const start = ++at;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    return JSON.parse(`"${text.slice(start, at++)}"`) as string;
  };
  const value = (pointer: string) => {
    skipSpace();
    lines.set(pointer, line);
    const c = text[at];
    if (c === '{') {
      at++;
      skipSpace();
      while (text[at] !== '}') {
        skipSpace();
        const key = readString();
        skipSpace();
        at++; // the colon
        value(`${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (c === '[') {
      at++;
      skipSpace();
      for (let i = 0; text[at] !== ']'; i++) {
        value(`${pointer}/${i}`);
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (c === '"') readString();
    else while (at < text.length && !',}] \t\r\n'.includes(text[at] as string)) at++;
  };
  value('');
  return lines;
}

/** The line of a JSON.parse failure, from the position V8 names in its message (1 when it names none). */
export function lineOfSyntaxError(text: string, message: string): number {
  const named = /\(line (\d+) column \d+\)/.exec(message);
  if (named) return Number(named[1]);
  const position = /at position (\d+)/.exec(message);
  if (!position) return message.includes('end of JSON') ? text.split('\n').length : 1;
  return text.slice(0, Number(position[1])).split('\n').length;
}
