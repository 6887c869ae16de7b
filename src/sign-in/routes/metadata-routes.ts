import type { FastifyInstance } from 'fastify';
import { RESOURCE_METADATA_PATH } from '../bearer.js';
import { authorizationServerMetadata, protectedResourceMetadata } from '../oauth/metadata.js';
import { publicBase } from '../public-base.js';
import { authorizationServerMetadataSchema, protectedResourceMetadataSchema } from './metadata.schema.js';
import { signInOf } from './sign-in-of.js';

/** RFC 8414 and RFC 9728 metadata: how an MCP client finds where and how to sign a person in. */
export default async function metadataRoutes(app: FastifyInstance) {
  app.get(
    '/.well-known/oauth-authorization-server',
    { schema: authorizationServerMetadataSchema },
    async (request) => authorizationServerMetadata(publicBase(signInOf(app).settings, request.host)),
  );

  for (const [path, which] of [
    [RESOURCE_METADATA_PATH, 'serviceResource'],
    [`${RESOURCE_METADATA_PATH}/mcp`, 'mcpResource'],
  ] as const) {
    app.get(path, { schema: protectedResourceMetadataSchema(which) }, async (request) => {
      const settings = publicBase(signInOf(app).settings, request.host);
      return protectedResourceMetadata(settings, settings[which]);
    });
  }
}
