import type { FastifyInstance } from 'fastify';
import { OpenApiContract } from './openapi-contract.js';

let contract: OpenApiContract | undefined;
const violations: string[] = [];

/**
 * Checks every response the app sends against the committed openapi/openapi.json (status, content type,
 * body schema, documented headers) and records what does not match, for `takeContractViolations`.
 */
export function checkResponsesAgainstContract(app: FastifyInstance): void {
  contract ??= OpenApiContract.fromCommittedDocument();
  const committed = contract;
  app.addHook('onSend', async (request, reply, payload) => {
    // Streams (Swagger UI's files) are not documented operations.
    if (
      payload === null ||
      payload === undefined ||
      typeof payload === 'string' ||
      Buffer.isBuffer(payload)
    ) {
      violations.push(
        ...committed.check({
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          headers: reply.getHeaders(),
          body: payload?.toString() ?? '',
        }),
      );
    }
    return payload;
  });
}

/** The violations recorded since the last call. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}
