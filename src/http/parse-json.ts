import secureJsonParse from 'secure-json-parse';
import { assertJsonWithinLimits } from './json-limits.js';

/**
 * JSON text to a value as request bodies are parsed (Fastify's parser, secure-json-parse): within the
 * nesting and size limits (our 400s otherwise), `__proto__` and `constructor.prototype` keys removed;
 * a SyntaxError for text that is not JSON. The stdio MCP server parses each line with it.
 */
export function parseJson(text: string): unknown {
  assertJsonWithinLimits(text);
  return secureJsonParse.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
}
