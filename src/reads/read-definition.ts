import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifySchemaCompiler } from 'fastify';
import type { AccessArea, ApiClient } from '../access/api-tokens.js';
import type { CacheStatus } from '../cache/types.js';
import type { Config } from '../config.js';
import type { SearchRequest, SearchResult } from '../schemas/catalog.js';
import type { Surface } from '../slack/wording.js';
import type { SlackAccess } from '../slack-client/types.js';
import type { PipelineDeps } from './read-deps.js';

/** Who asks: the REST request, the HTTP request behind /mcp, or the local user of the stdio server. */
export interface ReadCaller {
  log: FastifyBaseLogger;
  apiClient?: ApiClient;
  project?: string;
  /** Epoch ms by which the answer is due. */
  deadline: number;
  /** The Slack token and deadline this call acts with (throws 401/403 when there is none for it). */
  slackAccess: () => SlackAccess;
}

/** Who asks for a tool search: the audit line and the deadline need no Slack token. */
export type CatalogCaller = Omit<ReadCaller, 'slackAccess'>;

/** Tool search (POST /catalog/search and the search_tools tool): a validated request in, results out. */
export interface CatalogService {
  search: (body: SearchRequest, caller: CatalogCaller) => Promise<{ results: SearchResult[] }>;
}

/** What every read runs with (plugins build it once per app). */
export interface ReadServices {
  /** The validated configuration, for a read's own settings. */
  config: Config;
  slack: PipelineDeps;
  catalog: CatalogService;
}

/** A read's answer: the body (concise for compact), its cache status when it has one, and compact text. */
export interface ReadAnswer {
  body: object;
  cache?: CacheStatus;
  /** The compact text, only when response_format=compact was asked. */
  text?: string;
}

/**
 * One read, declared once: the REST route, the MCP tool, the OpenAPI entry, the access area and the
 * `initialize` instructions are all built from it (`src/routes/reads.ts`, `src/mcp/tools.ts`).
 */
export interface ReadDefinition<Params = unknown> {
  /** Its folder under src/reads, kebab-case. */
  name: string;
  /** What a token needs to reach it (API_TOKENS_FILE `access`); also the route's OpenAPI tag. */
  area: AccessArea;
  /** The tool's title, and the route's summary unless `rest.summary` says otherwise. */
  title: string;
  /** List parameters that may come repeated or comma-separated (REST query and MCP arguments alike). */
  lists?: readonly string[];
  rest: {
    method: 'GET' | 'POST';
    /** Fastify's form: `/threads/:channel/:ts`. */
    path: string;
    operationId: string;
    summary?: string;
    description: string;
    /** `params`, `querystring` or `body`, `headers` and `response`; tags and security come from the read. */
    schema: Record<string, unknown>;
    /** A body validator of its own (the catalog's strict one); MCP checks arguments with it too. */
    validatorCompiler?: FastifySchemaCompiler<unknown>;
  };
  mcp: {
    tool: string;
    description: string;
    /** What the tool is for, as the `initialize` instructions say it ("find messages"). */
    purpose: string;
    annotations: ToolAnnotations;
    /** The arguments (a query-string-like object, or the POST body). */
    arguments: TSchema;
    /** A few words for arguments whose name is not enough. */
    hints: Record<string, string>;
    /**
     * Arguments the tool takes but `tools/list` leaves out: fine-tuning a model seldom needs, each a byte
     * cost on every conversation (the REST route documents them; README's tool table names them).
     */
    unlisted?: readonly string[];
    /** The body the tool answers: `concise` (the concise body; detailed ones also pass) or `whole`. */
    output: { concise: TSchema } | { whole: TSchema };
    /** The arguments as `run` takes them (MCP names differ from the REST path's). */
    toParams?: (args: never) => Params;
  };
  /** Schemas with an `$id` the route refers to: added once at the root, they become OpenAPI components. */
  schemas: TSchema[];
  run: (services: ReadServices, caller: ReadCaller, params: Params, surface: Surface) => Promise<ReadAnswer>;
}

type SlackRead<Params> = (
  deps: PipelineDeps,
  access: SlackAccess,
  params: Params,
  surface: Surface,
) => Promise<ReadAnswer>;

/** A Slack read as a definition's `run`: the caller's Slack access first (401/403 before any work). */
export const slackRun =
  <Params>(read: SlackRead<Params>): ReadDefinition<Params>['run'] =>
  (services, caller, params, surface) =>
    read(services.slack, caller.slackAccess(), params, surface);

/** A definition as the front ends hold it: its parameters are whatever its schema let through. */
export const defineRead = <Params>(read: ReadDefinition<Params>): ReadDefinition =>
  read as unknown as ReadDefinition;
