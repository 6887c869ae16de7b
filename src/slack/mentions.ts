// Mentions in a text: which people and channels it names, and the text with their names. Apart from the
// HTML reader so that the reads naming mentions load no HTML parser (start-up).

const MENTION = /<([@#])([UWCGD][A-Z0-9]{2,40})(?:\|([^<>\n]{0,255}))?>/g;

export interface MentionNames {
  users: Map<string, string>;
  channels: Map<string, string>;
}

/**
 * Users (`<@U…>`, `<@U…|name>`) and channels (`<#C…>`) a text mentions (an HTML document's text once
 * converted: `&lt;@U…&gt;` reads `<@U…>`). A label is at most 255 characters, so the pattern costs time
 * linear in the text, whatever it holds (half-typed mentions included).
 */
export function mentionIds(text: string): { users: string[]; channels: string[] } {
  const users = new Set<string>();
  const channels = new Set<string>();
  for (const m of text.matchAll(MENTION)) (m[1] === '@' ? users : channels).add(m[2] as string);
  return { users: [...users], channels: [...channels] };
}

/** `<@U…>` as `@name` and `<#C…>` as `#name` where a name is known (else the label Slack wrote, else the id). */
export function nameMentions(text: string, names: MentionNames): string {
  return text.replace(
    MENTION,
    (_, sigil: string, id: string, label?: string) =>
      `${sigil}${(sigil === '@' ? names.users : names.channels).get(id) ?? label ?? id}`,
  );
}
