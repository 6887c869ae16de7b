import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's log lines without its two per request ("incoming request", "request completed"): the
 * access-log plugin writes one line instead. Its other lines (a request that errored, a stream closed
 * early, a serializer failure) stay.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}
