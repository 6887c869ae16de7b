import { afterAll, describe, expect, it } from 'vitest';
import { RankPool, RankTimeout, rankTools } from '../../src/catalog/index.js';
import { tools } from './fixtures.js';

const req = { query: ['send', 'slack', 'message'], tools, maxResults: 5 };
const heavy = () => {
  let text = '';
  for (let i = 0; i < 400_000; i++) text += String.fromCharCode(0x4e00 + ((i * 7919) % 20_000));
  return {
    query: [text.slice(0, 20_000)],
    tools: [{ ...tools[0], toolKey: 'h', description: text }],
    maxResults: 5,
  };
};

describe('RankPool', () => {
  const pool = new RankPool({ size: 1 });
  afterAll(() => pool.close());

  it('ranks on a worker thread exactly as in process', async () => {
    expect(await pool.rank(req, Date.now() + 10_000)).toEqual(rankTools(req));
  });

  it('abandons a ranking at its deadline, replaces the thread, and goes on serving', async () => {
    const late = pool.rank(heavy() as typeof req, Date.now() + 5);
    const queued = pool.rank(req, Date.now() + 20);
    await expect(late).rejects.toBeInstanceOf(RankTimeout);
    await expect(queued).rejects.toBeInstanceOf(RankTimeout);
    expect(await pool.rank(req, Date.now() + 10_000)).toEqual(rankTools(req));
    expect(pool.pending).toBe(0);
  });

  it('refuses work once closed', async () => {
    const closing = new RankPool({ size: 1 });
    await closing.close();
    await expect(closing.rank(req, Date.now() + 1000)).rejects.toThrow('the rank pool is closed');
  });
});
