import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSearcher, RankTimeout } from '../catalog/index.js';
import { duplicateToolKey, searchCatalog } from '../catalog/search-catalog.js';
import { Errors } from '../errors.js';
import type { CatalogCaller } from '../reads/caller.js';
import type { CatalogService } from '../reads/services.js';
import type { SearchRequest } from '../schemas/catalog.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tool search (POST /catalog/search and the search_tools MCP tool): a validated request in, results out. */
    catalog: CatalogService;
  }
}

export interface CatalogPluginOptions {
  onRanked?: (ms: number) => void;
}

async function catalog(app: FastifyInstance, opts: CatalogPluginOptions) {
  const { CATALOG_WORKERS, CATALOG_INDEX_CACHE_MB, REQUEST_DEADLINE_MS } = app.config;
  const searcher = createSearcher({
    workers: CATALOG_WORKERS,
    cacheBytes: CATALOG_INDEX_CACHE_MB * 1024 * 1024,
  });
  app.addHook('onClose', () => searcher.close());
  app.decorate('catalog', {
    search: async (body: SearchRequest, caller: CatalogCaller) => {
      const duplicate = duplicateToolKey(body.tools);
      if (duplicate) throw new Errors.BadRequest(duplicate);
      const started = performance.now();
      const results = await searchCatalog(body, searcher, caller.deadline, caller.bodyText).catch(
        (err: unknown) => {
          throw err instanceof RankTimeout ? new Errors.Deadline(REQUEST_DEADLINE_MS) : err;
        },
      );
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

export default fp(catalog, {
  name: 'catalog',
  dependencies: ['config'],
  decorators: { fastify: ['config'] },
});
