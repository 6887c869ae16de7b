import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildHarness, get } from '../helper.js';
import { routeFor, serveRecordedUsers, slackRealFixtures } from '../support/slack-real-fixtures.js';

// Bodies in the shapes real Slack sends (test/fixtures/slack-real, each naming its source), served by the
// fake as they are and read through the real @slack/web-api client, the gateway, the service and the
// route. The expected bodies were read one by one: names for ids, DM names, no repeated lines, totals.
const expected = JSON.parse(
  readFileSync(new URL('./slack-real-expected.json', import.meta.url), 'utf8'),
) as Record<string, { concise: Record<string, unknown>; detailed: Record<string, unknown> }>;
const fixtures = slackRealFixtures();

describe('real-shaped Slack bodies, replayed through the real client', () => {
  it('has an expected answer for every fixture', () => {
    expect(Object.keys(expected).sort()).toEqual(fixtures.map((f) => f.name));
  });

  it.each(fixtures.map((f) => [f.name, f] as const))(
    '%s: concise and detailed bodies',
    async (_, fixture) => {
      const h = await buildHarness();
      try {
        serveRecordedUsers(h.slack);
        h.slack.serveBody(fixture.method, fixture.body);
        const concise = await get(h.app, routeFor(fixture, 'concise'));
        expect(concise.status).toBe(200);
        expect(concise.body).toEqual(expected[fixture.name].concise);
        const detailed = await get(h.app, routeFor(fixture, 'detailed'));
        expect(detailed.status).toBe(200);
        expect(detailed.body).toEqual({ ...fixture.body, ...expected[fixture.name].detailed });
        const sent = h.slack.calls.filter((c) => c.method === fixture.method).at(0)?.params;
        expect(sent).toMatchObject(
          fixture.method === 'search.messages'
            ? { query: fixture.params.query }
            : { channel: fixture.params.channel, ...(fixture.params.ts ? { ts: fixture.params.ts } : {}) },
        );
      } finally {
        await h.close();
      }
    },
  );
});
