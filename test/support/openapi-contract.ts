import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_JSON } from '../../scripts/openapi-files.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  headers?: Record<string, { schema?: { type?: string } }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
export interface OpenapiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

/** One response as the service sent it. */
export interface SentResponse {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const pointer = (...tokens: string[]) =>
  `#/${tokens.map((t) => encodeURIComponent(t.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

/**
 * Checks responses against an OpenAPI document: the operation exists and documents the status, the
 * content type is one it lists, a JSON body validates against its schema, and every header the
 * response documents is present with a valid value. Routes the document does not list are not checked.
 */
export class OpenApiContract {
  readonly #ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #paths: Array<{ template: string; pattern: RegExp }>;

  constructor(readonly doc: OpenapiDocument) {
    addFormats(this.#ajv);
    this.#ajv.addSchema(doc as object, 'openapi');
    this.#paths = Object.keys(doc.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  static fromCommittedDocument(): OpenApiContract {
    return new OpenApiContract(JSON.parse(readFileSync(OPENAPI_JSON, 'utf8')) as OpenapiDocument);
  }

  /** The documented path template a URL falls under, if any. */
  templateOf(url: string): string | undefined {
    const path = url.split('?')[0];
    return this.#paths.find((p) => p.pattern.test(path))?.template;
  }

  /** Problems with one response; empty when it matches the document or its route is undocumented. */
  check(res: SentResponse): string[] {
    const template = this.templateOf(res.url);
    const method = res.method.toLowerCase();
    const operation = template ? this.doc.paths[template][method] : undefined;
    if (!template || !operation) return [];
    const where = `${res.method} ${res.url} → ${res.statusCode}`;
    const key = String(res.statusCode) in operation.responses ? String(res.statusCode) : 'default';
    const documented = operation.responses[key];
    if (!documented)
      return [`${where}: status ${res.statusCode} is not documented for ${method} ${template}`];
    const problems = this.#checkHeaders(where, documented, res.headers);
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    const media = documented.content ?? {};
    if (!contentType && res.body === '') return problems;
    if (!(contentType in media)) {
      return [...problems, `${where}: content type ${contentType || '(none)'} is not documented`];
    }
    if (contentType !== 'application/json') return problems;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [...problems, `${where}: the body is not JSON`];
    }
    const validate = this.#validator(
      pointer('paths', template, method, 'responses', key, 'content', contentType, 'schema'),
    );
    if (!validate(body)) {
      const details = this.#ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'body' });
      problems.push(`${where}: ${details}\n  body: ${res.body.slice(0, 500)}`);
    }
    return problems;
  }

  /**
   * The problem with a JSON body answered by a documented operation (`path` is its template, e.g.
   * `/threads/{channel}/{ts}`), or undefined when the status is documented and the body matches.
   */
  problem(method: string, path: string, status: number, body: unknown): string | undefined {
    const operation = this.doc.paths[path]?.[method.toLowerCase()];
    if (!operation) return `${method} ${path} is not documented`;
    const media = operation.responses[String(status)]?.content?.['application/json'];
    if (!media) return `status ${status} with a JSON body is not documented for ${method} ${path}`;
    const ref = pointer(
      'paths',
      path,
      method.toLowerCase(),
      'responses',
      String(status),
      'content',
      'application/json',
      'schema',
    );
    const validate = this.#validator(ref);
    return validate(body)
      ? undefined
      : this.#ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'body' });
  }

  #checkHeaders(where: string, documented: ResponseObject, headers: SentResponse['headers']): string[] {
    const problems: string[] = [];
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const raw = headers[name.toLowerCase()];
      if (raw === undefined) {
        problems.push(`${where}: documented header ${name} is missing`);
        continue;
      }
      const text = String(Array.isArray(raw) ? raw[0] : raw);
      const type = header.schema?.type;
      const value = type === 'integer' || type === 'number' ? Number(text) : text;
      const valid = this.#ajv.validate(header.schema ?? {}, value);
      if (!valid)
        problems.push(`${where}: header ${name}: ${text} does not match ${JSON.stringify(header.schema)}`);
    }
    return problems;
  }

  #validator(ref: string): ValidateFunction {
    let validate = this.#validators.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `openapi${ref}` });
      this.#validators.set(ref, validate);
    }
    return validate;
  }
}

/** The contract of the document an app serves (the committed one is checked against it by the drift test). */
export async function documentedContract(app: FastifyInstance): Promise<OpenApiContract> {
  return new OpenApiContract((await app.openapiDocument()) as OpenapiDocument);
}
