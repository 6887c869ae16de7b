import { parseCheckedJson } from '../http/parse-json.js';
import { toRankTool } from './tool-text.js';
import type { RankJob, RankRequest, RankTask, ToolInfo } from './types.js';

/** The job for a request: only what ranking reads of each tool (see `RankTool`). */
export function toRankJob({ query, context, tools, maxResults }: RankRequest): RankJob {
  return { query, context, maxResults, tools: tools.map(toRankTool) };
}

/**
 * What a ranking thread is handed for a request: its body's JSON text when it came as one (`bodyText`: the
 * thread reads the tools and their parameters from it, off the event loop), else the job.
 */
export function toRankTask(req: RankRequest, bodyText?: string): RankTask {
  if (bodyText === undefined) return toRankJob(req);
  const { query, context, maxResults, tools } = req;
  return { query, context, maxResults, bodyText, toolCount: tools.length };
}

/**
 * A task's job, on the ranking thread: the tools read from the body's text, parsed as the request was (so
 * they are the request's tools), then reduced to what ranking reads.
 */
export function taskJob(task: RankTask): RankJob {
  if ('tools' in task) return task;
  const { bodyText, toolCount, ...job } = task;
  const tools = (parseCheckedJson(bodyText) as { tools?: ToolInfo[] }).tools;
  if (!Array.isArray(tools) || tools.length !== toolCount)
    throw new Error(`the body text holds ${tools?.length ?? 'no'} tools, not the request's ${toolCount}`);
  return { ...job, tools: tools.map(toRankTool) };
}
