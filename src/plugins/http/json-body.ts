import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';
import { JsonLimitsScan } from '../../http/json-limits.js';
import { readBodyText } from '../../http/read-body-text.js';
import { notFound } from './error-handler.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON text `body` was parsed from (kept while the request runs: a service may hand it on). */
    bodyText?: string;
  }
}

/**
 * Bodies are JSON only, read only for a route that takes one: other media types get 415 (Fastify's own text/plain parser is removed), and so do
 * compressed bodies, which are not decoded. A JSON body is checked against the nesting and size limits
 * as it arrives, and parsed once it is all there and within them.
 */
async function jsonBody(app: FastifyInstance) {
  const secureParse = app.getDefaultJsonParser('remove', 'remove');
  const parseChecked = (text: string): unknown => {
    let parsed: { err: Error | null; value: unknown } | undefined;
    secureParse(undefined as never, text, (err, value) => {
      parsed = { err, value };
    });
    if (!parsed) throw new Error('the JSON parser did not answer synchronously');
    if (parsed.err) throw parsed.err;
    return parsed.value;
  };

  app.decorateRequest('bodyText', undefined);
  app.removeAllContentTypeParsers();
  // Decoded and checked against the limits a piece at a time as it arrives (~0.3 ms a 64 KB piece), rather
  // than in a pass over the whole body in the turn that parses it (~8 ms of 2 MB of MCP Router's tools).
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const { bodyLimit, schema } = request.routeOptions;
    // A route that takes no body never reads one (Node discards it); its handler answers as usual.
    if (!schema?.body) return done(null, undefined);
    const limits = new JsonLimitsScan();
    const read = (readError: Error | null, text = '') => {
      if (readError) return done(readError, undefined);
      let body: unknown;
      try {
        limits.end();
        body = parseChecked(text);
      } catch (err) {
        return done(err as Error, undefined);
      }
      request.bodyText = text;
      done(null, body);
    };
    readBodyText(payload, Number(request.headers['content-length']), bodyLimit, read, (piece) =>
      limits.write(piece),
    );
  });
  // Before any body is read: an unknown route is a 404 whatever it carries (after its onRequest hooks).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.is404) return done(notFound(request));
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity')
      return done(new Errors.UnsupportedEncoding(JSON.stringify(encoding.slice(0, 40))));
    done(null, payload);
  });
}

export default fp(jsonBody, { name: 'json-body', dependencies: ['error-handler'] });
