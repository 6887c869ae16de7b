// A replica in its own process, for tests that kill one mid-call: builds the app from the environment
// (as src/server.ts does), makes one request given as argv[2] and reports on stdout.
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createRedisClient } from '../../src/redis/redis-client.js';

const config = loadConfig(process.env);
const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL) : undefined;
const app = await buildApp({ config, logger: false, redis });
await app.ready();
process.stdout.write('ready\n');
const res = await app.inject({
  method: 'GET',
  url: process.argv[2] ?? '/healthz',
  headers: { authorization: `Bearer ${config.API_TOKENS.split(',')[0]}` },
});
process.stdout.write(`done ${res.statusCode}\n`);
await app.close();
