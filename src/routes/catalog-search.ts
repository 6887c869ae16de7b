import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { IndexCache, rankTools } from '../catalog/index.js';
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
  /** Built indexes kept for repeated tool lists. @default 64 */
  indexCacheEntries?: number;
  onRanked?: (ms: number) => void;
}

export default async function catalogSearchRoute(fastify: FastifyInstance, opts: CatalogRouteOptions) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const indexCache = new IndexCache(opts.indexCacheEntries ?? 64);
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
      const results = rankTools(
        { query, context, tools, maxResults: Math.min(maxResults, MAX_RESULTS_CAP) },
        { cache: indexCache },
      );
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
