import { describe, expect, it } from 'vitest';
import { toConciseMatch } from '../../src/slack/format-search.js';
import { toConciseThreadMessage } from '../../src/slack/format-thread.js';
import { readMessageText } from '../../src/slack/read-message.js';

const ciFailure = {
  id: 1,
  color: 'ff0000',
  fallback: 'Deploy #4411 failed',
  title: 'Deploy #4411 failed',
  title_link: 'https://ci.example.invalid/builds/4411',
  text: 'prod-eu: health check timeout',
  ts: 1716990000,
  mrkdwn_in: ['text'],
};

const githubUnfurl = {
  id: 2,
  fallback: '[acme/checkout] Pull request #12: Retry budget',
  title: '#12 Retry budget',
  text: 'Adds a retry budget',
  app_unfurl_url: 'https://github.com/acme/checkout/pull/12',
  is_app_unfurl: true,
};

// Was message-content.test.ts: the same cases through the reader that replaced messageContent.
describe('readMessageText', () => {
  it('is the text alone for a plain message', () => {
    expect(readMessageText({ text: 'hello' })).toBe('hello');
    expect(readMessageText({})).toBe('');
  });

  it('gives an attachment-only bot message its words (Slack sends text "")', () => {
    expect(readMessageText({ text: '', attachments: [ciFailure] })).toBe(
      'Deploy #4411 failed: prod-eu: health check timeout',
    );
  });

  it('adds pretext, title, text and fields without repeating what was already said', () => {
    const attachment = {
      pretext: 'Nightly build',
      title: 'Deploy #7 of web v1 to prod succeeded',
      text: 'All checks passed',
      fallback: 'Deploy #7 of web v1 to prod succeeded',
      fields: [
        { title: 'Duration', value: '4m 12s', short: true },
        { title: '', value: 'canary' },
        { title: 'Empty', value: '' },
      ],
    };
    expect(
      readMessageText({ text: 'Deploy #7 of web v1 to prod succeeded', attachments: [attachment] }),
    ).toBe(
      'Deploy #7 of web v1 to prod succeeded\nNightly build — All checks passed — Duration: 4m 12s, canary',
    );
  });

  it('falls back to `fallback` only when nothing else is new, and drops attachments that add nothing', () => {
    expect(readMessageText({ text: 'x', attachments: [{ fallback: 'Alert: disk 91% on db-2' }] })).toBe(
      'x\nAlert: disk 91% on db-2',
    );
    expect(
      readMessageText({ text: 'Deploy ok', attachments: [{ title: 'Deploy ok', fallback: 'Deploy ok' }] }),
    ).toBe('Deploy ok');
  });

  it('leaves out link previews (the link is in the text) and names shared files', () => {
    const unfurls = [
      githubUnfurl,
      { from_url: 'https://x.example', title: 'X' },
      { is_msg_unfurl: true, text: 'q' },
    ];
    const files = [{ name: 'grafana-orders-db.png', title: 'Connections' }, { title: 'untitled' }, {}];
    expect(
      readMessageText({
        text: 'PR: <https://github.com/acme/checkout/pull/12>',
        attachments: unfurls,
        files,
      }),
    ).toBe('PR: https://github.com/acme/checkout/pull/12\n[file: grafana-orders-db.png]\n[file: untitled]');
  });

  it('skips malformed entries instead of failing the request', () => {
    const odd = { text: 'x', attachments: [null, 'y', { fields: 'nope', title: 'T' }], files: 'z' };
    expect(readMessageText(odd as never)).toBe('x\nT');
  });
});

describe('concise shapes carry the content', () => {
  it('search match: attachment text truncated like the text; user "" is no user', () => {
    const match = {
      channel: { id: 'C1', name: 'deploys' },
      user: '',
      username: 'deploybot',
      ts: '1716990000.000300',
      text: '',
      attachments: [ciFailure],
      permalink: 'https://acme.slack.com/archives/C1/p1716990000000300',
    };
    expect(toConciseMatch(match, { workspaceUrl: 'https://acme.slack.com/', maxTextChars: 19 })).toEqual({
      channel_id: 'C1',
      channel_name: 'deploys',
      user_id: null,
      username: 'deploybot',
      ts: '1716990000.000300',
      text: 'Deploy #4411 failed...content truncated due to length',
      permalink: 'https://acme.slack.com/archives/C1/p1716990000000300',
      user_name: 'deploybot',
    });
  });

  it('thread message: files are named', () => {
    const message = { user: 'U1', ts: '1.000100', text: 'graph', files: [{ name: 'p99.png' }] };
    expect(
      toConciseThreadMessage(message, { workspaceUrl: 'https://acme.slack.com/', channel: 'C1' }),
    ).toEqual({
      user_id: 'U1',
      user_name: null,
      ts: '1.000100',
      text: 'graph\n[file: p99.png]',
      is_parent: true,
      permalink: 'https://acme.slack.com/archives/C1/p1000100',
    });
  });
});
