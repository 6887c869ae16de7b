import { existsSync } from 'node:fs';
import { sharedDir } from '../bench/catalog-eval-data.js';

/** The cross-checks read the counterparts' artifacts beside the repository; without them, say so in one line. */
export default function requireShared() {
  const dir = sharedDir();
  const missing = ['contracts', 'eval/catalog', 'slack-api/examples'].filter(
    (p) => !existsSync(`${dir}/${p}`),
  );
  if (missing.length === 0) return;
  console.error(
    `npm run crosscheck needs the shared artifacts beside the repository: no ${missing.map((p) => `${dir}/${p}`).join(', ')} (set AGENT_SEARCH_SHARED to their folder)`,
  );
  process.exit(1);
}
