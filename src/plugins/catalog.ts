import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IndexCache, rankTools } from '../catalog/index.js';
import { Errors } from '../errors.js';
import type { SearchRequest, SearchResponse } from '../routes/catalog-search.schema.js';

export type SearchRequestBody = Static<typeof SearchRequest>;

export const DEFAULT_MAX_RESULTS = 20;
export const MAX_RESULTS_CAP = 100;

/** Who asks, for the audit line: the REST request, or the MCP call's. */
export type CatalogCaller = Pick<FastifyRequest, 'log' | 'apiClient' | 'project'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tool search (POST /catalog/search and the search_tools MCP tool): a validated request in, results out. */
    catalog: { search: (body: SearchRequestBody, caller: CatalogCaller) => Static<typeof SearchResponse> };
  }
}

function assertUniqueKeys(tools: SearchRequestBody['tools']) {
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

export interface CatalogPluginOptions {
  /** Built indexes kept for repeated tool lists. @default 64 */
  indexCacheEntries?: number;
  onRanked?: (ms: number) => void;
}

async function catalog(app: FastifyInstance, opts: CatalogPluginOptions) {
  const indexCache = new IndexCache(opts.indexCacheEntries ?? 64);
  app.decorate('catalog', {
    search: (body: SearchRequestBody, caller: CatalogCaller) => {
      const started = performance.now();
      const { query, context, tools, maxResults = DEFAULT_MAX_RESULTS } = body;
      assertUniqueKeys(tools);
      const results = rankTools(
        { query, context, tools, maxResults: Math.min(maxResults, MAX_RESULTS_CAP) },
        { cache: indexCache },
      );
      const ms = performance.now() - started;
      opts.onRanked?.(ms);
      caller.log.info(
        {
          audit: {
            token: caller.apiClient?.name,
            project: caller.project ?? null,
            tools: tools.length,
            results: results.length,
            ms: Math.round(ms * 100) / 100,
          },
        },
        'catalog search',
      );
      return { results };
    },
  });
}

export default fp(catalog, { name: 'catalog', dependencies: ['config'] });
