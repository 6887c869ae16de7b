import { describe, expect, it } from 'vitest';
import { mcpInstructions, mcpToolsSentence } from '../../src/mcp/instructions.js';
import { READS } from '../../src/reads/reads.js';

describe('lists built from the read definitions', () => {
  it('initialize instructions name every tool with what it is for', () => {
    expect(mcpInstructions(READS)).toBe(
      "Slack search and tool search for agents: find messages with slack_search_messages, read a whole thread with slack_get_thread_replies, read a channel's latest messages with slack_get_channel_history, read a Slack link's message and what was said around it with slack_get_message_context and rank a list of tools for a task with search_tools. Answers are concise by default and carry a one-line summary that says what to do next.",
    );
  });

  it('the /mcp description lists every tool with its REST twin', () => {
    expect(mcpToolsSentence(READS)).toBe(
      'Tools: slack_search_messages (GET /search/messages), slack_get_thread_replies (GET /threads/{channel}/{ts}), slack_get_channel_history (GET /channels/{channel}/history), slack_get_message_context (GET /messages/context) and search_tools (POST /catalog/search).',
    );
  });

  it('a read added to the list is named in both', () => {
    const extra = {
      ...READS[0],
      mcp: { ...READS[0]?.mcp, tool: 'slack_search_files', purpose: 'find files' },
    };
    const reads = [...READS, extra] as typeof READS;
    expect(mcpInstructions(reads)).toContain('and find files with slack_search_files.');
    expect(mcpToolsSentence(reads)).toContain('and slack_search_files (GET /search/messages).');
  });
});
