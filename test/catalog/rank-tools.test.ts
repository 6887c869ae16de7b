import { describe, expect, it } from 'vitest';
import { rankTools, type SearchResult, type ToolInfo } from '../../src/catalog/index.js';
import {
  forecast,
  githubIssue,
  newRelease,
  newsHeadlines,
  readFile,
  slackSend,
  tools,
  weiboTrending,
  writeFile,
} from './fixtures.js';

const rank = (query: string[], context?: string, maxResults = 10, pool: ToolInfo[] = tools) =>
  rankTools({ query, context, tools: pool, maxResults });

const result = (tool: ToolInfo, explanation: string): SearchResult => ({
  toolKey: tool.toolKey,
  toolName: tool.toolName,
  serverName: tool.serverName,
  ...(tool.description != null && { description: tool.description }),
  relevance: expect.any(Number),
  explanation,
});

describe('rankTools', () => {
  it('ranks a keyword query', () => {
    expect(rank(['send', 'slack', 'message'])).toEqual([
      result(slackSend, 'Matched "send", "slack", "message" in name, server and description.'),
    ]);
  });

  it('ranks a sentence query', () => {
    const results = rank(['Post a message to the team channel on Slack']);
    expect(results).toEqual([
      result(slackSend, 'Matched "message", "channel", "slack" in name, server and description.'),
    ]);
  });

  it('pools several sentence items into one query', () => {
    const results = rank(['I need to keep a record of this bug.', 'Create an issue for it on GitHub.']);
    expect(results[0]).toEqual(
      result(githubIssue, 'Matched "create", "issue", "github" in name, server and description.'),
    );
  });

  it('uses context, at a lower weight than the query', () => {
    const withContext = rank(['create'], 'Track this bug in our GitHub repository');
    expect(withContext.map((r) => r.toolKey).slice(0, 2)).toEqual([githubIssue.toolKey, writeFile.toolKey]);
    expect(withContext[0]?.explanation).toBe(
      'Matched "create" in name and description; context "github", "repository" in server and description.',
    );
    const queryOnly = rank(['github repository']);
    const contextOnly = rank(['zzz'], 'github repository');
    expect(contextOnly).toEqual([
      result(githubIssue, 'Matched context "github", "repository" in server and description.'),
    ]);
    expect(contextOnly[0]?.relevance).toBeLessThan(queryOnly[0]?.relevance ?? 0);
  });

  it('finds a CJK description with a CJK query', () => {
    expect(rank(['微博热搜'])).toEqual([result(weiboTrending, 'Matched "微博热搜" in description.')]);
  });

  it('names topics that a related word matched', () => {
    expect(rank(['Is it going to rain in Paris tomorrow?'])).toEqual([
      result(forecast, 'Matched "rain" (as weather) in name, server and description.'),
    ]);
  });

  it('reads a local path as a file of its kind', () => {
    expect(rank(['save the summary to /tmp/notes/summary.md']).map((r) => r.toolKey)).toEqual([
      writeFile.toolKey,
      readFile.toolKey,
    ]);
  });

  it('keeps news and new apart', () => {
    expect(rank(['news']).map((r) => r.toolKey)).toEqual([newsHeadlines.toolKey]);
    expect(rank(['new']).map((r) => r.toolKey)).toEqual([
      newRelease.toolKey,
      writeFile.toolKey,
      githubIssue.toolKey,
      readFile.toolKey,
    ]);
  });

  it("brings in a matching tool's server siblings below it, saying why", () => {
    const [, , , sibling] = rank(['new']);
    expect(sibling).toEqual(result(readFile, 'Matched nothing itself; other tools of its server did.'));
    expect(sibling?.relevance).toBeLessThan(0.2);
  });

  it('leaves out tools that match nothing, and answers [] when nothing matches', () => {
    expect(rank(['file']).map((r) => r.toolKey)).toEqual([writeFile.toolKey, readFile.toolKey]);
    expect(rank(['xyzzy'])).toEqual([]);
    expect(rank(['the of and'])).toEqual([]);
    expect(rank([])).toEqual([]);
    expect(rank(['file'], undefined, 10, [])).toEqual([]);
  });

  it('honours maxResults', () => {
    expect(rank(['new'], undefined, 2)).toHaveLength(2);
    expect(rank(['new'], undefined, 1).map((r) => r.toolKey)).toEqual([newRelease.toolKey]);
    expect(rank(['new'], undefined, 0)).toEqual([]);
  });

  it('gives relevance in [0, 1], never rising down the list', () => {
    for (const query of [['new'], ['create a file'], ['news', 'weather', 'slack', 'github', 'file']]) {
      const relevances = rank(query).map((r) => r.relevance);
      expect(relevances.length).toBeGreaterThan(1);
      for (const r of relevances) expect(r).toBeGreaterThanOrEqual(0);
      for (const r of relevances) expect(r).toBeLessThanOrEqual(1);
      expect(relevances).toEqual([...relevances].sort((a, b) => b - a));
    }
  });

  it('reports a weak best match as weak, a strong one as strong', () => {
    expect(rank(['Is it going to rain in Paris tomorrow?'])[0]?.relevance).toBeLessThan(0.2);
    expect(rank(['content'])[0]?.relevance).toBeLessThan(0.6);
    expect(rank(['send', 'slack', 'message'])[0]?.relevance).toBeGreaterThan(0.8);
  });

  it('echoes toolKey and the other fields verbatim, and never matches on toolKey', () => {
    const odd: ToolInfo = {
      toolKey: '  ∆ weird:key/with "quotes" \u0000 ',
      toolName: 'Fetch_URL',
      serverName: 'Web',
    };
    const byKey: ToolInfo = { toolKey: 'fetch url', toolName: 'ping', serverName: 'health' };
    expect(rank(['fetch a url'], undefined, 10, [odd, byKey])).toEqual([
      result(odd, 'Matched "fetch", "url" in name.'),
    ]);
  });
});
