import { describe, expect, it } from 'vitest';
import { readConversation, readPermalink } from '../../src/slack/conversation-name.js';
import { decodeEntities, renderMrkdwn } from '../../src/slack/mrkdwn.js';
import { readMessageText } from '../../src/slack/read-message.js';
import {
  mentionedUserIds,
  readRepliesBody,
  readSearchBody,
  readUserId,
} from '../../src/slack/read-slack-body.js';
import { renderBlocks } from '../../src/slack/render-blocks.js';

const users = new Map([
  ['U07MAYACHN', 'Maya Chen'],
  ['U07LEOPARK', 'Leo Park'],
]);
const names = { users, channels: new Map([['C07INCIDNT', 'incidents']]) };

describe('renderMrkdwn', () => {
  it('names users, channels, groups and broadcasts, and writes links as label (url)', () => {
    const text =
      '<@U07MAYACHN> <@U07LEOPARK|leo> <@U0UNKNOWN1> <@U0UNKNOWN2|ghost> in <#C07ENGINRG|engineering> ' +
      'and <#C07INCIDNT> and <#C0NONAME01>: <!here> <!channel> <!everyone|@everyone> ' +
      '<!subteam^S07ONCALL1|@oncall> <!subteam^S07NOLABEL> ' +
      '<!date^1392734382^{date_short}|Feb 18, 2014> see <https://ci.example/b/4432|build 4432>, ' +
      '<https://ci.example/x>, <mailto:ops@acme.example|ops@acme.example>, <https://acme.example|acme.example>';
    expect(renderMrkdwn(text, names)).toBe(
      '@Maya Chen @Leo Park @U0UNKNOWN1 @ghost in #engineering and #incidents and #C0NONAME01: ' +
        '@here @channel @everyone @oncall @S07NOLABEL Feb 18, 2014 see build 4432 (https://ci.example/b/4432), ' +
        'https://ci.example/x, ops@acme.example, acme.example',
    );
  });

  it('decodes entities after reading references, once', () => {
    expect(renderMrkdwn('a &lt;b&gt; &amp;amp; <https://x.example/?a=1&amp;b=2|Q&amp;A>')).toBe(
      'a <b> &amp; Q&A (https://x.example/?a=1&b=2)',
    );
    expect(decodeEntities('&lt;@U07MAYACHN&gt;')).toBe('<@U07MAYACHN>');
    expect(renderMrkdwn('&lt;@U07MAYACHN&gt;', names)).toBe('<@U07MAYACHN>');
  });

  it('keeps highlight marks in words but not inside ids and urls', () => {
    expect(
      renderMrkdwn('\uE000deploy\uE001 <https://d.example/\uE000deploy\uE001|\uE000deploy\uE001 log>'),
    ).toBe('\uE000deploy\uE001 \uE000deploy\uE001 log (https://d.example/deploy)');
  });
});

