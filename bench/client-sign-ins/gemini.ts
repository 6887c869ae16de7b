import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModelStandIn } from './model-stand-in.js';
import { approve } from './person.js';
import { run } from './run.js';
import { type ClientTrial, describeSearch } from './trial.js';

const NAME = 'agent-search';

/**
 * Gemini CLI: the server in ~/.gemini/settings.json with `oauth.enabled`, so the CLI signs in when it connects
 * (otherwise it only says "/mcp auth agent-search"). A prompt run (`-p`) asks "Do you want to continue? [Y/n]"
 * on stdin, then opens the browser with xdg-open: ours hands the URL to this script. The model is a stand-in
 * (no Gemini account here) that asks for `slack_search_messages`; `gemini mcp list` then connects with the
 * stored token in a new process.
 */
export const gemini: ClientTrial = {
  name: 'Gemini CLI',
  pkg: '@google/gemini-cli',
  bin: 'gemini',
  async trial({ bin, url, home, env, browser }) {
    const model = new ModelStandIn();
    const settings = {
      mcpServers: { [NAME]: { httpUrl: url, oauth: { enabled: true }, trust: true } },
      security: { auth: { selectedType: 'gemini-api-key' } },
    };
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify(settings));
    const opened = join(home, 'opened');
    mkdirSync(join(home, 'bin'));
    writeFileSync(join(home, 'bin', 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`);
    chmodSync(join(home, 'bin', 'xdg-open'), 0o755);
    const geminiEnv = {
      ...env,
      PATH: `${join(home, 'bin')}:${env.PATH}`,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      GEMINI_API_KEY: 'stand-in',
      GOOGLE_GEMINI_BASE_URL: await model.listen(),
    };
    const started = Date.now();
    const prompt = run(bin, ['-p', 'Search Slack for deploy', '-o', 'json'], { env: geminiEnv, cwd: home });
    try {
      await prompt.waitFor('the consent question', /Do you want to continue\? \[Y\/n\]/);
      prompt.child.stdin.write('y\n');
      const [authorize = ''] = (await fileWritten(opened, prompt.text)).split('\n');
      const callback = await approve(browser, authorize);
      await fileWritten(join(home, '.gemini', 'mcp-oauth-tokens.json'), prompt.text);
      const signedInMs = Date.now() - started;
      const code = await prompt.exited();
      if (code !== 0 || !model.toolOutput)
        throw new Error(`gemini -p exited ${code} without a tool's answer`);
      const list = run(bin, ['mcp', 'list'], { env: geminiEnv, cwd: home });
      await list.exited();
      if (!new RegExp(`✓ ${NAME}: .* - Connected`).test(list.text()))
        throw new Error(`gemini mcp list did not connect with the stored token: ${list.text()}`);
      const called = `${describeSearch(model.toolOutput)}; then gemini mcp list: Connected`;
      return { callback, signedInMs, tools: model.offered.length, called };
    } finally {
      prompt.child.kill('SIGTERM');
      await model.close();
    }
  },
};

/** The content of `file` once something is written to it (the URL the CLI opened, the stored token). */
async function fileWritten(file: string, output: () => string, ms = 60_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (text) return text;
    if (Date.now() > end) throw new Error(`nothing in ${file}; output tail: ${output().slice(-600)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
