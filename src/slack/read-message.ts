import { renderHighlights, stripHighlights } from './highlight.js';
import { type ReadNames, renderMrkdwn } from './mrkdwn.js';
import { renderBlocks } from './render-blocks.js';
import { filled, objects, type SlackObject, str } from './slack-values.js';

/** A preview Slack built for a link already in the text: the link is there, the preview adds nothing. */
const isLinkPreview = (a: SlackObject) =>
  Boolean(a.from_url || a.original_url || a.app_unfurl_url || a.is_app_unfurl || a.is_msg_unfurl);

/** One line for an attachment a bot or integration wrote as part of its message, without repeating `said`. */
function attachmentLine(a: SlackObject, said: string, names: ReadNames): string | undefined {
  const read = (v: unknown) => {
    const s = filled(v);
    return s === undefined ? undefined : renderMrkdwn(s, names);
  };
  const fresh = (part: string | undefined): part is string =>
    part !== undefined && !said.includes(stripHighlights(part));
  const pretext = read(a.pretext);
  const heading = [read(a.title), read(a.text)].filter(fresh).join(': ');
  const fields = objects(a.fields)
    .map((f) => [read(f.title), read(f.value)] as const)
    .filter(([, value]) => value !== undefined)
    .map(([title, value]) => (title ? `${title}: ${value}` : value))
    .join(', ');
  const parts = [fresh(pretext) ? pretext : '', heading, fields].filter(filled);
  if (parts.length === 0) {
    const fallback = read(a.fallback) ?? filled(renderBlocks(a.blocks, names));
    if (fresh(fallback)) parts.push(fallback);
  }
  return parts.length ? parts.join(' — ') : undefined;
}

/**
 * What a message says, as one string an agent can read: its text (or, for apps that post only Block
 * Kit, its blocks), then a line per attachment it was posted with that adds something, then
 * `[file: name]` per shared file. Ids become names, links `label (url)`, entities are decoded, and
 * Slack's highlight marks become `*term*` (compared without them, so a highlighted text and its
 * plain attachment copy count as one). Link previews are left out; `response_format=detailed` has them.
 */
export function readMessageText(m: SlackObject, names: ReadNames = {}): string {
  const raw = str(m.text) ?? '';
  const text = stripHighlights(raw).trim() ? renderMrkdwn(raw, names) : renderBlocks(m.blocks, names);
  const lines = [text];
  for (const attachment of objects(m.attachments)) {
    if (isLinkPreview(attachment)) continue;
    const line = attachmentLine(attachment, stripHighlights(lines.join('\n')), names);
    if (line) lines.push(line);
  }
  for (const file of objects(m.files)) {
    const name = filled(file.name) ?? filled(file.title);
    if (name) lines.push(`[file: ${name}]`);
  }
  return renderHighlights(lines.filter((line) => line !== '').join('\n'));
}
