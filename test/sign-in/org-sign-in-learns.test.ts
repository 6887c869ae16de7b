import { expect, it, vi } from 'vitest';
import { GRID } from '../../fake-slack/index.js';
import { signInWithSdk } from './sign-in-steps.js';
import { useGridReplica } from './workspace-steps.js';

// An org-wide sign-in teaches the service its token's kind and workspaces as it is stored (issue 43's cold
// path): the person's first search then asks each workspace at once, never first as a workspace token's.

const ctx = useGridReplica();

it('learns the workspaces while Ana signs in: her first search asks each of them at once', async () => {
  const { slack, replica } = ctx;
  const { tokens } = await signInWithSdk(replica.base, GRID.users.ana);
  // The token Slack minted for this sign-in (the fixture's own org tokens are shorter).
  const token = slack.organisation?.tokens.find(
    (t) => t.userId === GRID.users.ana && t.orgWide && t.token.length > 20,
  )?.token;
  expect(token).toMatch(/^xoxp-[0-9a-f]{24}$/);
  // Learned beside the sign-in, not awaited by it: @slack/oauth's auth.test, then ours beside auth.teams.list.
  await vi.waitFor(() =>
    expect(
      slack.calls
        .filter((c) => c.token === token)
        .map((c) => c.method)
        .sort(),
    ).toEqual(['auth.teams.list', 'auth.test', 'auth.test']),
  );
  slack.calls.length = 0;
  const res = await fetch(`${replica.base}/search/messages?query=rollout`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const body = (await res.json()) as { summary: string };
  expect(res.status).toBe(200);
  expect(body.summary).toContain('Searched 2 workspaces (Grid HQ and Grid Labs)');
  // Never first without team_id (Slack refuses that with an org token), and the list is not asked again.
  const searched = slack.calls.filter((c) => c.method === 'search.messages').map((c) => c.params.team_id);
  expect(searched.sort()).toEqual([GRID.teams.hq, GRID.teams.labs]);
  expect(slack.count('auth.teams.list')).toBe(0);
});
