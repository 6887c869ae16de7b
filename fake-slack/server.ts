import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDemoWorkspace } from './demo-workspace.js';
import { type DispatchState, dispatch } from './dispatch.js';
import type { FakeSlack, FakeSlackOptions, RecordedCall } from './fake-slack-types.js';
import { FaultQueue } from './fault-queue.js';
import { serveDownload } from './file-download.js';
import { serveAuthorizePage } from './oauth/authorize-page.js';
import { createOAuthState } from './oauth/oauth-state.js';
import { grantedTeams, teamView } from './organisation.js';
import { RateLimiter, resolveBudgets } from './rate-limiter.js';
import { readCall } from './request-params.js';
import { allTokens, findToken } from './token-owner.js';
import type { Organisation } from './workspace-types.js';

const urlHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

/** Starts a fake Slack Web API on loopback; point `WebClient`'s `slackApiUrl` at `fake.url`. */
export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const workspace = options.workspace ?? createDemoWorkspace();
  const host = options.host ?? '127.0.0.1';
  const calls: RecordedCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let requestId = 0;
  const organisation = options.organisation;
  const workspaces = options.workspaces ?? [];
  const state: DispatchState = {
    workspace,
    ...(organisation ? { organisation } : {}),
    workspaces,
    oauth: createOAuthState(options.oauth),
    options: {
      searchCursorLocation: options.searchCursorLocation ?? 'pagination',
      repliesRepeatParent: options.repliesRepeatParent ?? false,
      nonMarketplace: options.nonMarketplace ?? false,
      includePermalinks: options.includePermalinks ?? true,
      maxListPage: options.maxListPage,
      fileOrigin: '',
    },
    faults: new FaultQueue(),
    canned: new Map(),
    limiter: new RateLimiter(resolveBudgets(options.rateLimits, options.nonMarketplace ?? false)),
    sleep: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const workspaceOf = (teamId: string) =>
      [workspace, ...workspaces].find((w) => w.team.id === teamId) ??
      (organisation && teamView(organisation, teamId));
    // A token reads the files of its own workspace; an org token those of the workspaces it is granted.
    const tokenOf = (token: string, teamId: string) => {
      const owner = findToken(token, state);
      if (!owner) return undefined;
      if (owner.workspace) return owner.workspace.team.id === teamId ? owner.token : undefined;
      const teams = owner.token.orgWide
        ? grantedTeams(owner.org as Organisation, owner.token.userId).map((team) => team.id)
        : [owner.token.teamId];
      return teams.includes(teamId) ? owner.token : undefined;
    };
    if (serveDownload(req, res, workspaceOf, tokenOf)) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const call = {
        method: 'files.download',
        httpMethod: req.method ?? 'GET',
        path,
        headers: { ...req.headers },
      };
      calls.push({ ...call, token: bearer, params: {}, at: Date.now() });
      return;
    }
    if (await serveAuthorizePage(req, res, state, state.oauth)) return;
    const call = await readCall(req);
    if (!call) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('fake Slack serves POST /api/<method>\n');
      return;
    }
    calls.push({ ...call, at: Date.now() });
    const outcome = await dispatch(call, state);
    if (outcome.type === 'reset') {
      req.socket.destroy();
      return;
    }
    if (res.destroyed) return;
    res.writeHead(outcome.status, {
      'content-type': outcome.contentType,
      'content-length': Buffer.byteLength(outcome.body),
      'x-slack-req-id': `fake-${(++requestId).toString(16).padStart(8, '0')}`,
      ...outcome.headers,
    });
    res.end(outcome.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('fake-slack: handler crashed', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake-slack bug: ${error instanceof Error ? error.stack : String(error)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  state.options.fileOrigin = `http://${urlHost(host)}:${port}`;

  return {
    url: `http://${urlHost(host)}:${port}/api/`,
    port,
    calls,
    workspace,
    organisation,
    workspaces,
    count: (method) =>
      method === undefined ? calls.length : calls.filter((c) => c.method === method).length,
    reset() {
      calls.length = 0;
      state.faults.clear();
      state.limiter.reset();
      state.canned.clear();
    },
    inject: (fault) => state.faults.push(fault),
    removeMember(channelId, userId) {
      const channel = workspace.channels.find((c) => c.id === channelId);
      if (!channel) throw new Error(`no channel ${channelId} in the fake workspace`);
      channel.members = channel.members.filter((id) => id !== userId);
    },
    revokeToken(token) {
      const found = allTokens(state).find((t) => t.token === token);
      if (!found) throw new Error('no such token in the fake workspace');
      found.status = 'revoked';
    },
    expireToken(token) {
      const found = allTokens(state).find((t) => t.token === token);
      if (!found) throw new Error('no such token in the fake workspace');
      found.expiresAt = Date.now();
    },
    oauth: state.oauth,
    authorizeUrl: `http://${urlHost(host)}:${port}/oauth/v2/authorize`,
    serveBody: (method, body) => state.canned.set(method, body),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
