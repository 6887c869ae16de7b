import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { generateOpenapi } from './openapi-document.js';
import { OPENAPI_JSON, OPENAPI_YAML, renderJson, renderYaml } from './openapi-files.js';

// `npm run openapi`: regenerates the committed OpenAPI document from the route schemas.
const doc = await generateOpenapi();
await mkdir(dirname(OPENAPI_JSON), { recursive: true });
await writeFile(OPENAPI_JSON, renderJson(doc));
await writeFile(OPENAPI_YAML, renderYaml(doc));
for (const file of [OPENAPI_JSON, OPENAPI_YAML]) console.log(`wrote ${relative(process.cwd(), file)}`);
