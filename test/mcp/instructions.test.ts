import { describe, expect, it } from 'vitest';
import { mcpInstructions, mcpToolsSentence } from '../../src/mcp/instructions.js';
import { READS } from '../../src/reads/reads.js';
import { FIRST_TOOLS, inListOrder, MCP_TOOL_NAMES } from './mcp-client.js';

/** The reads these tests were first written for, in the list's order (a new read adds its own tests). */
const FIRST = READS.filter((read) => FIRST_TOOLS.includes(read.mcp.tool));

describe('lists built from the read definitions', () => {
  it('the list holds the first reads, in their order', () => {
    expect(inListOrder(MCP_TOOL_NAMES, FIRST_TOOLS)).toEqual(FIRST_TOOLS);
  });

  it('initialize instructions name every tool with what it is for', () => {
    for (const read of READS)
      expect(mcpInstructions(READS)).toContain(`${read.mcp.purpose} with ${read.mcp.tool}`);
    expect(mcpInstructions(FIRST)).toBe(
      "Slack search and tool search for agents: find messages with slack_search_messages, read a whole thread with slack_get_thread_replies, read a channel's latest messages with slack_get_channel_history, read a Slack link's message and what was said around it with slack_get_message_context, find files and canvases with slack_search_files, read a canvas or file with slack_read_file, find channels with slack_search_channels, find people with slack_search_users and rank a list of tools for a task with search_tools. Answers are concise by default and carry a one-line summary that says what to do next. To page, pass an answer's next_cursor back as cursor; max_text_chars=0 gives whole texts.",
    );
  });

  it('the /mcp description lists every tool with its REST twin', () => {
    for (const read of READS)
      expect(mcpToolsSentence(READS)).toContain(`${read.mcp.tool} (${read.rest.method} `);
    expect(mcpToolsSentence(FIRST)).toBe(
      'Tools: slack_search_messages (GET /search/messages), slack_get_thread_replies (GET /threads/{channel}/{ts}), slack_get_channel_history (GET /channels/{channel}/history), slack_get_message_context (GET /messages/context), slack_search_files (GET /search/files), slack_read_file (GET /files/{file_id}), slack_search_channels (GET /search/channels), slack_search_users (GET /search/users) and search_tools (POST /catalog/search).',
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
