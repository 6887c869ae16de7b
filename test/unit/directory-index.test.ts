import { describe, expect, it } from 'vitest';
import { directoryScore, indexEntry, indexedScorer, type Rankable } from '../../src/slack/rank-directory.js';
import { searchedNote } from '../../src/slack-search/directory-page.js';
import {
  expandChannel,
  expandPerson,
  readChannels,
  readPeople,
} from '../../src/slack-search/directory-records.js';

// The index a directory builds once per record must score exactly as the plain scorer does, query by query.

const entries: Rankable[] = [
  { names: ['maya', 'Maya Chen', 'Maya'], words: ['Staff Engineer, Platform'] },
  { names: ['kenji', 'Kenji Watanabe', 'Kenji 渡辺'], words: ['Data Engineer'] },
  { names: ['sofia', 'Sofía García', ''], words: ['Product Designer'] },
  { names: ['billing-oncall'], words: ['Pages for billing', 'Who is on call this week'] },
  { names: ['deploys-2025'], words: ['', 'Old deploy notices'] },
  { names: ['__proto__'], words: [] },
  { names: ['İstanbul-office', 'ÆSIR'], words: ['Straße', 'café'] },
  { names: ['', ''], words: [''] },
];
const queries = [
  'maya',
  'Maya Chen',
  '@maya',
  '#billing',
  'billing-oncall',
  'bill call',
  'engineer',
  'data eng',
  'garcia',
  'Sofía',
  '渡辺',
  'kenji 渡',
  'deploy',
  '2025',
  '__proto__',
  'proto',
  'istanbul',
  'strasse',
  'straße',
  'cafe',
  'aesir',
  'æsir',
  '  maya  ',
  '#',
  '',
  '!!',
  'maya\u0001chen',
];

describe('indexed directory scores', () => {
  it('equal the plain scores for every entry and query', () => {
    for (const query of queries) {
      const score = indexedScorer(query);
      for (const entry of entries) {
        expect({ query, entry, score: score ? score(indexEntry(entry)) : 0 }).toEqual({
          query,
          entry,
          score: directoryScore(query, entry),
        });
      }
    }
  });
});

describe('directory records', () => {
  it('keep what a search shows of a person and a channel, and give it back in Slack’s shape', () => {
    const member = {
      id: 'U1',
      name: 'maya',
      real_name: 'Maya Chen',
      tz: 'Europe/London',
      deleted: false,
      is_bot: false,
      profile: {
        title: 'Engineer',
        display_name: 'Maya',
        real_name: 'Maya C.',
        email: 'maya@x.test',
        phone: '1',
      },
      color: 'abcdef',
    };
    const [withEmail] = readPeople(true)({ ok: true, members: [member] });
    const [withoutEmail] = readPeople(false)({ ok: true, members: [{ ...member, is_app_user: true }] });
    expect(withEmail && expandPerson(withEmail)).toEqual({
      id: 'U1',
      name: 'maya',
      real_name: 'Maya Chen',
      deleted: false,
      is_bot: false,
      tz: 'Europe/London',
      profile: { title: 'Engineer', display_name: 'Maya', real_name: 'Maya C.', email: 'maya@x.test' },
    });
    expect(withoutEmail && expandPerson(withoutEmail)).toEqual({
      id: 'U1',
      name: 'maya',
      real_name: 'Maya Chen',
      deleted: false,
      is_bot: true,
      tz: 'Europe/London',
      profile: { title: 'Engineer', display_name: 'Maya', real_name: 'Maya C.' },
    });
    const [channel] = readChannels({
      ok: true,
      channels: [
        {
          id: 'C1',
          name: 'ops',
          is_private: true,
          is_archived: false,
          num_members: 4,
          topic: { value: 'pager', creator: 'U1' },
          purpose: { value: '' },
          created: 1700000000,
          previous_names: [],
        },
      ],
    });
    expect(channel && expandChannel(channel)).toEqual({
      id: 'C1',
      name: 'ops',
      is_private: true,
      is_archived: false,
      num_members: 4,
      topic: { value: 'pager' },
      purpose: { value: '' },
      created: 1700000000,
    });
    // A tuple: no field names stored.
    expect(JSON.stringify(channel)).toBe('["C1","ops","pager","",1,1700000000,4]');
  });
});

describe('what a search says it searched', () => {
  it('all of it, what is loaded and at what pace, or up to the bound', () => {
    expect(searchedNote({ entries: 1, complete: true }, 'person')).toBe('Searched all 1 person you can see.');
    expect(searchedNote({ entries: 4000, complete: false, per_minute: 20000 }, 'person')).toBe(
      'Searched only the 4000 people loaded so far: Slack listed 20000 more in the last minute and is still listing, so search again in a minute for the rest.',
    );
    expect(searchedNote({ entries: 4000, complete: false, per_minute: 0 }, 'channel')).toBe(
      'Searched only the 4000 channels loaded so far: Slack sent no more in the last minute (slow or failing); each search asks again.',
    );
    expect(searchedNote({ entries: 0, complete: false }, 'channel')).toBe(
      'Searched only the 0 channels loaded so far: the list is still loading from Slack, so search again in a minute for the rest.',
    );
    expect(searchedNote({ entries: 250000, complete: false, bounded: true }, 'person')).toBe(
      'Searched the first 250000 people you can see: the list stops there (this service’s bound), so anyone past them is not found this way.',
    );
  });
});
