import porter2 from 'wink-porter2-stemmer';

/**
 * The fake's stand-in for Slack AI search: NOT a language model, only enough to tell a search by meaning
 * from a keyword search in tests and the demo. A question and a message are reduced to concepts (words,
 * lower-cased, stop words dropped, Porter2-stemmed, then mapped through the small synonym table below);
 * a message matches when it shares at least half of the question's concepts (at least one), scored by
 * how many it shares.
 */
const SYNONYMS: string[][] = [
  ['deploy', 'ship', 'release', 'rollout', 'launch', 'push'],
  ['prod', 'production', 'live'],
  ['freez', 'stop', 'halt', 'pause', 'block', 'frozen'],
  ['incid', 'outag', 'down', 'broke', 'break', 'fire', 'sev'],
  ['error', 'bug', 'fail', 'failur', 'crash', 'problem', 'issu', 'wrong'],
  ['slow', 'latenc', 'lag', 'p95', 'perform'],
  ['custom', 'client', 'account'],
  ['meet', 'sync', 'all-hand', 'call', 'agenda'],
  ['decid', 'decis', 'agre', 'plan', 'roadmap'],
  ['databas', 'postgr', 'sql', 'index', 'migrat'],
  ['lunch', 'food', 'pizza', 'eat'],
];

const STOP = new Set(
  (
    'a an and are as at be been but by can could did do does doing for from had has have how i if in into is it ' +
    'its me my no not of on or our should so than that the their them then there these they this to too us was ' +
    'we were what when where which while who whom whose why will with would you your any anyone about after ' +
    'before get got going just still yet ever'
  ).split(' '),
);

const CONCEPT = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) CONCEPT.set(porter2(word), group[0] as string);

/** The concepts of `text`: stems, with synonyms folded onto one name. */
export function concepts(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
    const bare = word.replace(/'s$/, '');
    if (STOP.has(bare)) continue;
    const stem = porter2(bare);
    out.add(CONCEPT.get(stem) ?? CONCEPT.get(bare) ?? stem);
  }
  return out;
}

/** How many of the question's concepts the message shares, or 0 when it shares fewer than half. */
export function semanticScore(question: Set<string>, text: string): number {
  if (question.size === 0) return 0;
  const have = concepts(text);
  let shared = 0;
  for (const c of question) if (have.has(c)) shared++;
  return shared >= Math.max(1, Math.ceil(question.size / 2)) ? shared : 0;
}
