import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { kindsOfScopes } from '../../src/governance/consent-scopes.js';
import { SLACK_TOKEN } from '../helper.js';

/** A policy file of a test's own, in a fresh folder. */
export function policyFile(policy: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'policy-')), 'policy.json');
  writeFileSync(path, JSON.stringify(policy, null, 2));
  return path;
}

/**
 * A request with `x-test-grant: <scopes>` acts as a person signed in through an OAuth client that was
 * granted those scopes (the demo user's Slack token): the consent page's outcome without the sign-in walk.
 */
export function standInPerson(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const scope = request.headers['x-test-grant'];
    if (typeof scope !== 'string') return;
    const grant = {
      personId: 'p1',
      epoch: 'e1',
      clientId: 'https://client.example/meta.json',
      clientName: 'Test client',
      resource: 'http://localhost/mcp',
      scope,
      kind: 'client' as const,
      createdAt: 0,
    };
    request.person = {
      personId: 'p1',
      teamId: 'T07ACMEDMO',
      userId: 'U07MAYACHN',
      grantId: 'g1',
      grant,
      slackToken: SLACK_TOKEN,
      identity: 'test-person',
      renew: async () => undefined,
      rejected: async () => {},
      grantedKinds: kindsOfScopes(scope.split(' ')),
    };
  });
}
