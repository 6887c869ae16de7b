import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../src/http/json-limits.js';
import { FIRST_TOOLS, inListOrder, MCP_TOOL_NAMES } from './mcp-client.js';

// The stdio bin fed raw lines, as a careless or hostile local client writes them: every line is answered
// on stdout and every refused one noted on stderr, and the process stays alive and listening.

let child: ChildProcessWithoutNullStreams;
const answers: unknown[] = [];
const waiting: ((answer: unknown) => void)[] = [];
let stderr = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/mcp-stdio.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', SLACK_USER_TOKEN: 'xoxp-unused' },
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const answer = JSON.parse(line);
    const next = waiting.shift();
    if (next) next(answer);
    else answers.push(answer);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  while (!stderr.includes('agent-search MCP server on stdio')) await new Promise((r) => setTimeout(r, 50));
}, 60_000);
afterAll(() => {
  child.kill();
});

const nextAnswer = () =>
  answers.length > 0 ? Promise.resolve(answers.shift()) : new Promise<unknown>((r) => waiting.push(r));
const send = async (text: string) => {
  child.stdin.write(text);
  return nextAnswer();
};
/** The stderr notes of refused lines so far, in order. */
const notes = () =>
  stderr
    .split('\n')
    .filter((l) => l.includes('stdin line refused'))
    .map((l) => {
      const { line, code, msg } = JSON.parse(l);
      return { line, code, msg };
    });
/** The notes after the first `mark`, once there are `count` of them (stderr may arrive after stdout). */
const refusals = async (mark: number, count = 1) => {
  for (let i = 0; i < 100 && notes().length < mark + count; i++) await new Promise((r) => setTimeout(r, 20));
  return notes().slice(mark);
};

describe('agent-search-mcp fed bad lines', () => {
  it('answers a ping with its id as sent', async () => {
    expect(await send('{"jsonrpc":"2.0","id":7,"method":"ping"}\n')).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: {},
    });
  });

  it('answers text that is not JSON with -32700 and notes it on stderr in one line', async () => {
    const mark = notes().length;
    expect(await send('this is not json\n')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not valid JSON' },
    });
    expect(await refusals(mark)).toEqual([
      { line: 2, code: -32700, msg: 'stdin line refused: Parse error: the line is not valid JSON' },
    ]);
  });

  it.each([
    [
      'an invalid id',
      '{"jsonrpc":"2.0","id":true,"method":"ping"}',
      {
        id: null,
        code: -32600,
        message: 'Invalid Request: id must be a string (at most 256 characters) or an integer',
      },
    ],
    [
      'a body nesting too deep',
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
      {
        id: null,
        code: -32600,
        message: `Invalid Request: The body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels, the limit`,
      },
    ],
    [
      'initialize with empty params',
      '{"jsonrpc":"2.0","id":"i","method":"initialize","params":{}}',
      {
        id: 'i',
        code: -32602,
        message:
          'Invalid params: params.protocolVersion must be a string, the MCP version the client speaks (e.g. "2025-06-18")',
      },
    ],
    [
      'a _meta of 5,000 keys',
      `{"jsonrpc":"2.0","id":"m","method":"tools/call","params":{"name":"search_tools","_meta":{${Array.from({ length: 5000 }, (_, i) => `"k${i}":0`).join(',')}},"arguments":{}}}`,
      {
        id: 'm',
        code: -32602,
        message:
          "Invalid params: params hold more than 1000 keys and values besides the tool's arguments (_meta included)",
      },
    ],
    [
      'tools/call arguments null',
      '{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"search_tools","arguments":null}}',
      {
        id: 'c',
        code: -32602,
        message: "Invalid params: params.arguments must be an object of the tool's arguments (or left out)",
      },
    ],
  ])('answers %s with a JSON-RPC error', async (_name, line, { id, code, message }) => {
    const mark = notes().length;
    expect(await send(`${line}\n`)).toEqual({ jsonrpc: '2.0', id, error: { code, message } });
    expect(await refusals(mark)).toEqual([
      { line: expect.any(Number), code, msg: `stdin line refused: ${message}` },
    ]);
  });

  it('answers a line over the limit, skips it, and reads the next one', async () => {
    const mark = notes().length;
    const message = `Invalid Request: the message is longer than the ${MAX_BODY_BYTES}-byte line limit; it is skipped`;
    const long = `{"jsonrpc":"2.0","id":8,"method":"ping","params":{"pad":"${'x'.repeat(MAX_BODY_BYTES)}"}}\n`;
    expect(await send(long)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message } });
    expect(await refusals(mark)).toEqual([
      { line: expect.any(Number), code: -32600, msg: `stdin line refused: ${message}` },
    ]);
    expect(await send('{"jsonrpc":"2.0","id":9,"method":"ping"}\n')).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: {},
    });
  });

  it('answers a line that is not UTF-8 with -32700 naming the byte', async () => {
    child.stdin.write(
      Buffer.from([...Buffer.from('{"jsonrpc":"2.0","id":"'), 0xff, ...Buffer.from('","method":"ping"}\n')]),
    );
    expect(await nextAnswer()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not valid UTF-8 (at byte 23)' },
    });
  });

  it('still lists its tools, answering a last line without a newline, then exits 0 when stdin closes', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.stdin.end('{"jsonrpc":"2.0","id":10,"method":"tools/list"}');
    const listed = (await nextAnswer()) as { result: { tools: { name: string }[] } };
    const names = listed.result.tools.map((t) => t.name);
    expect(names).toEqual(MCP_TOOL_NAMES);
    expect(inListOrder(names, FIRST_TOOLS)).toEqual(FIRST_TOOLS);
    expect(await exited).toBe(0);
  });
});
