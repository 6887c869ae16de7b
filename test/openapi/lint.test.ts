import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { OPENAPI_JSON } from '../../scripts/openapi-files.js';
import { openapiPath } from '../../src/mcp/instructions.js';
import { READS } from '../../src/reads/reads.js';
import { OpenApiContract } from '../support/openapi-contract.js';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; description?: string }>;
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema?: { $ref?: string }; examples?: object }> }
  >;
}

const doc = JSON.parse(readFileSync(OPENAPI_JSON, 'utf8'));
const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);
/** Sign in with Slack (src/sign-in): public by nature (how a client or a person gets a token). */
const SIGN_IN = new Set(
  operations.filter(({ op }) => op.tags?.[0] === 'sign-in').map(({ op }) => op.operationId as string),
);
const PUBLIC = new Set(['getRoot', 'getHealth', 'getReadiness', ...SIGN_IN]);

describe('openapi/openapi.json', () => {
  it('is a valid OpenAPI 3.0 document (swagger-parser: schema and spec rules, $refs resolve)', async () => {
    const api = await SwaggerParser.validate(structuredClone(doc));
    expect('openapi' in api && api.openapi).toBe('3.0.3');
  });

  it('documents each operation with the statuses it can answer', () => {
    const table = Object.fromEntries(
      operations.map(({ path, method, op }) => [
        `${method.toUpperCase()} ${path}`,
        `${op.operationId}: ${Object.keys(op.responses).join(' ')}`,
      ]),
    );
    // The operations there were when this was written, exactly; a new read's route adds its own row.
    expect(table).toMatchObject({
      'GET /': 'getRoot: 200 503',
      'GET /healthz': 'getHealth: 200',
      'GET /readyz': 'getReadiness: 200 503',
      'GET /search/channels': 'searchChannels: 200 400 401 403 429 502 503 504',
      'GET /search/files': 'searchFiles: 200 400 401 403 429 502 503 504',
      'GET /search/messages': 'searchMessages: 200 400 401 403 404 429 502 503 504',
      'GET /search/users': 'searchUsers: 200 400 401 403 429 502 503 504',
      'GET /threads/{channel}/{ts}': 'getThread: 200 400 401 403 404 429 502 503 504',
      'GET /channels/{channel}/history': 'getChannelHistory: 200 400 401 403 404 429 502 503 504',
      'GET /files/{file_id}': 'readFile: 200 400 401 403 404 429 502 503 504',
      'GET /messages/context': 'getMessageContext: 200 400 401 403 404 429 502 503 504',
      'POST /catalog/search': 'searchTools: 200 400 401 403 413 415 429 503 504',
      'GET /metrics': 'getMetrics: 200 401',
      'POST /mcp': 'mcp: 200 202 400 401 403 404 406 413 415 429 503',
      'GET /mcp': 'mcpGet: 401 403 405',
      'DELETE /mcp': 'mcpDelete: 401 403 405',
      'GET /.well-known/oauth-authorization-server': 'getAuthorizationServerMetadata: 200 404 429 503',
      'GET /.well-known/oauth-protected-resource': 'getProtectedResourceMetadata: 200 404 429 503',
      'GET /.well-known/oauth-protected-resource/mcp': 'getMcpProtectedResourceMetadata: 200 404 429 503',
      'POST /oauth/register': 'registerClient: 201 400 404 413 415 429 503',
      'GET /oauth/authorize': 'authorize: 200 302 400 404 429 503',
      'POST /oauth/consent': 'decideConsent: 303 400 403 404 413 415 429 503',
      'GET /oauth/slack/callback': 'slackCallback: 302 400 403 404 409 429 503',
      'POST /oauth/token': 'issueToken: 200 400 401 404 413 415 429 503',
      'POST /oauth/revoke': 'revokeToken: 200 400 401 404 413 415 429 503',
      'GET /signin': 'getSignInPage: 200 400 404 429 503',
      'GET /signin/slack': 'startSignIn: 302 404 429 503',
      'POST /signin/token': 'createPersonalToken: 200 400 403 404 413 415 429 503',
      'POST /signin/revoke': 'revokeClient: 303 400 403 404 413 415 429 503',
      'POST /signout': 'signOut: 303 400 403 404 413 415 429 503',
      'POST /signin/workspaces/add': 'addWorkspace: 303 400 403 404 413 415 429 503',
      'POST /signin/workspaces/remove': 'removeWorkspace: 303 400 403 404 413 415 429 503',
      'POST /slack/events': 'slackEvents: 200 400 401 404 413 415 429 503',
      'GET /admin/audit': 'getAudit: 200 400 401 403 503',
      'GET /admin': 'getAdminPage: 200 400 401 403 404 429 503',
    });
    const reads = READS.map((read) => `${read.rest.method} ${openapiPath(read.rest.path)}`);
    const service = [
      'GET /',
      'GET /healthz',
      'GET /readyz',
      'GET /metrics',
      'POST /mcp',
      'GET /mcp',
      'DELETE /mcp',
      'GET /.well-known/oauth-authorization-server',
      'GET /.well-known/oauth-protected-resource',
      'GET /.well-known/oauth-protected-resource/mcp',
      'POST /oauth/register',
      'GET /oauth/authorize',
      'POST /oauth/consent',
      'GET /oauth/slack/callback',
      'POST /oauth/token',
      'POST /oauth/revoke',
      'GET /signin',
      'GET /signin/slack',
      'POST /signin/token',
      'POST /signin/revoke',
      'POST /signout',
      'POST /signin/workspaces/add',
      'POST /signin/workspaces/remove',
      'POST /slack/events',
      'GET /admin/audit',
      'GET /admin',
    ];
    expect(Object.keys(table).sort()).toEqual([...reads, ...service].sort());
    for (const read of READS)
      expect(table[`${read.rest.method} ${openapiPath(read.rest.path)}`]).toMatch(
        new RegExp(`^${read.rest.operationId}: 200 400 401 403 `),
      );
  });

  it('gives every operation a summary, description, known tag and bearerAuth unless public', () => {
    const tags = new Set((doc.tags as Array<{ name: string }>).map((t) => t.name));
    for (const { path, op } of operations) {
      expect(op.summary, path).toMatch(/\w/);
      expect(op.description?.length, path).toBeGreaterThan(30);
      expect(op.tags?.length, path).toBe(1);
      expect(tags.has(op.tags?.[0] ?? ''), path).toBe(true);
      expect(op.security, path).toEqual(PUBLIC.has(op.operationId ?? '') ? undefined : [{ bearerAuth: [] }]);
    }
  });

  it('describes every parameter', () => {
    const undescribed = operations.flatMap(({ path, op }) =>
      (op.parameters ?? []).filter((p) => !p.description).map((p) => `${path} ${p.in} ${p.name}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('gives every response a description and examples, and every error the shared ErrorBody (or, for an invalid MCP request, a JSON-RPC error; for sign-in, OAuth’s error or a page)', () => {
    for (const { path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const where = `${path} ${status}`;
        expect(response.description, where).toMatch(/\w/);
        const media = Object.values(response.content ?? {});
        // 202 Accepted (an MCP notification) is the one answer without a body; sign-in's redirects say where in Location.
        if (status === '202' && media.length === 0) continue;
        if (status.startsWith('3')) {
          expect(Object.keys((response as { headers?: object }).headers ?? {}), where).toEqual(['Location']);
          continue;
        }
        if (SIGN_IN.has(op.operationId as string)) {
          for (const m of media) expect(Object.keys(m.examples ?? {}).length, where).toBeGreaterThan(0);
          // OAuth's endpoints answer OAuth's error shape (RFC 6749 §5.2, RFC 7591 §3.2.2); pages answer HTML.
          const oauth = { $ref: '#/components/schemas/OAuthError' };
          const errorBody = { $ref: '#/components/schemas/ErrorBody' };
          const schema =
            response.content?.['application/json']?.schema ?? response.content?.['text/html']?.schema;
          if (Number(status) >= 400)
            expect([oauth, errorBody, { type: 'string' }], where).toContainEqual(schema);
          continue;
        }
        // One media type, except a Slack read: JSON, or with response_format=compact the answer as text.
        const types = Object.keys(response.content ?? {});
        if (types.length > 1) expect(types, where).toEqual(['application/json', 'text/plain']);
        if (types.length === 2)
          expect(response.content?.['text/plain']?.schema, where).toMatchObject({ type: 'string' });
        for (const m of media) expect(Object.keys(m.examples ?? {}).length, where).toBeGreaterThan(0);
        const errorBody = { $ref: '#/components/schemas/ErrorBody' };
        if (path === '/mcp' && status === '400')
          expect(response.content?.['application/json']?.schema, where).toEqual({
            anyOf: [errorBody, { $ref: '#/components/schemas/JsonRpcError' }],
          });
        else if (path === '/mcp' && status === '404')
          expect(response.content?.['application/json']?.schema, where).toEqual({
            $ref: '#/components/schemas/JsonRpcError',
          });
        else if (Number(status) >= 400)
          expect(response.content?.['application/json']?.schema, where).toEqual(errorBody);
      }
    }
  });

  it('has examples that validate against their own schemas', () => {
    const contract = new OpenApiContract(doc);
    const problems = operations.flatMap(({ path, method, op }) =>
      Object.entries(op.responses).flatMap(([status, response]) =>
        Object.entries(response.content?.['application/json']?.examples ?? {}).map(([name, example]) => {
          const problem = contract.problem(
            method,
            path,
            Number(status),
            (example as { value: unknown }).value,
          );
          return problem ? `${method} ${path} ${status} ${name}: ${problem}` : undefined;
        }),
      ),
    );
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('names the catalog components as the MCP Router contract does', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ToolInfo', 'SearchRequest', 'SearchResult', 'SearchResponse', 'ErrorBody']),
    );
    const op = doc.paths['/catalog/search'].post;
    expect(op.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SearchRequest',
    });
    expect(op.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SearchResponse',
    });
  });
});
