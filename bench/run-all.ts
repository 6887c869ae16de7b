// `npm run bench`: every bench in turn; each prints its own figures.
import { benchSlackCache } from './slack-cache.js';

await benchSlackCache();
