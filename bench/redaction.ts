// Redaction over 1 MB of text: plain prose, and the worst cases for each detector (many prefixes, digit runs,
// unterminated key headers). Run: npx tsx bench/redaction.ts
import { redact } from '../src/governance/redact.js';

const MB = 1 << 20;
const cases: Record<string, string> = {
  prose: 'The quarterly plan is ready for review by the team. '.repeat(MB / 52),
  'slack prefixes': 'xoxb-'.repeat(MB / 5),
  'digit runs': '4111 1111 1111 111 '.repeat(MB / 19),
  'key headers': '-----BEGIN '.repeat(MB / 11),
  'cloud prefixes': 'AKIA'.repeat(MB / 4),
};
for (const [name, text] of Object.entries(cases)) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    redact(text, [{ name: 'codename', literal: 'Nightjar' }]);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(16)} ${(text.length / MB).toFixed(2)} MB  median ${times[2].toFixed(1)} ms`);
}
