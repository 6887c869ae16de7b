/** The parts of a Slack legacy attachment whose words are the message's own content. */
export interface SlackAttachment {
  pretext?: string;
  title?: string;
  text?: string;
  fallback?: string;
  fields?: { title?: string; value?: string }[];
  from_url?: string;
  original_url?: string;
  app_unfurl_url?: string;
  is_app_unfurl?: boolean;
  is_msg_unfurl?: boolean;
  [key: string]: unknown;
}

export interface SlackFile {
  name?: string;
  title?: string;
  [key: string]: unknown;
}

export interface MessageParts {
  text?: string;
  attachments?: SlackAttachment[];
  files?: SlackFile[];
}

/** A preview Slack built for a link already in the text: the link is there, the preview adds nothing. */
const isLinkPreview = (a: SlackAttachment) =>
  Boolean(a.from_url || a.original_url || a.app_unfurl_url || a.is_app_unfurl || a.is_msg_unfurl);

const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Slack's own data, but a malformed entry must cost one line of content, never the request. */
const objects = <T>(value: T[] | undefined): T[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'object' && v !== null) : [];

/** One line for an attachment a bot or integration wrote as part of its message, without repeating `said`. */
function attachmentLine(a: SlackAttachment, said: string): string | undefined {
  const fresh = (part: unknown): part is string => present(part) && !said.includes(part);
  const pretext = fresh(a.pretext) ? a.pretext : '';
  const heading = [a.title, a.text].filter(fresh).join(': ');
  const fields = objects(a.fields)
    .filter((f) => present(f.value))
    .map((f) => (present(f.title) ? `${f.title}: ${f.value}` : f.value))
    .join(', ');
  const parts = [pretext, heading, fields].filter(present);
  if (parts.length === 0 && fresh(a.fallback)) parts.push(a.fallback);
  return parts.length ? parts.join(' — ') : undefined;
}

/**
 * What a message says, as one string: its text, then a line per attachment it was posted with (alerts
 * and CI bots often put everything there and leave `text` empty), then `[file: name]` per shared file.
 * Link previews are left out; `response_format=detailed` has them.
 */
export function messageContent(m: MessageParts): string {
  const text = typeof m.text === 'string' ? m.text : '';
  const lines = [text];
  for (const attachment of objects(m.attachments)) {
    if (isLinkPreview(attachment)) continue;
    const line = attachmentLine(attachment, lines.join('\n'));
    if (line) lines.push(line);
  }
  for (const file of objects(m.files)) {
    const name = [file.name, file.title].find(present);
    if (name) lines.push(`[file: ${name}]`);
  }
  return lines.filter((line) => line !== '').join('\n');
}
