import type { Workspace } from './workspace-types.js';

export interface BulkMessages {
  /** How many messages to add. */
  count: number;
  channel: string;
  user: string;
  /** Each message's text; `{n}` becomes its 1-based number. */
  text: string;
  /** Unix seconds of the first message; the rest follow a minute apart. @default 1767225600 (2026-01-01) */
  start?: number;
}

/** Adds `count` messages (e.g. 829 that all match one word) to `workspace`, for paging to the end. */
export function addBulkMessages(workspace: Workspace, spec: BulkMessages): string[] {
  const start = spec.start ?? 1_767_225_600;
  const added: string[] = [];
  for (let n = 1; n <= spec.count; n++) {
    const ts = `${start + n * 60}.${String(n).padStart(6, '0')}`;
    workspace.messages.push({
      channel: spec.channel,
      ts,
      user: spec.user,
      text: spec.text.replaceAll('{n}', String(n)),
    });
    added.push(ts);
  }
  return added;
}
