import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

export const OPENAPI_JSON = fileURLToPath(new URL('../openapi/openapi.json', import.meta.url));
export const OPENAPI_YAML = fileURLToPath(new URL('../openapi/openapi.yaml', import.meta.url));

/** The committed JSON form: two-space indent, keys in generation order, trailing newline. */
export const renderJson = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

export const renderYaml = (doc: unknown) => stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
