import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { exitWithMessage, loadConfigOrExit } from './config.js';
import { createConfiguredRedis } from './redis/redis-client.js';

const config = loadConfigOrExit();

const redis = createConfiguredRedis(config);
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
