import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import Fastify, { type RouteOptions } from 'fastify';
import { SWAGGER_OPTIONS, SWAGGER_UI_OPTIONS } from './swagger-options.js';

/** What the document is built from: the app's routes and shared schemas. */
export interface DocsSource {
  /** The route options the app's onRoute hook received, in order (those @fastify/swagger would have seen). */
  routes: readonly RouteOptions[];
  /** The app's shared schemas, by `$id`. */
  schemas: Record<string, unknown>;
}

/** The OpenAPI document and Swagger UI, from an app of their own that never listens. */
export interface DocsApp {
  /** The document (@fastify/swagger builds it once and keeps it: do not change it). */
  document(): object;
  /** Answers a GET for Swagger UI (`url` under /docs), given the caller's request headers. */
  answer(url: string, headers: IncomingHttpHeaders): Promise<DocsAnswer>;
  close(): Promise<void>;
}

export interface DocsAnswer {
  statusCode: number;
  /** The headers to send on (those of the connection are the sending server's own). */
  headers: OutgoingHttpHeaders;
  payload: Buffer;
}

export type BuildDocs = (source: DocsSource) => Promise<DocsApp>;

/** What Swagger UI's answers depend on (caching, ranges): none of the caller's credentials go on. */
const FORWARDED = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'if-range', 'range'];
const NOT_SENT_ON = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

const pick = <T>(headers: Record<string, T>, keep: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => keep(name)));

const neverCalled = async () => {
  throw new Error('a docs-only route was called');
};

/**
 * Loads @fastify/swagger and @fastify/swagger-ui (≈50 ms with their dependencies, so not at start) and
 * registers the app's routes again, with the same schemas and stub handlers, on an app of their own.
 */
export const buildDocsApp: BuildDocs = async ({ routes, schemas }) => {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false });
  try {
    // The document needs the schemas, not validators or serializers made from them.
    docs.setValidatorCompiler(() => () => true);
    docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
    for (const schema of Object.values(schemas)) docs.addSchema(schema);
    await docs.register(swagger, SWAGGER_OPTIONS);
    await docs.register(swaggerUi, SWAGGER_UI_OPTIONS);
    for (const { method, url, schema, config, constraints, links } of routes) {
      // The app's own HEAD routes are among the recorded ones: Fastify adds none here.
      docs.route({
        method,
        url,
        schema,
        config,
        constraints,
        links,
        exposeHeadRoute: false,
        handler: neverCalled,
      });
    }
    await docs.ready();
    // Now, so that a schema the document cannot use fails the build rather than each request.
    docs.swagger();
  } catch (err) {
    await docs.close();
    throw err;
  }
  return {
    document: () => docs.swagger(),
    answer: async (url, headers) => {
      const res = await docs.inject({
        method: 'GET',
        url,
        headers: pick(headers, (name) => FORWARDED.includes(name)) as Record<string, string>,
      });
      const sent = pick(res.headers, (name) => !NOT_SENT_ON.has(name));
      return { statusCode: res.statusCode, headers: sent, payload: res.rawPayload };
    },
    close: () => docs.close(),
  };
};
