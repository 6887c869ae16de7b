import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../cache/types.js';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The app's clock (buildApp's `clock`, Date.now by default). */
    clock: Clock;
  }
}

export interface ConfigPluginOptions {
  config: Config;
  clock: Clock;
}

/** The validated configuration and the clock, for every plugin after it. */
async function configPlugin(app: FastifyInstance, { config, clock }: ConfigPluginOptions) {
  app.decorate('config', config);
  app.decorate('clock', clock);
}

export default fp(configPlugin, { name: 'config' });
