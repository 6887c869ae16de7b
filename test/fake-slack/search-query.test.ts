import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../fake-slack/search-query.js';
import { highlight, scoreText, termPositions, textMatches } from '../../fake-slack/search-text.js';

const EMPTY = { terms: [], phrases: [], excluded: [], mentions: [], in: [], from: [], to: [] };
const MAR_2 = 1772409600;
const DAY = 86400;

describe('parseSearchQuery', () => {
  it('splits free text, phrases, exclusions and mentions', () => {
    expect(parseSearchQuery('Deploy "Stale  Config" -lunch -"out of office" <@U0ANN> failed,')).toEqual({
      ...EMPTY,
      terms: ['deploy', 'failed'],
      phrases: ['stale config'],
      excluded: ['lunch', 'out of office'],
      mentions: ['U0ANN'],
    });
  });

  it('reads every form of in:, from: and to:', () => {
    expect(
      parseSearchQuery(
        'in:<#C0GEN|general> in:#random in:C0SEC in:@bob from:<@U0BOB> from:@Cat from:me to:<@U0ANN|ann> to:bob',
      ),
    ).toEqual({
      ...EMPTY,
      in: [{ id: 'C0GEN' }, { name: 'random' }, { id: 'C0SEC' }, { user: { name: 'bob' } }],
      from: [{ id: 'U0BOB' }, { name: 'cat' }, { me: true }],
      to: [{ id: 'U0ANN' }, { name: 'bob' }],
    });
  });

  it('turns after:/before:/on:/during: into a UTC [since, until) range, after/before exclusive', () => {
    expect(parseSearchQuery('after:2026-03-02')).toEqual({ ...EMPTY, since: MAR_2 + DAY });
    expect(parseSearchQuery('before:2026-03-02')).toEqual({ ...EMPTY, until: MAR_2 });
    expect(parseSearchQuery('on:2026-03-02')).toEqual({ ...EMPTY, since: MAR_2, until: MAR_2 + DAY });
    expect(parseSearchQuery('after:2026-03-01 before:2026-03-04')).toEqual({
      ...EMPTY,
      since: MAR_2,
      until: MAR_2 + 2 * DAY,
    });
    expect(parseSearchQuery('during:2026-03').until).toBe(Date.UTC(2026, 3, 1) / 1000);
  });

  it('keeps malformed dates and unknown modifiers as plain terms', () => {
    expect(parseSearchQuery('on:2026-02-30 has:link')).toEqual({
      ...EMPTY,
      terms: ['on:2026-02-30', 'has:link'],
    });
  });
});

describe('text matching', () => {
  it('matches terms at word starts only, case-insensitively', () => {
    expect(termPositions('the deployment and redeploy', 'deploy')).toEqual([4]);
    expect(
      textMatches(parseSearchQuery('DEPLOY stale'), 'root cause of the deploy failure: stale config'),
    ).toBe(true);
    expect(textMatches(parseSearchQuery('deploy -stale'), 'deploy with stale config')).toBe(false);
    expect(textMatches(parseSearchQuery('"cause of the"'), 'root cause  of the failure')).toBe(true);
    expect(textMatches(parseSearchQuery('<@U0ANN>'), 'ping <@u0ann> please')).toBe(true);
    expect(textMatches(parseSearchQuery('café 🍜'), 'le café 🍜 est ouvert')).toBe(true);
  });

  it('wraps hits in U+E000/U+E001 and scores denser hits higher', () => {
    const query = parseSearchQuery('deploy "stale config" <@U0ANN>');
    expect(highlight(query, 'Deploy: stale config for <@U0ANN>!')).toBe(
      '\uE000Deploy\uE001: \uE000stale config\uE001 for \uE000<@U0ANN>\uE001!',
    );
    const score = (text: string) => scoreText(parseSearchQuery('deploy'), text);
    expect(score('deploy deploy')).toBeGreaterThan(
      score('deploy once, then a very long tail of other words'),
    );
    expect(score('deploy')).toBeGreaterThan(0);
  });
});
