import { describe, expect, it } from 'vitest';
import {
  createDemoWorkspace,
  DEMO_BOT_TOKEN,
  DEMO_CHANNELS,
  DEMO_INACTIVE_TOKEN,
  DEMO_LONG_THREAD,
  DEMO_NOSCOPE_TOKEN,
  DEMO_OTHER_TOKEN,
  DEMO_OTHER_USER_ID,
  DEMO_REVOKED_TOKEN,
  DEMO_TEAM_ID,
  DEMO_USER_ID,
  DEMO_USER_TOKEN,
} from '../../fake-slack/index.js';

describe('demo workspace', () => {
  const workspace = createDemoWorkspace();

  it('is deterministic and returns a fresh copy each time', () => {
    const again = createDemoWorkspace();
    expect(again).toEqual(workspace);
    expect(again.messages).not.toBe(workspace.messages);
  });

  it('holds ~200 messages over three weeks of March 2026, with unique ts per channel', () => {
    expect(workspace.team).toEqual({
      id: DEMO_TEAM_ID,
      name: 'Acme Demo',
      domain: 'acme-demo',
      aiSearch: true,
    });
    expect(workspace.messages.length).toBeGreaterThanOrEqual(180);
    expect(workspace.messages.length).toBeLessThanOrEqual(260);
    const keys = workspace.messages.map((m) => `${m.channel}:${m.ts}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const message of workspace.messages) {
      const at = Number(message.ts) * 1000;
      expect(at).toBeGreaterThanOrEqual(Date.UTC(2026, 2, 2));
      expect(at).toBeLessThan(Date.UTC(2026, 2, 21));
      expect(workspace.channels.some((c) => c.id === message.channel)).toBe(true);
    }
    const replies = workspace.messages.filter((m) => m.threadTs === DEMO_LONG_THREAD.ts);
    expect(replies).toHaveLength(DEMO_LONG_THREAD.replyCount);
    expect(DEMO_LONG_THREAD.replyCount).toBe(40);
  });

  it('mentions and DMs the demo user, and has non-ASCII text', () => {
    expect(workspace.messages.filter((m) => m.text.includes(`<@${DEMO_USER_ID}>`)).length).toBeGreaterThan(3);
    const dms = workspace.channels.filter((c) => c.kind === 'im' && c.members.includes(DEMO_USER_ID));
    expect(dms.length).toBeGreaterThanOrEqual(3);
    expect(workspace.messages.some((m) => /[^\p{ASCII}]/u.test(m.text))).toBe(true);
  });

  it('has private channels with different memberships for the two user tokens', () => {
    const members = (id: string) => workspace.channels.find((c) => c.id === id)?.members ?? [];
    expect(members(DEMO_CHANNELS.platformLeads)).toContain(DEMO_USER_ID);
    expect(members(DEMO_CHANNELS.platformLeads)).not.toContain(DEMO_OTHER_USER_ID);
    expect(members(DEMO_CHANNELS.launchQ2)).toContain(DEMO_OTHER_USER_ID);
    expect(members(DEMO_CHANNELS.launchQ2)).not.toContain(DEMO_USER_ID);
  });

  it('exposes the documented tokens', () => {
    const token = (t: string) => workspace.tokens.find((candidate) => candidate.token === t);
    expect(token(DEMO_USER_TOKEN)).toMatchObject({ type: 'user', userId: DEMO_USER_ID });
    expect(token(DEMO_USER_TOKEN)?.scopes).toContain('search:read');
    expect(token(DEMO_OTHER_TOKEN)).toMatchObject({ type: 'user', userId: DEMO_OTHER_USER_ID });
    expect(token(DEMO_BOT_TOKEN)?.type).toBe('bot');
    expect(token(DEMO_NOSCOPE_TOKEN)?.scopes).not.toContain('search:read');
    expect(token(DEMO_REVOKED_TOKEN)?.status).toBe('revoked');
    expect(token(DEMO_INACTIVE_TOKEN)?.status).toBe('inactive');
  });
});
