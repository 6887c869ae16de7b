import type { Browser } from 'playwright-core';
import { DEMO_OTHER_USER_ID } from '../../fake-slack/index.js';

/** What the person's browser showed at the client's own callback listener. */
export interface Callback {
  status: number;
  /** The listener's page, as text: its first sentence. */
  page: string;
  /** The RFC 9207 `iss` we sent back with the code. */
  iss: string | null;
}

/**
 * The person, in a real (headless) Chromium: opens the authorization URL the client printed, approves our
 * consent page, picks a demo person on the fake Slack's page, and lands on the client's callback listener.
 */
export async function approve(browser: Browser, authorizeUrl: string): Promise<Callback> {
  const redirect = new URL(new URL(authorizeUrl).searchParams.get('redirect_uri') ?? '');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const landed = page.waitForResponse((r) => r.url().startsWith(`${redirect.origin}${redirect.pathname}`));
    await page.goto(authorizeUrl);
    await page.click('button[name="decision"][value="approve"]');
    await page.click(`button[name="user"][value="${DEMO_OTHER_USER_ID}"]`);
    const res = await landed;
    const text = (await res.text())
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const sentence = /^[^.!]*[.!]/.exec(text)?.[0] ?? text.slice(0, 80);
    return { status: res.status(), page: sentence, iss: new URL(res.url()).searchParams.get('iss') };
  } finally {
    await context.close();
  }
}
