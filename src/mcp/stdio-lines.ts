import { isUtf8 } from 'node:buffer';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/server';
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/server';
import { firstInvalidUtf8 } from '../http/utf8-error.js';
import type { JsonRpcErrorAnswer } from '../schemas/mcp.js';
import { checkMessage, INVALID_REQUEST, jsonRpcError, PARSE_ERROR } from './check-message.js';

export interface StdioLinesOptions {
  /** JSON text to a value as request bodies are parsed (`app.parseJson`: limits, `__proto__` removed). */
  parse: (text: string) => unknown;
  /** Bytes one line (one message) may hold. */
  maxLineBytes: number;
  /** Told once per line that is answered with an error instead of reaching the server (for stderr). */
  onRefused: (line: number, answer: JsonRpcErrorAnswer) => void;
}

const NEWLINE = 10;

/**
 * MCP over stdio, one JSON-RPC message a line (the SDK's StdioServerTransport drops bad lines without a
 * word and closes on a long one). Every line gets an answer: a message the server takes, or a JSON-RPC
 * error: -32700 for text that is not UTF-8 JSON, -32600 for a line over `maxLineBytes` (skipped up to its
 * end), over the nesting limits or not a JSON-RPC request, -32602 for bad tools/call params. The
 * transport never closes on bad input, and a last line without a newline is read at the end of input.
 */
export class StdioLinesTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  readonly #pending: Buffer[] = [];
  #pendingBytes = 0;
  #skipping = false;
  #line = 0;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly options: StdioLinesOptions,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.#onData);
    this.input.on('end', this.#onEnd);
    this.input.on('error', this.#onError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.#write(message);
  }

  async close(): Promise<void> {
    this.input.off('data', this.#onData);
    this.input.off('end', this.#onEnd);
    this.input.off('error', this.#onError);
    this.#pending.length = 0;
    this.onclose?.();
  }

  readonly #onError = (err: Error) => this.onerror?.(err);

  /** A last line without its newline is still a message. */
  readonly #onEnd = () => {
    if (this.#skipping || this.#pendingBytes > 0) this.#endLine();
  };

  readonly #onData = (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      this.#keep(chunk.subarray(start, end));
      this.#endLine();
      start = end + 1;
    }
    this.#keep(chunk.subarray(start));
  };

  #keep(part: Buffer): void {
    if (this.#skipping || part.length === 0) return;
    if (this.#pendingBytes + part.length <= this.options.maxLineBytes) {
      this.#pending.push(part);
      this.#pendingBytes += part.length;
      return;
    }
    // Answered at once, so the client need not send the rest to hear why; the rest is skipped.
    this.#skipping = true;
    this.#pending.length = 0;
    this.#pendingBytes = 0;
    this.#refuse(
      this.#line + 1,
      jsonRpcError(
        null,
        INVALID_REQUEST,
        `Invalid Request: the message is longer than the ${this.options.maxLineBytes}-byte line limit; it is skipped`,
      ),
    );
  }

  #endLine(): void {
    this.#line++;
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    const bytes = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending.length = 0;
    this.#pendingBytes = 0;
    if (!isUtf8(bytes)) {
      const at = firstInvalidUtf8(bytes);
      this.#refuse(
        this.#line,
        jsonRpcError(null, PARSE_ERROR, `Parse error: the line is not valid UTF-8 (at byte ${at})`),
      );
      return;
    }
    const text = bytes.toString('utf8');
    if (text.trim() !== '') this.#receive(text);
  }

  #receive(text: string): void {
    let value: unknown;
    try {
      value = this.options.parse(text);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // Our limit errors name the limit; anything else the parser says is "not JSON".
      const answer = code?.startsWith('AS_ERR_')
        ? jsonRpcError(null, INVALID_REQUEST, `Invalid Request: ${(err as Error).message}`)
        : jsonRpcError(null, PARSE_ERROR, 'Parse error: the line is not valid JSON');
      this.#refuse(this.#line, answer);
      return;
    }
    // The client's answers to the server's own requests pass as they are.
    const checked: ReturnType<typeof checkMessage> =
      isJSONRPCResultResponse(value) || isJSONRPCErrorResponse(value)
        ? { message: value }
        : checkMessage(value);
    if ('answer' in checked) this.#refuse(this.#line, checked.answer);
    else this.onmessage?.(checked.message);
  }

  #refuse(line: number, answer: JsonRpcErrorAnswer): void {
    this.options.onRefused(line, answer);
    this.#write(answer).catch((err: Error) => this.onerror?.(err));
  }

  #write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }
}
