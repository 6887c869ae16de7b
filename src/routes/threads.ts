import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dropTrailingToFit } from '../slack/byte-cap.js';
import { dedupeByTs, toConciseThreadMessage } from '../slack/format-thread.js';
import { readNextCursor } from '../slack/next-cursor.js';
import { staleNote, threadSummary } from '../slack/summary.js';
import type { SlackMessage } from '../slack/types.js';
import { type ThreadParams, type ThreadQuery, threadSchema } from './threads.schema.js';

type Request = FastifyRequest<{
  Params: Static<typeof ThreadParams>;
  Querystring: Static<typeof ThreadQuery>;
}>;

export default async function threadsRoute(app: FastifyInstance) {
  app.get(
    '/threads/:channel/:ts',
    { schema: threadSchema, onRequest: app.authenticate },
    async (request: Request, reply) => {
      const { channel, ts } = request.params;
      const q = request.query;
      const access = app.slackAccess(request);
      const me = await app.slack.whoAmI(access);
      const args = {
        channel,
        ts,
        limit: q.limit,
        cursor: q.cursor,
        oldest: q.oldest,
        latest: q.latest,
        inclusive: q.inclusive,
      };
      const { value, status, ageMs } = await app.slack.replies(access, args);
      const nextCursor = readNextCursor(value);
      const hasMore = Boolean(value.has_more) && nextCursor !== undefined;
      const raw = (value.messages as SlackMessage[] | undefined) ?? [];
      const concise = q.response_format === 'concise';
      const list: unknown[] = concise
        ? dedupeByTs(raw, Boolean(q.cursor)).map((m) =>
            toConciseThreadMessage(m, { workspaceUrl: me.url, channel }),
          )
        : raw.slice();
      const body: Record<string, unknown> = concise
        ? { ok: true, messages: list, has_more: hasMore }
        : { ...value, messages: list };
      if (concise && nextCursor) body.response_metadata = { next_cursor: nextCursor };
      const notes = status === 'STALE' ? [staleNote(ageMs)] : [];
      const summarise = (capNote?: string) => {
        body.summary = threadSummary(list.length, hasMore, capNote ? [...notes, capNote] : notes);
      };
      summarise();
      dropTrailingToFit(body, list, app.config.MAX_RESPONSE_BYTES, (dropped) => {
        const last = (list[list.length - 1] as { ts?: string } | undefined)?.ts;
        const resume = last ? `; continue with oldest=${last}` : '';
        summarise(
          `${dropped} messages were left out to keep the response under ${app.config.MAX_RESPONSE_BYTES} bytes${resume}.`,
        );
      });
      reply.header('x-cache', status);
      return body;
    },
  );
}
