import type { WorkspaceMessage } from '../workspace-types.js';

/** A hand-written message: `day` counts weekdays from Mon 2026-03-02 (0) to Fri 2026-03-20 (14). */
export interface ScriptedMessage {
  channel: string;
  day: number;
  /** 'HH:MM' UTC. */
  at: string;
  user: string;
  text: string;
  /** Fixed ts, for messages tests refer to by constant. */
  ts?: string;
  replies?: [user: string, text: string, extra?: Pick<WorkspaceMessage, 'files'>][];
  attachments?: WorkspaceMessage['attachments'];
  files?: WorkspaceMessage['files'];
}
