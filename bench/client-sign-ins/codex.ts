import { createInterface } from 'node:readline';
import { approve } from './person.js';
import { AUTHORIZE, run } from './run.js';
import { type ClientTrial, describeSearch } from './trial.js';

const NAME = 'agent-search';

/**
 * codex: `codex mcp add --url` signs in at once. Its default registration is a client ID metadata document
 * at chatgpt.com, which a server offline cannot fetch, so `--oauth-client-registration dcr`. Then codex's
 * app server (JSON-RPC on stdio, no OpenAI account needed) lists the tools and calls one with the stored token.
 */
export const codex: ClientTrial = {
  name: 'codex CLI',
  pkg: '@openai/codex',
  bin: 'codex',
  async trial({ bin, url, env, browser }) {
    const started = Date.now();
    const add = run(bin, ['mcp', 'add', NAME, '--url', url, '--oauth-client-registration', 'dcr'], { env });
    let callback: Awaited<ReturnType<typeof approve>>;
    try {
      const [, authorize = ''] = await add.waitFor('the authorization URL', AUTHORIZE);
      callback = await approve(browser, authorize);
      await add.waitFor('the login', /Successfully logged in/);
      const code = await add.exited();
      if (code !== 0) throw new Error(`codex mcp add exited ${code}`);
    } finally {
      add.child.kill('SIGTERM');
    }
    const signedInMs = Date.now() - started;
    return { callback, signedInMs, ...(await listAndCall(bin, env)) };
  },
};

async function listAndCall(bin: string, env: NodeJS.ProcessEnv): Promise<{ tools: number; called: string }> {
  const server = run(bin, ['app-server'], { env });
  const answers = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  createInterface({ input: server.child.stdout }).on('line', (line) => {
    const m = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
    if (m.id !== undefined) answers.get(m.id)?.(m);
  });
  let id = 0;
  const call = async <T>(method: string, params: unknown): Promise<T> => {
    const m = await new Promise<{ result?: unknown; error?: unknown }>((resolve) => {
      answers.set(++id, resolve);
      server.child.stdin.write(`${JSON.stringify({ method, id, params })}\n`);
    });
    if (m.error) throw new Error(`codex app-server ${method}: ${JSON.stringify(m.error)}`);
    return m.result as T;
  };
  try {
    await call('initialize', {
      clientInfo: { name: 'client-sign-ins', title: null, version: '1' },
      capabilities: null,
    });
    server.child.stdin.write('{"method":"initialized"}\n');
    const status = await call<{
      data: Array<{ tools: object; authStatus: string; toolsError: string | null }>;
    }>('mcpServerStatus/list', { serverName: NAME, detail: 'toolsAndAuthOnly' });
    const [mine] = status.data;
    if (!mine || mine.toolsError) throw new Error(`codex lists no tools: ${mine?.toolsError}`);
    const thread = await call<{ thread: { id: string } }>('thread/start', { ephemeral: true });
    const result = await call<{ content: Array<{ text?: string }>; isError?: boolean }>(
      'mcpServer/tool/call',
      {
        threadId: thread.thread.id,
        server: NAME,
        tool: 'slack_search_messages',
        arguments: { query: 'deploy' },
      },
    );
    return {
      tools: Object.keys(mine.tools).length,
      called: `${describeSearch(result.content[0]?.text ?? '{}')} (auth ${mine.authStatus})`,
    };
  } finally {
    server.child.kill('SIGTERM');
  }
}
