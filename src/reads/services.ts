import type { FastifyBaseLogger } from 'fastify';
import type { CacheStore, Clock } from '../cache/types.js';
import type { Config } from '../config.js';
import type { AuditSettings } from '../governance/audit/audit-read.js';
import type { SlackMethods } from '../rate-gates/rate-gate.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { SearchRequest, SearchResult } from '../schemas/catalog.js';
import type { SlackGateway } from '../slack-client/slack-gateway.js';
import type { CatalogCaller } from './caller.js';

/** Tool search (POST /catalog/search and the search_tools tool): a validated request in, results out. */
export interface CatalogService {
  search: (body: SearchRequest, caller: CatalogCaller) => Promise<{ results: SearchResult[] }>;
}

/** What the app gives every service to be built from (its plugins' decorators). */
export interface ServiceBase {
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  slack: SlackGateway;
  /** The shared cache (Redis when configured). */
  store: CacheStore;
  redis?: RedisClient;
  catalog: CatalogService;
  /** Hears each answer served whole from the cache. */
  onAnswerHit?: () => void;
  /** Where each read's audit record goes (bindRead records every call). */
  audit: AuditSettings;
  /** Runs `close` when the app closes (a service's timers and background loads). */
  onClose: (close: () => void | Promise<void>) => void;
}

/**
 * One thing reads run with, built once per app at its first use: from the base, and from the services it
 * `needs` (each built first, once). `slack`: the Slack methods it calls itself, with their paces.
 */
export interface Service<T, Needs extends Services = Services> {
  name: string;
  needs?: Needs;
  slack?: SlackMethods;
  create(base: ServiceBase, needs: ServicesOf<Needs>): T;
}

export type Services = { readonly [name: string]: Service<unknown> };

/** The services of a set, built: `{ answers: AnswerCache, … }` for `{ answers: answerCache, … }`. */
export type ServicesOf<S extends Services> = { [K in keyof S]: S[K] extends Service<infer T> ? T : never };

export const defineService = <T, Needs extends Services = Services>(
  service: Service<T, Needs>,
): Service<T, Needs> => service;

/** The services the app provides: each built once, at its first use. */
export interface ServiceRegistry {
  use<T>(service: Service<T>): T;
  /** A set of services, built, under the names the set gives them. */
  provide<S extends Services>(services: S): ServicesOf<S>;
}

export function createServiceRegistry(base: ServiceBase): ServiceRegistry {
  const built = new Map<Service<unknown>, { value: unknown }>();
  const building = new Set<Service<unknown>>();
  const registry: ServiceRegistry = {
    use<T>(service: Service<T>): T {
      const done = built.get(service);
      if (done) return done.value as T;
      if (building.has(service)) throw new Error(`service ${service.name} needs itself`);
      building.add(service);
      const value = service.create(base, registry.provide(service.needs ?? {}));
      building.delete(service);
      built.set(service, { value });
      return value;
    },
    // Built once per read or service at start (not per request): the one place a set's type is asserted.
    provide: <S extends Services>(services: S) =>
      Object.fromEntries(
        Object.entries(services).map(([key, service]) => [key, registry.use(service)]),
      ) as ServicesOf<S>,
  };
  return registry;
}

/** Every Slack method the services call, theirs and those they need, each with its pace. */
export function slackMethodsOf(services: Services): Record<string, SlackMethods[string]> {
  const methods: Record<string, SlackMethods[string]> = {};
  const visit = (service: Service<unknown>) => {
    Object.assign(methods, service.slack);
    for (const need of Object.values(service.needs ?? {})) visit(need);
  };
  for (const service of Object.values(services)) visit(service);
  return methods;
}
