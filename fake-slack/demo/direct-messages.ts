import { weekdayStart } from './calendar.js';
import { DM_LEO_SOFIA, DM_MAYA_LEO, DM_MAYA_PRIYA, DM_MAYA_TOMASZ, MPIM_MAYA_LEO_PRIYA } from './channels.js';
import { sharedFile, ZIP } from './files.js';
import type { ScriptedMessage } from './script-types.js';
import { LEO, MAYA, PRIYA, SOFIA, TOMASZ } from './users.js';

type Line = [day: number, at: string, user: string, text: string, files?: ScriptedMessage['files']];

const conversation = (channel: string, lines: Line[]): ScriptedMessage[] =>
  lines.map(([day, at, user, text, files]) => ({
    channel,
    day,
    at,
    user,
    text,
    ...(files ? { files } : {}),
  }));

export const DIRECT_MESSAGES: ScriptedMessage[] = [
  ...conversation(DM_MAYA_LEO, [
    [0, '13:10', LEO, 'Hey Maya, do you have 15 minutes today to talk about the search roadmap?'],
    [0, '13:25', MAYA, 'Sure, after 16:00 UTC?'],
    [0, '13:26', LEO, 'Perfect, sending an invite'],
    [6, '10:02', LEO, 'Saw INC-2041, anything you need from product? I can handle customer comms'],
    [6, '10:05', MAYA, 'Thanks! Priya is IC, please sync with her on the status page wording'],
    [
      10,
      '15:45',
      LEO,
      'Can you review the Slack search spec before Friday? <https://docs.acme-demo.example/specs/slack-search|spec>',
    ],
    [
      11,
      '09:15',
      MAYA,
      'Left comments. Main one: rate limits on search.messages are tier 2, so we need caching',
    ],
  ]),
  ...conversation(DM_MAYA_PRIYA, [
    [2, '08:40', PRIYA, 'Can you swap on-call with me next week? I have a dentist appointment on Tuesday'],
    [2, '08:52', MAYA, 'Yes, no problem. I’ll update PagerDuty'],
    [
      7,
      '17:05',
      PRIYA,
      'Postmortem looks great. One thing: add the connection-saturation alert to the action items',
    ],
    [7, '17:20', MAYA, 'Done, thanks for the review :pray:'],
    [12, '11:30', PRIYA, 'The Redis cache RFC: do we need a separate Redis cluster or reuse sessions-redis?'],
    [
      12,
      '11:41',
      MAYA,
      'Reuse it for now, with a key prefix and a memory budget. Separate cluster if hit rate is good',
    ],
  ]),
  ...conversation(DM_MAYA_TOMASZ, [
    [1, '16:20', TOMASZ, 'Quick question: is `conversations.replies` paginated even for small threads?'],
    [
      1,
      '16:31',
      MAYA,
      'Yes, always follow `response_metadata.next_cursor` until it is empty, and dedupe by ts',
    ],
    [4, '10:10', TOMASZ, 'Could you review checkout#1279? It’s the Postgres index migration'],
    [4, '11:00', MAYA, 'Approved with one nit: use `CREATE INDEX CONCURRENTLY` so we do not lock orders'],
    [13, '14:00', TOMASZ, 'Thanks for covering my on-call shift, owe you a coffee ☕'],
  ]),
  ...conversation(DM_LEO_SOFIA, [
    [3, '09:00', LEO, 'Can we move the checkout launch review to Thursday?'],
    [3, '09:12', SOFIA, 'Yes! I’ll also bring the new onboarding mocks'],
    [
      9,
      '15:00',
      SOFIA,
      'Launch assets uploaded, confidential until April 14 🤫',
      [
        sharedFile({
          id: 'F07LAUNCHZP',
          name: 'checkout-launch-assets-v3.zip',
          title: 'checkout-launch-assets-v3.zip',
          user: SOFIA,
          created: weekdayStart(9) + 14 * 3600 + 58 * 60,
          size: 48_211_902,
          ...ZIP,
        }),
      ],
    ],
  ]),
  ...conversation(MPIM_MAYA_LEO_PRIYA, [
    [
      13,
      '10:00',
      LEO,
      'Escalation path doc is up: <https://docs.acme-demo.example/support-escalation|support escalation>',
    ],
    [13, '10:20', MAYA, 'Looks good. Added the Slack search fallback for when the help desk is down'],
  ]),
];
