import secureJsonParse from 'secure-json-parse';
import { assertJsonWithinLimits } from './json-limits.js';

/**
 * JSON text to a value as request bodies are parsed (Fastify's parser, secure-json-parse): within the
 * nesting and size limits (our 400s otherwise), `__proto__` and `constructor.prototype` keys removed;
 * a SyntaxError for text that is not JSON. The stdio MCP server parses each line with it.
 */
export function parseJson(text: string): unknown {
  assertJsonWithinLimits(text);
  return parseCheckedJson(text);
}

/**
 * Text already found within the limits, parsed as `parseJson` does: a request body's text read again
 * elsewhere (the catalog's ranking thread reads the tools from it) gives the same value as the request's.
 */
export function parseCheckedJson(text: string): unknown {
  return secureJsonParse.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
}
