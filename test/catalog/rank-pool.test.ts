import { afterAll, describe, expect, it } from 'vitest';
import {
  RankHandoffError,
  RankPool,
  type RankRequest,
  RankTimeout,
  rankJob,
  toRankJob,
  toRankTask,
} from '../../src/catalog/index.js';
import { parseJson } from '../../src/http/parse-json.js';
import { heavyCatalogBody } from '../support/heavy-catalog.js';
import { tools } from './fixtures.js';

const job = toRankJob({ query: ['send', 'slack', 'message'], tools, maxResults: 5 });
/** A job that keeps a thread busy for tens of milliseconds (ranking itself is bounded: ~100 ms at most). */
const heavy = () => toRankJob(JSON.parse(heavyCatalogBody(0, 2)));
/** A value structured clone refuses (as a raw schema nesting 5,000 levels once made it throw). */
const deep = () => {
  let value: unknown[] = [];
  for (let i = 0; i < 5000; i++) value = [value];
  return value;
};
const unclonable = () => ({ ...job, query: [() => 'not data'] }) as never;
const tooDeep = () => ({ ...job, tools: [{ ...job.tools[0], params: deep() }] }) as never;
const throwsInThread = () => ({ ...job, tools: null }) as never;

const soon = (ms = 10_000) => Date.now() + ms;

describe('RankPool', () => {
  const pool = new RankPool({ size: 1 });
  afterAll(() => pool.close());

  it('ranks on a worker thread exactly as in process', async () => {
    expect(await pool.rank(job, soon())).toEqual(rankJob(job));
  });

  it('abandons a ranking at its deadline, replaces the thread, and goes on serving', async () => {
    const late = pool.rank(heavy(), Date.now() + 5);
    const queued = pool.rank(job, Date.now() + 20);
    await expect(late).rejects.toBeInstanceOf(RankTimeout);
    await expect(queued).rejects.toBeInstanceOf(RankTimeout);
    expect(await pool.rank(job, soon())).toEqual(rankJob(job));
    expect(pool.pending).toBe(0);
  });

  it("reads a task's tools from the request body's text on the thread, parsed as the request was", async () => {
    // A body's `__proto__` keys are removed (secure-json-parse): a parameter of that name is not indexed on
    // the thread either (JSON.parse would keep it, and "sneaky" would match the first tool).
    const text = JSON.stringify({
      query: ['sneaky', 'post'],
      tools: [
        { toolKey: 'a', toolName: 'post', serverName: 's', inputSchema: { properties: { x: {} } } },
        { toolKey: 'b', toolName: 'sneaky_tool', serverName: 's', description: null },
      ],
    }).replace('"x":{}', '"__proto__":{"description":"sneaky"},"x":{}');
    const request = { ...(parseJson(text) as RankRequest), maxResults: 5 };
    const task = toRankTask(request, text);
    expect(task).toEqual({ query: ['sneaky', 'post'], maxResults: 5, bodyText: text, toolCount: 2 });
    const inProcess = rankJob(toRankJob(request));
    expect(rankJob(toRankJob({ ...JSON.parse(text), maxResults: 5 }))).not.toEqual(inProcess);
    expect(await pool.rank(task, soon())).toEqual(inProcess);
    await expect(pool.rank({ ...task, toolCount: 3 }, soon())).rejects.toThrow(
      "the body text holds 2 tools, not the request's 3",
    );
  });

  it('refuses work once closed', async () => {
    const closing = new RankPool({ size: 1 });
    await closing.close();
    await expect(closing.rank(job, Date.now() + 1000)).rejects.toThrow('the rank pool is closed');
  });
});

describe('toRankJob', () => {
  it('hands a thread only what ranking reads: names, descriptions and parameter text, never the schema', () => {
    const schema = {
      type: 'object',
      properties: { channel: { type: 'string', description: 'Where to post', enum: ['a', 'b'] }, text: {} },
      required: ['channel'],
      $defs: { big: { properties: { x: { description: 'not a parameter' } } } },
    };
    const request = {
      query: ['post'],
      context: 'a task',
      maxResults: 3,
      tools: [
        {
          toolKey: 'k',
          toolName: 'post',
          serverName: 's',
          serverId: 'sid',
          projectId: 'pid',
          description: 'd'.repeat(9000),
          inputSchema: schema,
        },
        { toolKey: 'k2', toolName: 'other', serverName: 's', description: null },
      ],
    };
    expect(toRankJob(request)).toEqual({
      query: ['post'],
      context: 'a task',
      maxResults: 3,
      tools: [
        {
          toolKey: 'k',
          toolName: 'post',
          serverName: 's',
          description: 'd'.repeat(8192),
          params: 'channel Where to post\ntext \n',
        },
        { toolKey: 'k2', toolName: 'other', serverName: 's', description: '', params: '' },
      ],
    });
  });
});

describe('RankPool after any single bad job', () => {
  // The deadline each bad job gets: a heavy job's is far shorter than its ranking, on any machine.
  const bad: [string, () => never, (err: unknown) => void, number][] = [
    [
      'a job structured clone refuses',
      unclonable,
      (err) => expect(err).toBeInstanceOf(RankHandoffError),
      200,
    ],
    ['a job nesting 5,000 levels', tooDeep, (err) => expect(err).toBeInstanceOf(RankHandoffError), 200],
    ['a job its thread throws on', throwsInThread, (err) => expect(err).toBeInstanceOf(Error), 200],
    ['a job past its deadline', () => heavy() as never, (err) => expect(err).toBeInstanceOf(RankTimeout), 5],
  ];

  it.each(bad)(
    'fails %s alone, frees the thread, and ranks the next job at once',
    async (_name, make, check, deadlineMs) => {
      const pool = new RankPool({ size: 1 });
      try {
        const bad = make();
        const failed = await pool.rank(bad, Date.now() + deadlineMs).catch((err: unknown) => err);
        check(failed);
        const started = Date.now();
        expect(await pool.rank(job, soon())).toEqual(rankJob(job));
        expect(Date.now() - started).toBeLessThan(3000);
        expect(pool.pending).toBe(0);
      } finally {
        await pool.close();
      }
    },
  );

  it('survives the two-request crash: a bad job handed over from the deadline timer is that job’s failure only', async () => {
    // First a ranking that runs past its deadline with a bad job queued behind it: the timer that
    // replaces the thread then hands the bad job to the new one, where a throw once crashed the process.
    const pool = new RankPool({ size: 1 });
    try {
      const late = pool.rank(heavy(), Date.now() + 50);
      const badOne = pool.rank(tooDeep(), soon());
      const badTwo = pool.rank(unclonable(), soon());
      const good = pool.rank(job, soon());
      await expect(late).rejects.toBeInstanceOf(RankTimeout);
      await expect(badOne).rejects.toBeInstanceOf(RankHandoffError);
      await expect(badTwo).rejects.toBeInstanceOf(RankHandoffError);
      expect(await good).toEqual(rankJob(job));
      expect(pool.pending).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('answers every job when threads die under it', async () => {
    const pool = new RankPool({ size: 2 });
    try {
      for (let round = 0; round < 3; round++) {
        const jobs = [
          pool.rank(throwsInThread(), soon()),
          pool.rank(job, soon()),
          pool.rank(tooDeep(), soon()),
        ];
        const settled = await Promise.allSettled(jobs);
        expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
      }
      expect(pool.pending).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
