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

/** Why the socket could not be had, as the setting to change; undefined for anything else. */
function listenProblem(err: unknown): string | undefined {
  const at = `port ${config.PORT} on ${config.HOST} (PORT, HOST)`;
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `Cannot listen: ${at} is already in use; stop what runs there or set PORT to a free port`;
    case 'EACCES':
      return `Cannot listen: ${at} is not allowed for this user (ports below 1024 need privileges); set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen: ${at}: this machine has no such address; set HOST to one of its addresses, or 0.0.0.0`;
    default:
      return undefined;
  }
}

await app.listen({ port: config.PORT, host: config.HOST }).catch(async (err: unknown) => {
  const problem = listenProblem(err);
  if (problem === undefined) throw err;
  await app.close();
  exitWithMessage(new Error(problem));
});
