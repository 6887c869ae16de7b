import { approve } from './person.js';
import { AUTHORIZE, run } from './run.js';
import type { ClientTrial } from './trial.js';

/** mcp-remote's own test client: signs in, then prints `tools/list`; it calls no tool. */
export const mcpRemote: ClientTrial = {
  name: 'mcp-remote (mcp-remote-client)',
  pkg: 'mcp-remote',
  bin: 'mcp-remote-client',
  async trial({ bin, url, home, env, browser }) {
    const started = Date.now();
    const client = run(bin, [url], { env: { ...env, MCP_REMOTE_CONFIG_DIR: home, BROWSER: 'true' } });
    try {
      const [, authorize = ''] = await client.waitFor('the authorization URL', AUTHORIZE);
      const callback = await approve(browser, authorize);
      await client.waitFor('the token', /Connected successfully/);
      const signedInMs = Date.now() - started;
      const [, listed = ''] = await client.waitFor('the tools', /Tools: (\{[\s\S]*?\n\})\n/);
      return { callback, signedInMs, tools: (JSON.parse(listed) as { tools: unknown[] }).tools.length };
    } finally {
      client.child.kill('SIGTERM');
    }
  },
};
