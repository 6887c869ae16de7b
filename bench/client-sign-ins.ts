import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../test/sign-in/chromium.js';
import { codex } from './client-sign-ins/codex.js';
import { gemini } from './client-sign-ins/gemini.js';
import { mcpRemote } from './client-sign-ins/mcp-remote.js';
import { clientBin, clientVersion, run } from './client-sign-ins/run.js';
import type { ClientTrial, Outcome } from './client-sign-ins/trial.js';

/**
 * Signs real MCP clients in against `npm run demo`, at both loopback names. The clients are not our
 * dependencies: install them into a scratch folder and name it:
 *   d=$(mktemp -d) && npm i --prefix $d mcp-remote @openai/codex @google/gemini-cli
 *   CLIENTS=$d npx tsx bench/client-sign-ins.ts
 * Each client runs with a fresh HOME. The person is a headless Chromium: it opens the authorization URL the
 * client printed (or asked xdg-open to open), approves our consent page, picks a demo person on the fake
 * Slack's page and lands on the client's own callback listener. Prints one line per client and host: what the
 * callback page said, how long sign-in took, the tools the client listed and what a tool call answered.
 */
const clients = process.env.CLIENTS;
if (!clients) throw new Error('CLIENTS=<folder where the clients were installed with npm i --prefix>');
const PORT = Number(process.env.PORT ?? 4700);
const SLACK_PORT = PORT + 1;
const TRIALS: ClientTrial[] = [mcpRemote, codex, gemini];

function describe(o: Outcome): string {
  const cb = `callback ${o.callback.status} "${o.callback.page}", iss=${o.callback.iss}`;
  const seconds = (o.signedInMs / 1000).toFixed(1);
  return `signed in in ${seconds} s (${cb}); ${o.tools} tools listed${o.called ? `; ${o.called}` : ''}`;
}

async function trial(
  t: ClientTrial,
  bin: string,
  host: string,
  browser: Awaited<ReturnType<typeof launchChromium>>,
) {
  const home = mkdtempSync(join(tmpdir(), 'client-home-'));
  try {
    const outcome = await t.trial({
      bin,
      url: `http://${host}:${PORT}/mcp`,
      home,
      env: { ...process.env, HOME: home },
      browser,
    });
    return describe(outcome);
  } catch (err) {
    return `FAILED: ${(err as Error).message}`;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

// One process (no npx or tsx launcher in between), so stopping it stops the demo.
const demo = run(process.execPath, ['--import', 'tsx', 'fake-slack/demo.ts'], {
  env: { ...process.env, PORT: String(PORT), FAKE_SLACK_PORT: String(SLACK_PORT) },
});
const browser = await launchChromium();
try {
  await demo.waitFor('the demo', /demo is running/);
  for (const t of TRIALS) {
    const bin = clientBin(clients, t.bin);
    if (!bin) {
      console.log(`${t.name}: not installed (npm i --prefix ${clients} ${t.pkg})`);
      continue;
    }
    for (const host of ['127.0.0.1', 'localhost'])
      console.log(
        `${t.name} ${clientVersion(clients, t.pkg)} at ${host}: ${await trial(t, bin, host, browser)}`,
      );
  }
} finally {
  await browser.close();
  demo.child.kill('SIGTERM');
  await demo.exited(10_000);
}
