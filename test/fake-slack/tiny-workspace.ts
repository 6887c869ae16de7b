import type { Workspace } from '../../fake-slack/index.js';

export const ANN = 'U0ANN';
export const BOB = 'U0BOB';
export const CAT = 'U0CAT';
export const ALL_USER_SCOPES = [
  'search:read',
  'channels:history',
  'groups:history',
  'im:history',
  'mpim:history',
  'channels:read',
  'groups:read',
  'im:read',
  'mpim:read',
  'users:read',
];

/** Mon 2026-03-02 … Wed 2026-03-04, every ts known, so tests can assert whole bodies. */
export function tinyWorkspace(): Workspace {
  return {
    team: { id: 'T0TINY', name: 'Tiny Co', domain: 'tiny' },
    users: [
      { id: ANN, name: 'ann', realName: 'Ann Lee' },
      { id: BOB, name: 'bob', realName: 'Bob Stone', displayName: 'bobby' },
      { id: CAT, name: 'cat', realName: 'Cat Núñez' },
      { id: 'U0BOT', name: 'ci', realName: 'CI Bot', isBot: true, botId: 'B0BOT' },
    ],
    channels: [
      { id: 'C0GEN', kind: 'public', name: 'general', members: [ANN, BOB, CAT], created: 1767225600 },
      { id: 'C0SEC', kind: 'private', name: 'secret', members: [ANN, BOB], created: 1767225600 },
      { id: 'D0AB', kind: 'im', members: [ANN, BOB], created: 1767225600 },
      { id: 'D0BC', kind: 'im', members: [BOB, CAT], created: 1767225600 },
      { id: 'G0ABC', kind: 'mpim', members: [ANN, BOB, CAT], created: 1767225600 },
    ],
    messages: [
      {
        channel: 'C0GEN',
        ts: '1772445600.000100',
        user: ANN,
        text: 'deploy failed on prod-eu, rolling back',
      },
      {
        channel: 'C0GEN',
        ts: '1772449200.000200',
        user: BOB,
        text: 'root cause of the deploy failure: stale config',
        threadTs: '1772445600.000100',
      },
      { channel: 'C0GEN', ts: '1772452800.000300', user: CAT, text: 'lunch?' },
      { channel: 'C0SEC', ts: '1772535600.000100', user: BOB, text: `secret deploy plan for <@${ANN}>` },
      {
        channel: 'D0AB',
        ts: '1772539200.000100',
        user: BOB,
        text: `hey <@${ANN}>, can you review my deploy PR?`,
      },
      { channel: 'D0AB', ts: '1772542800.000100', user: ANN, text: 'sure, looking at the deploy now' },
      { channel: 'D0BC', ts: '1772546400.000100', user: CAT, text: 'bob, deploy question' },
      { channel: 'G0ABC', ts: '1772625600.000100', user: CAT, text: 'group deploy sync tomorrow' },
      { channel: 'C0GEN', ts: '1772629200.000100', user: BOB, text: `Mentioning <@${ANN}> about the retro` },
    ],
    tokens: [
      { token: 'xoxp-ann', type: 'user', userId: ANN, scopes: [...ALL_USER_SCOPES] },
      { token: 'xoxp-bob', type: 'user', userId: BOB, scopes: [...ALL_USER_SCOPES] },
      { token: 'xoxp-ann-narrow', type: 'user', userId: ANN, scopes: ['search:read', 'users:read'] },
      { token: 'xoxb-ci', type: 'bot', userId: 'U0BOT', scopes: ['channels:history', 'users:read'] },
    ],
  };
}
