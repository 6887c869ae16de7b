import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { createSearcher, RankTimeout } from '../catalog/index.js';
import { Errors } from '../errors.js';
import { catalogSearchSchema, SearchRequest, ToolInfo } from '../schemas/catalog.js';
import { strictBodyValidator } from './strict-body-validator.js';

export const DEFAULT_MAX_RESULTS = 20;
export const MAX_RESULTS_CAP = 100;

function assertUniqueKeys(tools: readonly ToolInfo[]) {
  const firstIndex = new Map<string, number>();
  tools.forEach((tool, i) => {
    const seen = firstIndex.get(tool.toolKey);
    if (seen !== undefined) {
      throw new Errors.BadRequest(
        `body/tools/${i}/toolKey ${JSON.stringify(tool.toolKey.slice(0, 100))} duplicates body/tools/${seen}/toolKey`,
      );
    }
    firstIndex.set(tool.toolKey, i);
  });
}

export interface CatalogRouteOptions {
  onRanked?: (ms: number) => void;
}

export default async function catalogSearchRoute(fastify: FastifyInstance, opts: CatalogRouteOptions) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { CATALOG_WORKERS, CATALOG_INDEX_CACHE_MB, REQUEST_DEADLINE_MS } = app.config;
  const searcher = createSearcher({
    workers: CATALOG_WORKERS,
    cacheBytes: CATALOG_INDEX_CACHE_MB * 1024 * 1024,
  });
  app.addHook('onClose', () => searcher.close());
  app.post(
    '/catalog/search',
    {
      schema: catalogSearchSchema,
      onRequest: app.authenticate,
      validatorCompiler: strictBodyValidator([ToolInfo, SearchRequest]),
    },
    async (request) => {
      const started = performance.now();
      const { query, context, tools, maxResults = DEFAULT_MAX_RESULTS } = request.body;
      assertUniqueKeys(tools);
      const results = await searcher
        .search(
          { query, context, tools, maxResults: Math.min(maxResults, MAX_RESULTS_CAP) },
          request.deadline,
        )
        .catch((err: unknown) => {
          throw err instanceof RankTimeout ? new Errors.Deadline(REQUEST_DEADLINE_MS) : err;
        });
      const ms = performance.now() - started;
      opts.onRanked?.(ms);
      request.log.info(
        {
          audit: {
            token: request.apiClient?.name,
            project: request.project ?? null,
            tools: tools.length,
            results: results.length,
            ms: Math.round(ms * 100) / 100,
          },
        },
        'catalog search',
      );
      return { results };
    },
  );
}