describe('renderBlocks', () => {
  it('renders rich_text sections, lists, quotes, code and every inline element', () => {
    const blocks = [
      {
        type: 'rich_text',
        elements: [
          {
            type: 'rich_text_section',
            elements: [
              { type: 'text', text: 'Heads up ' },
              { type: 'user', user_id: 'U07MAYACHN' },
              { type: 'text', text: ' and ' },
              { type: 'usergroup', usergroup_id: 'S07ONCALL1' },
              { type: 'text', text: ' in ' },
              { type: 'channel', channel_id: 'C07INCIDNT' },
              { type: 'text', text: ' ' },
              { type: 'broadcast', range: 'here' },
              { type: 'text', text: ' ' },
              { type: 'emoji', name: 'rotating_light', unicode: '1f6a8' },
              { type: 'emoji', name: 'partyparrot' },
              { type: 'text', text: ' see ' },
              { type: 'link', url: 'https://status.example', text: 'status' },
              { type: 'text', text: ' or ' },
              { type: 'link', url: 'https://runbook.example' },
              { type: 'text', text: '\n' },
            ],
          },
          {
            type: 'rich_text_list',
            style: 'ordered',
            indent: 0,
            elements: [
              { type: 'rich_text_section', elements: [{ type: 'text', text: 'roll back' }] },
              { type: 'rich_text_section', elements: [{ type: 'text', text: 'page db' }] },
            ],
          },
          {
            type: 'rich_text_list',
            style: 'bullet',
            indent: 1,
            elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'nested' }] }],
          },
          { type: 'rich_text_quote', elements: [{ type: 'text', text: 'quoted\ntwice' }] },
          { type: 'rich_text_preformatted', elements: [{ type: 'text', text: 'kubectl get pods' }] },
        ],
      },
    ];
    expect(renderBlocks(blocks, names)).toBe(
      'Heads up @Maya Chen and @S07ONCALL1 in #incidents @here 🚨:partyparrot: see status (https://status.example) or https://runbook.example\n' +
        '1. roll back\n2. page db\n  - nested\n> quoted\n> twice\n```\nkubectl get pods\n```',
    );
  });

  it('renders header, section (mrkdwn and fields) and context; skips images, dividers, actions, junk', () => {
    const blocks = [
      { type: 'header', text: { type: 'plain_text', text: 'Deploy #4432' } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: '*web* to <#C07INCIDNT> by <@U07LEOPARK> &amp; co' },
        fields: [
          { type: 'mrkdwn', text: '*Env:* prod' },
          { type: 'plain_text', text: '<not a ref>' },
        ],
      },
      { type: 'divider' },
      { type: 'image', image_url: 'https://x.example/a.png', alt_text: 'graph' },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Approve' } }] },
      {
        type: 'context',
        elements: [
          { type: 'image', image_url: 'https://x.example/i.png', alt_text: 'icon' },
          { type: 'mrkdwn', text: 'by <@U07MAYACHN>' },
          { type: 'plain_text', text: '2 min ago' },
        ],
      },
      null,
      'junk',
      { type: 'section' },
    ];
    expect(renderBlocks(blocks, names)).toBe(
      'Deploy #4432\n*web* to #incidents by @Leo Park & co\n*Env:* prod\n<not a ref>\nby @Maya Chen 2 min ago',
    );
    expect(renderBlocks('nope')).toBe('');
  });
});

describe('readMessageText', () => {
  const ci = {
    fallback: 'Deploy #4432 of web to prod succeeded',
    title: 'Deploy #4432 of web to prod succeeded',
    text: 'All checks passed',
  };

  it('does not repeat an attachment whose words the highlighted text already has', () => {
    const m = { text: 'Deploy #\uE0004432\uE001 of web to prod succeeded', attachments: [ci] };
    expect(readMessageText(m)).toBe('Deploy #*4432* of web to prod succeeded\nAll checks passed');
  });

  it('reads block-only app messages from their blocks', () => {
    const m = {
      text: '',
      blocks: [{ type: 'header', text: { type: 'plain_text', text: 'Incident INC-2041 resolved' } }],
    };
    expect(readMessageText(m)).toBe('Incident INC-2041 resolved');
  });

  it('renders references in text and attachments, and reads attachment blocks when nothing else is there', () => {
    const m = {
      text: '<@U07MAYACHN> please look',
      attachments: [
        { pretext: 'From <#C07INCIDNT>', fields: [{ title: 'Owner', value: '<@U07LEOPARK>' }] },
        { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'p99 &gt; 4s' } }] },
      ],
      files: [{ name: 'p99.png' }],
    };
    expect(readMessageText(m, names)).toBe(
      '@Maya Chen please look\nFrom #incidents — Owner: @Leo Park\np99 > 4s\n[file: p99.png]',
    );
  });
});

describe('readConversation', () => {
  const link = 'https://acme.slack.com/archives/D07DMMAYA1/p1773133920004100';

  it('names channels, DMs in every form and group DMs', () => {
    expect(readConversation({ channel: { id: 'C1', name: 'general' } })).toEqual({
      id: 'C1',
      name: 'general',
      kind: 'channel',
    });
    expect(readConversation({ channel: { id: 'D1', name: 'U07MAYACHN', type: 'im' } }, names)).toEqual({
      id: 'D1',
      name: null,
      label: 'DM with @Maya Chen',
      kind: 'im',
    });
    expect(readConversation({ channel: { id: 'D2', is_im: true, user: 'U0UNKNOWN1' } }, names)).toEqual({
      id: 'D2',
      name: null,
      label: 'DM with @U0UNKNOWN1',
      kind: 'im',
    });
    expect(readConversation({ channel: 'D07DMMAYA1' })).toEqual({
      id: 'D07DMMAYA1',
      name: null,
      label: 'DM',
      kind: 'im',
    });
    expect(
      readConversation({
        is_mpim: true,
        channel: { id: 'C3', name: 'mpdm-ana--leo--maya-1', is_mpim: false },
      }),
    ).toEqual({ id: 'C3', name: null, label: 'group DM with @ana, @leo, @maya', kind: 'mpim' });
    expect(readConversation({ channel: { id: 'G4', type: 'mpim' } })).toEqual({
      id: 'G4',
      name: null,
      label: 'group DM',
      kind: 'mpim',
    });
  });

  it('takes the id from the permalink when channel is missing', () => {
    expect(readConversation({ permalink: link })).toEqual({
      id: 'D07DMMAYA1',
      name: null,
      label: 'DM',
      kind: 'im',
    });
    expect(readConversation({})).toEqual({ id: '', name: null, kind: 'channel' });
    expect(readPermalink(link)).toEqual({ channel: 'D07DMMAYA1', ts: '1773133920.004100' });
  });
});

