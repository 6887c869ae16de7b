// `npm run bench`: every bench in turn; each prints its own figures.
import { benchCatalogHttp } from './catalog-http.js';
import { benchCatalogPressure } from './catalog-pressure.js';
import { benchColdSearch } from './cold-search.js';
import { benchContextRead } from './context-read.js';
import { benchHotPath } from './hot-path.js';
import { benchMcpSize } from './mcp-size.js';
import { benchPeerRatio } from './peer-ratio.js';
import { benchResponseSize } from './response-size.js';
import { benchSlackCache } from './slack-cache.js';
import { benchToolsListSize } from './tools-list-size.js';

await benchResponseSize();
await benchMcpSize();
await benchPeerRatio();
await benchToolsListSize();
await benchSlackCache();
await benchColdSearch();
await benchContextRead();
await benchCatalogHttp();
await benchHotPath();
await benchCatalogPressure();
