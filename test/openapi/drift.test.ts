import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenapi } from '../../scripts/openapi-document.js';
import { OPENAPI_JSON, OPENAPI_YAML, renderJson, renderYaml } from '../../scripts/openapi-files.js';

const STALE = 'is not what the route schemas generate: run `npm run openapi` and commit openapi/';

describe('the committed OpenAPI document', () => {
  it('is exactly what npm run openapi generates from the route schemas (JSON and YAML)', async () => {
    const doc = await generateOpenapi();
    for (const [file, rendered] of [
      [OPENAPI_JSON, renderJson(doc)],
      [OPENAPI_YAML, renderYaml(doc)],
    ]) {
      expect(existsSync(file), `${file} is missing: run \`npm run openapi\``).toBe(true);
      expect(readFileSync(file, 'utf8'), `${file} ${STALE}`).toBe(rendered);
    }
  });
});