describe('reading bodies', () => {
  const match = { ts: '1.000001', user: '' };

  it('search: totals from total, paging or pagination; pages and cursors wherever Slack puts them', () => {
    expect(
      readSearchBody({ messages: { total: 829, paging: { page: 2, pages: 42 }, matches: [match] } }),
    ).toEqual({
      matches: [match],
      total: 829,
      page: 2,
      pages: 42,
      nextCursor: undefined,
    });
    expect(readSearchBody({ messages: { paging: { total: 7 }, matches: [] } }).total).toBe(7);
    const paginated = { total_count: 5, page: 1, page_count: 3, next_cursor: 'abc' };
    expect(readSearchBody({ messages: { pagination: paginated, matches: [match, match] } })).toEqual({
      matches: [match, match],
      total: 5,
      page: 1,
      pages: 3,
      nextCursor: 'abc',
    });
    expect(readSearchBody({ messages: { matches: [match, match] } }).total).toBe(2);
    expect(readSearchBody({ ok: true }).matches).toEqual([]);
    expect(
      readSearchBody({ messages: { matches: [] }, response_metadata: { next_cursor: '' } }).nextCursor,
    ).toBeUndefined();
  });

  it('search: a ts from the permalink is enough; no ts or a matches that is not a list is unreadable (502)', () => {
    expect(() =>
      readSearchBody({
        messages: { matches: [{ permalink: 'https://a.slack.com/archives/C1/p1700000000000100' }] },
      }),
    ).not.toThrow();
    const noTs = () => readSearchBody({ messages: { matches: [{ text: 'x' }] } });
    expect(noTs).toThrow(
      expect.objectContaining({
        statusCode: 502,
        code: 'AS_ERR_SLACK_UNREADABLE_BODY',
        message: 'Slack sent a search.messages body this service cannot read: a message has no ts',
      }),
    );
    expect(() => readSearchBody({ messages: { matches: 'x' } })).toThrow(/messages.matches is not a list/);
    expect(() => readSearchBody({ messages: { matches: [1] } })).toThrow(/a match is not an object/);
    expect(() => readSearchBody({ messages: [] })).toThrow(/messages is not an object/);
  });

  it('replies: has_more needs a cursor; no ts is unreadable', () => {
    expect(
      readRepliesBody({ messages: [match], has_more: true, response_metadata: { next_cursor: 'c' } }),
    ).toEqual({
      messages: [match],
      hasMore: true,
      nextCursor: 'c',
    });
    expect(readRepliesBody({ messages: [match], has_more: true })).toEqual({
      messages: [match],
      hasMore: false,
      nextCursor: undefined,
    });
    expect(() => readRepliesBody({ messages: [{ text: 'no ts' }] })).toThrow(
      'Slack sent a conversations.replies body this service cannot read: a message has no ts',
    );
    expect(() => readRepliesBody({ messages: {} })).toThrow(/messages is not a list/);
  });

  it('user "" is no user; mentioned users come from author, DM partner, text and blocks', () => {
    expect(readUserId({ user: '' })).toBeNull();
    expect(readUserId({ user: 'U1AAA' })).toBe('U1AAA');
    const m = {
      user: 'U07MAYACHN',
      channel: { id: 'D1', is_im: true, user: 'U07LEOPARK' },
      text: 'cc <@U07TOMNOWK|tom> <@U07MAYACHN>',
      blocks: [
        {
          type: 'rich_text',
          elements: [{ type: 'rich_text_section', elements: [{ type: 'user', user_id: 'W07PRIYASH' }] }],
        },
      ],
    };
    expect(mentionedUserIds(m)).toEqual(['U07MAYACHN', 'U07LEOPARK', 'U07TOMNOWK', 'W07PRIYASH']);
  });
});
