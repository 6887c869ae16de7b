// `npm run bench`: every bench in turn; each prints its own figures.
import { benchCatalogHttp } from './catalog-http.js';
import { benchCatalogPressure } from './catalog-pressure.js';
import { benchContextRead } from './context-read.js';
import { benchHotPath } from './hot-path.js';
import { benchMcpSize } from './mcp-size.js';
import { benchResponseSize } from './response-size.js';
import { benchSlackCache } from './slack-cache.js';

await benchResponseSize();
await benchMcpSize();
await benchSlackCache();
await benchContextRead();
await benchCatalogHttp();
await benchHotPath();
await benchCatalogPressure();
