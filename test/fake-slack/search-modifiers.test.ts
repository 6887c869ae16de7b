import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { searcher } from './search-helpers.js';
import { tinyWorkspace } from './tiny-workspace.js';

let fake: FakeSlack;
const { hits } = searcher(() => fake);

beforeAll(async () => {
  fake = await startFakeSlack({ workspace: tinyWorkspace() });
});
afterAll(() => fake.close());

describe('search.messages modifiers', () => {
  it('shows each user public channels plus their own private channels, IMs and MPIMs', async () => {
    expect(await hits('deploy', 'xoxp-ann')).toEqual([
      'C0GEN/1772445600.000100',
      'C0GEN/1772449200.000200',
      'C0SEC/1772535600.000100',
      'D0AB/1772539200.000100',
      'D0AB/1772542800.000100',
      'G0ABC/1772625600.000100',
    ]);
    expect(await hits('deploy', 'xoxp-bob')).toContain('D0BC/1772546400.000100');
  });

  it('to: matches only direct messages the user received', async () => {
    expect(await hits('to:<@U0ANN>')).toEqual(['D0AB/1772539200.000100', 'G0ABC/1772625600.000100']);
    expect(await hits('to:@ann deploy')).toEqual(['D0AB/1772539200.000100', 'G0ABC/1772625600.000100']);
    expect(await hits('to:me', 'xoxp-bob')).toEqual([
      'D0AB/1772542800.000100',
      'D0BC/1772546400.000100',
      'G0ABC/1772625600.000100',
    ]);
  });

  it('a <@U…> term matches messages that mention the user, anywhere visible', async () => {
    expect(await hits('<@U0ANN>')).toEqual([
      'C0SEC/1772535600.000100',
      'D0AB/1772539200.000100',
      'C0GEN/1772629200.000100',
    ]);
  });

  it('in: and from: accept links, names, ids and display names', async () => {
    const general = ['C0GEN/1772445600.000100', 'C0GEN/1772449200.000200'];
    expect(await hits('deploy in:<#C0GEN|general>')).toEqual(general);
    expect(await hits('deploy in:#general')).toEqual(general);
    expect(await hits('deploy in:C0GEN')).toEqual(general);
    expect(await hits('in:@bob')).toEqual(['D0AB/1772539200.000100', 'D0AB/1772542800.000100']);
    expect(await hits('in:#secret', 'xoxp-ann')).toHaveLength(1);
    expect(await hits('deploy from:<@U0BOB>')).toEqual([
      'C0GEN/1772449200.000200',
      'C0SEC/1772535600.000100',
      'D0AB/1772539200.000100',
    ]);
    expect(await hits('deploy from:@bobby')).toEqual(await hits('deploy from:bob'));
    expect(await hits('from:@nobody')).toEqual([]);
  });

  it('after:/before:/on: use exclusive UTC days', async () => {
    expect(await hits('deploy before:2026-03-03')).toEqual([
      'C0GEN/1772445600.000100',
      'C0GEN/1772449200.000200',
    ]);
    expect(await hits('deploy on:2026-03-03')).toEqual([
      'C0SEC/1772535600.000100',
      'D0AB/1772539200.000100',
      'D0AB/1772542800.000100',
    ]);
    expect(await hits('deploy after:2026-03-03')).toEqual(['G0ABC/1772625600.000100']);
  });
});
