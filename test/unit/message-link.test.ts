import { describe, expect, it } from 'vitest';
import { otherWorkspace, parseMessageLink } from '../../src/slack/message-link.js';

describe('parseMessageLink', () => {
  it('reads channel and ts, and thread_ts for a reply, on workspace and Enterprise Grid hosts', () => {
    expect(parseMessageLink('https://acme.slack.com/archives/C0GENERAL/p1716649200002912')).toEqual({
      host: 'acme.slack.com',
      channel: 'C0GENERAL',
      ts: '1716649200.002912',
    });
    expect(
      parseMessageLink(
        'https://acme.enterprise.slack.com/archives/G0PRIVATE/p1716649300000100/?thread_ts=1716649200.002912&cid=G0PRIVATE',
      ),
    ).toEqual({
      host: 'acme.enterprise.slack.com',
      channel: 'G0PRIVATE',
      ts: '1716649300.000100',
      threadTs: '1716649200.002912',
    });
  });

  it.each([
    [
      'http://acme.slack.com/archives/C0GENERAL/p1716649200002912',
      'is not a Slack link (https://<workspace>.slack.com/…)',
    ],
    [
      'https://acme.slack.com.evil.example/archives/C0GENERAL/p1716649200002912',
      'is not a Slack link (https://<workspace>.slack.com/…)',
    ],
    [
      'https://acme.slack.com/archives/C0GENERAL',
      'is not a Slack message link (…/archives/<channel id>/p<16 digits>)',
    ],
    [
      'https://acme.slack.com/archives/general/p1716649200002912',
      'is not a Slack message link (…/archives/<channel id>/p<16 digits>)',
    ],
    [
      'https://acme.slack.com/archives/C0GENERAL/p171664920000291',
      'is not a Slack message link (…/archives/<channel id>/p<16 digits>)',
    ],
    ['acme.slack.com/archives/C0GENERAL/p1716649200002912', 'is not a URL'],
  ])('says what is wrong with %s', (url, problem) => {
    expect(parseMessageLink(url)).toEqual({ problem });
  });
});

describe('otherWorkspace', () => {
  it('names the token’s workspace when a plain workspace link is on another host', () => {
    expect(otherWorkspace('other.slack.com', 'https://acme.slack.com/')).toBe('acme.slack.com');
    expect(otherWorkspace('acme.slack.com', 'https://acme.slack.com/')).toBeUndefined();
    expect(otherWorkspace('acme.enterprise.slack.com', 'https://acme-eu.slack.com/')).toBeUndefined();
  });
});
