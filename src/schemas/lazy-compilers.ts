import { createRequire } from 'node:module';
import type AjvCompiler from '@fastify/ajv-compiler';
import type { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// The compilers' packages (Ajv, fast-json-stringify: a fifth of the server's start) load with the first
// route they compile, not at start.
const requireOnUse = createRequire(import.meta.url);
/** Fastify's Ajv compiler factory, its packages loaded on this first call. */
export const ajvCompiler = () => (requireOnUse('@fastify/ajv-compiler') as typeof AjvCompiler)();
const serializerSelector = () =>
  (
    requireOnUse('@fastify/fast-json-stringify-compiler') as { SerializerSelector: typeof SerializerSelector }
  ).SerializerSelector();

type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown };

/**
 * `compile` on the first call instead of now, keeping the compiled function's `errors` (Ajv reports
 * through it) on the wrapper, where Fastify reads them.
 */
export function compileOnFirstUse<F extends Compiled>(compile: () => F): F {
  let compiled: F | undefined;
  const wrapper = function (this: unknown, ...args: unknown[]) {
    compiled ??= compile();
    const result = compiled.apply(this, args);
    wrapper.errors = compiled.errors;
    return result;
  } as Compiled;
  return wrapper as F;
}

type Factory = (...args: never[]) => (route: never) => Compiled;
const onFirstUse =
  <T extends Factory>(loadFactory: () => T) =>
  (...args: Parameters<T>) => {
    let compiler: ReturnType<T> | undefined;
    return (route: Parameters<ReturnType<T>>[0]) =>
      compileOnFirstUse(() => {
        compiler ??= loadFactory()(...args) as ReturnType<T>;
        return (compiler as ReturnType<T>)(route);
      });
  };

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for responses), built by the first
 * request and each route's schema compiled when the route is first called rather than all at start:
 * start-up pays for no route, a request for its own. The route schemas are compiled by tests and `npm run openapi` anyway, so a bad one is not
 * first met in production.
 */
export const lazyCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: onFirstUse(ajvCompiler as unknown as () => Factory) as never,
    buildSerializer: onFirstUse(serializerSelector as unknown as () => Factory) as never,
  },
};
