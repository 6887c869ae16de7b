import type { NamedExample } from '../../schemas/response.js';
import { compactContext } from './compact.js';

// Bodies as the service answers against the demo workspace (`npm run demo`); detailed bodies trimmed.
// test/openapi/lint.test.ts validates every example against its schema.

export const contextExamples: Record<string, NamedExample> = {
  concise: {
    summary:
      'GET /messages/context?url=https%3A%2F%2Facme-demo.slack.com%2Farchives%2FC07ENGINRG%2Fp1772721625344142&before=1&after=1',
    value: {
      ok: true,
      channel_id: 'C07ENGINRG',
      channel_name: 'engineering',
      before: [
        {
          user_id: 'U07TOMNOWK',
          user_name: 'tomasz',
          ts: '1772714586.312658',
          text: 'Deployed search-service v2.9.4 to prod-us :rocket:',
          permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772714586312658',
        },
      ],
      message: {
        user_id: 'U07DEPLOYB',
        user_name: 'deploybot',
        ts: '1772721625.344142',
        text: 'Deploy #4411 of web-app v5.2.0 to prod-us failed\nDeploy #4411 failed: prod-us: health check timeout after 120s',
        permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142',
        thread_ts: '1772721625.344142',
        reply_count: 4,
      },
      after: [
        {
          user_id: 'U07JONASMU',
          user_name: 'jonas',
          ts: '1772731602.243018',
          text: 'Feature flag `usage-based-billing` is now at 5% in prod',
          permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772731602243018',
        },
      ],
      summary:
        'The message by @deploybot at 2026-03-05 14:40 UTC in #engineering, with 1 message before it and 1 after, oldest first. More of the channel: earlier: GET /channels/C07ENGINRG/history?latest=1772714586.312658; later: GET /channels/C07ENGINRG/history?oldest=1772731602.243018. Its whole thread is in thread.',
      thread: {
        ok: true,
        messages: [
          {
            user_id: 'U07DEPLOYB',
            ts: '1772721625.344142',
            text: 'Deploy #4411 of web-app v5.2.0 to prod-us failed\nDeploy #4411 failed: prod-us: health check timeout after 120s',
            is_parent: true,
            user_name: 'deploybot',
            permalink: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142',
            thread_ts: '1772721625.344142',
            reply_count: 4,
          },
          {
            user_id: 'U07JONASMU',
            ts: '1772722007.472864',
            text: 'That’s mine, looking. Health check hits /healthz which now waits on the feature-flag service',
            is_parent: false,
            user_name: 'jonas',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722007472864?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
          {
            user_id: 'U07PRIYASH',
            ts: '1772722169.934860',
            text: 'Rolling back to v5.1.9 in the meantime',
            is_parent: false,
            user_name: 'priya',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722169934860?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
          {
            user_id: 'U07JONASMU',
            ts: '1772722468.608348',
            text: 'Fix: health check must not depend on downstream services. web-app#889 (https://github.com/acme-demo/web-app/pull/889)',
            is_parent: false,
            user_name: 'jonas',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722468608348?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
          {
            user_id: 'U07MAYACHN',
            ts: '1772722619.228613',
            text: 'Reviewed and approved. Good catch on the timeout',
            is_parent: false,
            user_name: 'maya',
            permalink:
              'https://acme-demo.slack.com/archives/C07ENGINRG/p1772722619228613?thread_ts=1772721625.344142&cid=C07ENGINRG',
            thread_ts: '1772721625.344142',
            parent_user_id: 'U07DEPLOYB',
          },
        ],
        has_more: false,
        summary: 'Found 5 messages in thread.',
      },
    },
  },
};

/** The concise example as response_format=compact text: rendered by the read's own renderer. */
export const contextCompactExample: NamedExample = {
  summary: 'GET /messages/context?url=…&before=1&after=1&response_format=compact',
  value: compactContext(contextExamples.concise?.value as never),
};
