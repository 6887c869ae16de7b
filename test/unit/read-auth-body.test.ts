import { describe, expect, it } from 'vitest';
import { readAuthBody } from '../../src/slack/read-slack-body.js';

// auth.test bodies of an org-wide token, as Slack's docs and SDKs show them: team_id is the enterprise id, null,
// or absent; only is_enterprise_install and enterprise_id are read for what the token is.

const org = {
  ok: true,
  url: 'https://gridcorp.enterprise.slack.com/',
  team: 'Grid Corp',
  user: 'ana',
  user_id: 'W07ANASILV',
  enterprise_id: 'E07GRIDCO',
  is_enterprise_install: true,
};
const orgIdentity = {
  userId: 'W07ANASILV',
  teamId: 'E07GRIDCO',
  url: 'https://gridcorp.enterprise.slack.com/',
  enterpriseId: 'E07GRIDCO',
  orgWide: true,
  teamName: 'Grid Corp',
};

describe('readAuthBody', () => {
  it.each([
    ['the enterprise id', { team_id: 'E07GRIDCO' }],
    ['null', { team_id: null }],
    ['absent', {}],
    ['a workspace id (never taken for the workspace read)', { team_id: 'T07GRIDHQ' }],
  ])('an org-wide token whose team_id is %s', (_label, teamId) => {
    expect(readAuthBody({ ...org, ...teamId })).toEqual(orgIdentity);
  });

  it('a workspace token of an organisation names its workspace and the organisation', () => {
    expect(
      readAuthBody({
        ...org,
        url: 'https://gridcorp-hq.slack.com/',
        team: 'Grid HQ',
        team_id: 'T07GRIDHQ',
        is_enterprise_install: false,
      }),
    ).toEqual({
      userId: 'W07ANASILV',
      teamId: 'T07GRIDHQ',
      url: 'https://gridcorp-hq.slack.com/',
      enterpriseId: 'E07GRIDCO',
      teamName: 'Grid HQ',
    });
  });

  it('an org-wide token naming no organisation and no team is unreadable, saying which', () => {
    expect(() => readAuthBody({ ...org, enterprise_id: null })).toThrow('enterprise_id is missing');
    expect(() => readAuthBody({ ...org, is_enterprise_install: false, enterprise_id: null })).toThrow(
      'team_id is missing',
    );
  });
});
