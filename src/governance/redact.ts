/**
 * Redaction of secrets in answer text, linear in the text: every detector is a forward scan with
 * `indexOf` or a single pass over characters, never a backtracking regular expression, so no text
 * (a 1 MB canvas included) and no company term can stall a read.
 */

export interface Redaction {
  /** The text with each match replaced by `[redacted: NAME]`. */
  text: string;
  /** How many matches of each named pattern were replaced. */
  counts: Record<string, number>;
}

/** A company's own pattern: a literal term (matched case-sensitively) given a name. */
export interface LiteralPattern {
  name: string;
  literal: string;
}

/** The built-in detectors' names, as `[redacted: NAME]` says them. */
export const BUILT_IN_NAMES: readonly string[] = ['slack_token', 'cloud_key', 'private_key', 'card_number'];

interface Span {
  start: number;
  end: number;
  name: string;
}

const SLACK_PREFIXES = ['xoxb-', 'xoxp-', 'xoxa-', 'xoxo-', 'xoxs-', 'xoxr-', 'xoxe-', 'xapp-'];
const KEY_PREFIXES = ['AKIA', 'ASIA'];

function isTokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45;
}

function isUpperAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
}

function isWordChar(c: number): boolean {
  return isUpperAlnum(c) || (c >= 97 && c <= 122) || c === 95;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function slackTokens(text: string, out: Span[]): void {
  for (const prefix of SLACK_PREFIXES) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(prefix, from);
      if (at < 0) break;
      let end = at + prefix.length;
      while (end < text.length && isTokenChar(text.charCodeAt(end))) end++;
      if (end - at - prefix.length >= 10) out.push({ start: at, end, name: 'slack_token' });
      from = end;
    }
  }
}

function cloudKeys(text: string, out: Span[]): void {
  for (const prefix of KEY_PREFIXES) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(prefix, from);
      if (at < 0) break;
      let end = at + prefix.length;
      while (end < text.length && end - at < 20 && isUpperAlnum(text.charCodeAt(end))) end++;
      const before = at > 0 ? text.charCodeAt(at - 1) : 32;
      const after = end < text.length ? text.charCodeAt(end) : 32;
      if (end - at === 20 && !isUpperAlnum(before) && !isUpperAlnum(after)) {
        out.push({ start: at, end, name: 'cloud_key' });
      }
      from = at + prefix.length;
    }
  }
}

function privateKeys(text: string, out: Span[]): void {
  let from = 0;
  for (;;) {
    const at = text.indexOf('-----BEGIN ', from);
    if (at < 0) return;
    const headerEnd = text.indexOf('-----', at + 11);
    if (headerEnd < 0) return;
    const header = text.slice(at + 11, headerEnd);
    if (!header.endsWith('PRIVATE KEY') || header.length > 40) {
      from = at + 11;
      continue;
    }
    const footer = `-----END ${header}-----`;
    const endAt = text.indexOf(footer, headerEnd + 5);
    // An unterminated block is redacted to the end of the text: the key material is still there.
    const end = endAt < 0 ? text.length : endAt + footer.length;
    out.push({ start: at, end, name: 'private_key' });
    if (endAt < 0) return;
    from = end;
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Runs of 13 to 19 digits, single spaces or dashes allowed between them, that pass Luhn. */
function cardNumbers(text: string, out: Span[]): void {
  let i = 0;
  while (i < text.length) {
    // A card number stands alone: not inside a word or a longer number (a permalink's p1772721625344142).
    if (!isDigit(text.charCodeAt(i)) || (i > 0 && isWordChar(text.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    let end = i;
    let digits = '';
    let lastDigitEnd = i;
    // Where each group of digits ended: a card followed by a space and another number is still a card.
    const groups: Array<{ digits: number; end: number }> = [];
    while (end < text.length && digits.length <= 19) {
      const c = text.charCodeAt(end);
      if (isDigit(c)) {
        digits += text[end];
        end++;
        lastDigitEnd = end;
      } else if (
        (c === 32 || c === 45) &&
        end + 1 < text.length &&
        isDigit(text.charCodeAt(end + 1)) &&
        end > i &&
        isDigit(text.charCodeAt(end - 1))
      ) {
        groups.push({ digits: digits.length, end });
        end++;
      } else {
        break;
      }
    }
    const alone = lastDigitEnd >= text.length || !isWordChar(text.charCodeAt(lastDigitEnd));
    let card: { digits: number; end: number } | undefined;
    if (alone && digits.length >= 13 && digits.length <= 19 && luhn(digits))
      card = { digits: digits.length, end: lastDigitEnd };
    for (let g = groups.length - 1; g >= 0 && !card; g--) {
      const group = groups[g] as { digits: number; end: number };
      if (group.digits >= 13 && group.digits <= 19 && luhn(digits.slice(0, group.digits))) card = group;
    }
    if (card) out.push({ start: i, end: card.end, name: 'card_number' });
    // No card from here: one may start at the next group (`1 4111 1111 1111 1111`); at most 19 digits are
    // looked at again, so the scan stays linear.
    const next = groups[0] ? groups[0].end + 1 : lastDigitEnd;
    i = Math.max(card?.end ?? next, i + 1);
  }
}

function literals(text: string, patterns: readonly LiteralPattern[], out: Span[]): void {
  for (const { name, literal } of patterns) {
    if (literal.length === 0) continue;
    let from = 0;
    for (;;) {
      const at = text.indexOf(literal, from);
      if (at < 0) break;
      out.push({ start: at, end: at + literal.length, name });
      from = at + literal.length;
    }
  }
}

/** Replaces every built-in secret and company term in `text`; overlapping matches keep the earliest. */
export function redact(text: string, company: readonly LiteralPattern[] = []): Redaction {
  const spans: Span[] = [];
  slackTokens(text, spans);
  cloudKeys(text, spans);
  privateKeys(text, spans);
  cardNumbers(text, spans);
  literals(text, company, spans);
  const counts: Record<string, number> = {};
  if (spans.length === 0) return { text, counts };
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let result = '';
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) continue;
    result += `${text.slice(cursor, span.start)}[redacted: ${span.name}]`;
    cursor = span.end;
    counts[span.name] = (counts[span.name] ?? 0) + 1;
  }
  return { text: result + text.slice(cursor), counts };
}
