import type { TestProject } from 'vitest/node';
import { startRedisServer } from './support/redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** One real redis-server for the whole run; a missing binary fails the run rather than skipping tests. */
export default async function setup(project: TestProject) {
  const redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
