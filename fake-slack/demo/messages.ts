import type { WorkspaceMessage, WorkspaceReaction } from '../workspace-types.js';
import { DEMO_WEEKDAYS, weekdayStart } from './calendar.js';
import { CHATTER, SLOTS } from './chatter.js';
import { DIRECT_MESSAGES } from './direct-messages.js';
import { INCIDENT_THREAD } from './incident-thread.js';
import { createPrng, type Prng } from './prng.js';
import type { ScriptedMessage } from './script-types.js';
import { THREADS } from './threads.js';
import { demoAttachments } from './unfurls.js';
import { EVERYONE } from './users.js';

const REACTIONS = ['+1', 'eyes', 'tada', 'white_check_mark', 'heart', 'rocket'];

class DemoGenerator {
  readonly messages: WorkspaceMessage[] = [];
  private readonly used = new Set<string>();

  constructor(private readonly prng: Prng) {}

  private ts(channel: string, seconds: number): string {
    for (;;) {
      const ts = `${seconds}.${String(this.prng.int(0, 999_999)).padStart(6, '0')}`;
      if (!this.used.has(`${channel}:${ts}`)) return ts;
    }
  }

  private reactions(author: string): WorkspaceReaction[] | undefined {
    if (!this.prng.chance(0.25)) return undefined;
    const users = [...new Set([this.prng.pick(EVERYONE), this.prng.pick(EVERYONE)])].filter(
      (u) => u !== author,
    );
    return users.length ? [{ name: this.prng.pick(REACTIONS), users, count: users.length }] : undefined;
  }

  add(channel: string, user: string, text: string, seconds: number, extra: Partial<WorkspaceMessage> = {}) {
    const ts = extra.ts ?? this.ts(channel, seconds);
    this.used.add(`${channel}:${ts}`);
    const attachments = extra.attachments ?? demoAttachments(user, text, seconds);
    const reactions = this.reactions(user);
    const message: WorkspaceMessage = { channel, ts, user, text, ...extra };
    if (attachments) message.attachments = attachments;
    if (reactions) message.reactions = reactions;
    this.messages.push(message);
    return message;
  }

  script(script: ScriptedMessage): void {
    const [hours = 9, minutes = 0] = script.at.split(':').map(Number);
    let seconds = weekdayStart(script.day) + hours * 3600 + minutes * 60 + this.prng.int(0, 59);
    const extra: Partial<WorkspaceMessage> = {};
    if (script.ts) extra.ts = script.ts;
    if (script.attachments) extra.attachments = script.attachments;
    if (script.files) extra.files = script.files;
    const parent = this.add(script.channel, script.user, script.text, seconds, extra);
    for (const [user, text, files] of script.replies ?? []) {
      seconds = Math.max(seconds, Math.floor(Number(parent.ts))) + this.prng.int(60, 480);
      this.add(script.channel, user, text, seconds, { threadTs: parent.ts, ...files });
    }
  }

  fill(template: string): string {
    return template.replace(/\{(\w+)\}/g, (_, slot: string) =>
      slot === 'n' ? String(this.prng.int(1, 9)) : this.prng.pick(SLOTS[slot] ?? [slot]),
    );
  }
}

/** ~200 messages over three working weeks of March 2026; identical on every call. */
export function generateDemoMessages(): WorkspaceMessage[] {
  const prng = createPrng(20_260_302);
  const generator = new DemoGenerator(prng);
  for (const script of [INCIDENT_THREAD, ...THREADS, ...DIRECT_MESSAGES]) generator.script(script);
  for (let day = 0; day < DEMO_WEEKDAYS; day++) {
    for (const pool of CHATTER) {
      const count = prng.int(pool.perDay[0], pool.perDay[1]);
      for (let i = 0; i < count; i++) {
        const [authors, template] = prng.pick(pool.lines);
        const seconds = weekdayStart(day) + prng.int(8 * 3600, 18 * 3600);
        generator.add(pool.channel, prng.pick(authors), generator.fill(template), seconds);
      }
    }
  }
  return generator.messages.sort((a, b) => Number(a.ts) - Number(b.ts));
}
