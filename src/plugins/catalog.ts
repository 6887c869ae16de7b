import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IndexCache } from '../catalog/index.js';
import { duplicateToolKey, searchCatalog } from '../catalog/search-catalog.js';
import { Errors } from '../errors.js';
import type { SearchRequest, SearchResponse } from '../routes/catalog-search.schema.js';

export type SearchRequestBody = Static<typeof SearchRequest>;

/** Who asks, for the audit line: the REST request, or the MCP call's. */
export type CatalogCaller = Pick<FastifyRequest, 'log' | 'apiClient' | 'project'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tool search (POST /catalog/search and the search_tools MCP tool): a validated request in, results out. */
    catalog: { search: (body: SearchRequestBody, caller: CatalogCaller) => Static<typeof SearchResponse> };
  }
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
      const duplicate = duplicateToolKey(body.tools);
      if (duplicate) throw new Errors.BadRequest(duplicate);
      const started = performance.now();
      const results = searchCatalog(body, indexCache);
      const ms = performance.now() - started;
      opts.onRanked?.(ms);
      const audit = {
        token: caller.apiClient?.name,
        project: caller.project ?? null,
        tools: body.tools.length,
        results: results.length,
        ms: Math.round(ms * 100) / 100,
      };
      caller.log.info({ audit }, 'catalog search');
      return { results };
    },
  });
}

export default fp(catalog, { name: 'catalog', dependencies: ['config'] });
