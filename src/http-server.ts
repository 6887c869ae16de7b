import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { exitWithMessage, loadConfigOrExit } from './config.js';

const config = loadConfigOrExit();

// ioredis is loaded only when there is a Redis to talk to.
const redis =
  config.REDIS_URL || config.REDIS_CLUSTER_NODES
    ? (await import('./redis/redis-client.js')).createConfiguredRedis(config)
    : undefined;
const app = await buildApp({ config, redis }).catch(exitWithMessage);

// app.close() stops accepting connections, lets in-flight requests finish and closes Redis (its onClose
// hook); past SHUTDOWN_GRACE_MS the process exits with code 1 anyway.
closeWithGrace(
  { delay: config.SHUTDOWN_GRACE_MS, logger: { error: (msg: unknown) => app.log.error(msg) } },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  },
);

await app.listen({ port: config.PORT, host: config.HOST });
