import { ENGINEERING, GENERAL, LAUNCH_Q2, MPIM_MAYA_LEO_PRIYA, PLATFORM_LEADS, PRODUCT } from './channels.js';
import type { ScriptedMessage } from './script-types.js';
import { AMARA, DEPLOYBOT, JONAS, KENJI, LEO, MAYA, PRIYA, SOFIA, TOMASZ } from './users.js';

export const THREADS: ScriptedMessage[] = [
  {
    channel: ENGINEERING,
    day: 1,
    at: '10:05',
    user: MAYA,
    text: 'RFC: move the search-service cache from the in-process LRU to Redis so all pods share hits. Draft: <https://docs.acme-demo.example/rfcs/042|RFC-042 shared search cache>',
    replies: [
      [TOMASZ, 'Big +1. What TTL are you thinking? Slack results go stale fast'],
      [
        MAYA,
        '60s for search results, 10 min for thread bodies. Keys include the Slack user id so nobody sees results they cannot access',
      ],
      [KENJI, 'Can we emit hit/miss metrics per key prefix? I want it in the data warehouse'],
      [
        PRIYA,
        'Redis is already in prod for sessions, so no new infra. Make sure we set `maxmemory-policy allkeys-lru`',
      ],
      [JONAS, 'Will the web-app see any latency change? Search box feels sluggish today'],
      [MAYA, `<@${JONAS}> should drop p50 from ~420ms to ~40ms on a hit :rocket:`],
      [AMARA, 'Approved. Let’s target the sprint starting March 16'],
    ],
  },
  {
    channel: ENGINEERING,
    day: 3,
    at: '14:40',
    user: DEPLOYBOT,
    text: 'Deploy #4411 of web-app v5.2.0 to prod-us failed',
    attachments: [
      {
        id: 1,
        color: 'ff0000',
        fallback: 'Deploy #4411 failed',
        title: 'Deploy #4411 failed',
        title_link: 'https://ci.acme-demo.example/web-app/builds/4411',
        text: 'prod-us: health check timeout after 120s',
        footer: 'Acme CI',
        footer_icon: 'https://ci.acme-demo.example/static/favicon-32.png',
        ts: 1772635200,
        mrkdwn_in: ['text'],
      },
    ],
    replies: [
      [JONAS, 'That’s mine, looking. Health check hits /healthz which now waits on the feature-flag service'],
      [PRIYA, 'Rolling back to v5.1.9 in the meantime'],
      [
        JONAS,
        'Fix: health check must not depend on downstream services. <https://github.com/acme-demo/web-app/pull/889|web-app#889>',
      ],
      [MAYA, 'Reviewed and approved. Good catch on the timeout'],
    ],
  },
  {
    channel: PRODUCT,
    day: 4,
    at: '15:20',
    user: LEO,
    text: `<@${MAYA}> could we expose Slack search to the support agents inside the help desk? Customers keep asking about things we discussed in #incidents`,
    replies: [
      [
        MAYA,
        'Technically yes via search.messages with a user token, but visibility rules matter: each agent must only see what they can see in Slack',
      ],
      [SOFIA, 'I can sketch the sidebar UI. Snippets + permalink + channel name?'],
      [LEO, 'Perfect. Also the thread context when a hit is a reply'],
      [
        MAYA,
        'Thread context means conversations.replies, which is heavily rate limited for non-Marketplace apps. We should cache',
      ],
      [AMARA, 'Let’s scope it for Q2 planning'],
    ],
  },
  {
    channel: PLATFORM_LEADS,
    day: 5,
    at: '11:00',
    user: AMARA,
    text: 'Confidential: headcount plan for Q2 is two backend hires and one SRE. Reorg of the platform team announced on April 1, please keep it here until then',
    replies: [
      [MAYA, 'Makes sense. Can the SRE hire start before the on-call rotation changes?'],
      [PRIYA, 'That would help a lot, I’m on call every third week right now'],
      [AMARA, `<@${PRIYA}> noted, I’ll push for an April start`],
    ],
  },
  {
    channel: LAUNCH_Q2,
    day: 7,
    at: '16:30',
    user: LEO,
    text: 'Embargoed: launch date for the new checkout flow is April 14. Press release draft in the shared drive',
    replies: [
      [SOFIA, 'Final visuals are done, exporting the launch assets tomorrow'],
      [JONAS, 'The new-checkout-flow flag is ready to go to 100% whenever you say'],
      [AMARA, 'Let’s do a go/no-go on April 10'],
    ],
  },
  {
    channel: GENERAL,
    day: 8,
    at: '12:00',
    user: AMARA,
    text: 'The team offsite is confirmed: Lisbon 🇵🇹, May 18–20. Hotel and flights will be booked by People Ops :tada:',
    replies: [
      [SOFIA, '¡Qué bien! Finally somewhere warm ☀️'],
      [KENJI, 'Looking forward to it! 楽しみです'],
      [TOMASZ, 'Is there a vegetarian option for the dinner?'],
      [AMARA, `<@${TOMASZ}> yes, we’ll collect dietary needs in a form next week`],
      [MAYA, 'Obrigada! Can we do a hack day on day 2?'],
    ],
  },
  {
    channel: MPIM_MAYA_LEO_PRIYA,
    day: 9,
    at: '09:30',
    user: PRIYA,
    text: 'Can the three of us sync about the on-call rotation and the support escalation path?',
    replies: [
      [LEO, 'Sure, Thursday 14:00 UTC works for me'],
      [MAYA, 'Works for me too. I’ll bring the INC-2041 action items'],
      [PRIYA, 'Booked, invite sent'],
    ],
  },
];
