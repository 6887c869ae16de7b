import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium (installed by .ci/run); CHROMIUM_PATH elsewhere. Never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A real, headless Chromium; a missing one fails the test loudly (tests never skip). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} not found: install chromium (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
