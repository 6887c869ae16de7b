import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';

/**
 * The OpenAPI document as the service serves it, from an app built with a fixed configuration (the
 * document does not depend on configuration; a fixed one keeps the environment out of it).
 */
export async function generateOpenapi(): Promise<Record<string, unknown>> {
  const config = defaultConfig({ API_TOKENS: 'openapi-generator', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, logger: false, defaultMetrics: false });
  try {
    await app.ready();
    return structuredClone(await app.openapiDocument()) as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
