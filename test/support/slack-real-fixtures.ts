import { readdirSync, readFileSync } from 'node:fs';
import type { FakeSlack } from '../../fake-slack/index.js';

const DIR = new URL('../fixtures/slack-real/', import.meta.url);

export interface SlackRealFixture {
  name: string;
  _source: string;
  method: 'search.messages' | 'conversations.replies' | 'conversations.history';
  params: Record<string, string>;
  body: Record<string, unknown>;
}

const read = (file: string) => JSON.parse(readFileSync(new URL(file, DIR), 'utf8'));

/** Every replayable fixture of test/fixtures/slack-real, by file name without `.json`. */
export const slackRealFixtures = (): SlackRealFixture[] =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('.json') && f !== 'users-info.json')
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), ...read(f) }));

/** Serves the recorded users.info answers; an id without one is `user_not_found`, as Slack says. */
export function serveRecordedUsers(fake: FakeSlack): void {
  const { users } = read('users-info.json') as { users: Record<string, unknown> };
  fake.serveBody(
    'users.info',
    (params) => (users[params.user] as never) ?? { ok: false, error: 'user_not_found' },
  );
}

/** Our route for a fixture's call, in `format`. */
export function routeFor(fixture: SlackRealFixture, format: 'concise' | 'detailed'): string {
  const { params } = fixture;
  if (fixture.method === 'conversations.history') {
    const query = new URLSearchParams({
      ...(params.limit ? { limit: params.limit } : {}),
      response_format: format,
    });
    return `/channels/${params.channel}/history?${query}`;
  }
  if (fixture.method === 'conversations.replies') {
    const query = new URLSearchParams({
      ...(params.limit ? { limit: params.limit } : {}),
      response_format: format,
    });
    return `/threads/${params.channel}/${params.ts}?${query}`;
  }
  const { query, count, highlight } = params;
  const search = new URLSearchParams({
    query,
    ...(count ? { count } : {}),
    highlight: highlight ?? 'false',
    response_format: format,
  });
  return `/search/messages?${search}`;
}
