import type { RouteOptions } from 'fastify';
import { Errors } from '../errors.js';
import type { BuildDocs, DocsApp } from './docs-app.js';

/** How long the one-off build of the docs may take before the request that waits for it gets a 503. */
export const DOCS_BUILD_TIMEOUT_MS = 10_000;

/**
 * The docs app, built on first use from the routes recorded until the app was ready. Callers that arrive
 * during a build share it; a build that fails or times out is dropped, so the next call builds again.
 */
export class LazyDocs {
  readonly #routes: RouteOptions[] = [];
  #schemas: Record<string, unknown> | undefined;
  #pending: Promise<DocsApp> | undefined;
  #closed = false;

  constructor(
    private readonly build: BuildDocs,
    private readonly timeoutMs = DOCS_BUILD_TIMEOUT_MS,
  ) {}

  record(route: RouteOptions): void {
    this.#routes.push(route);
  }

  /** No route comes after this: the app is ready. */
  seal(schemas: Record<string, unknown>): void {
    this.#schemas = schemas;
  }

  get(): Promise<DocsApp> {
    if (!this.#schemas)
      return Promise.reject(new Error('the OpenAPI document is built only once the app is ready'));
    if (this.#closed) return Promise.reject(new Error('the app is closed'));
    this.#pending ??= this.#load(this.#schemas);
    return this.#pending;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pending = this.#pending;
    this.#pending = undefined;
    await pending?.then(
      (docs) => docs.close(),
      () => {},
    );
  }

  async #load(schemas: Record<string, unknown>): Promise<DocsApp> {
    const building = this.build({ routes: this.#routes, schemas });
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new Error(`timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([building, timeout]);
    } catch (err) {
      this.#pending = undefined;
      // A build that finishes after its time is not kept.
      building.then(
        (docs) => docs.close(),
        () => {},
      );
      const reason = timedOut ? `loading took over ${this.timeoutMs} ms` : 'loading failed';
      throw new Errors.DocsUnavailable(reason, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }
}
