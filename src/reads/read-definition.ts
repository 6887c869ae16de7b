import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifySchema, FastifySchemaCompiler, RouteGenericInterface } from 'fastify';
import type { ResolveFastifyRequestType } from 'fastify/types/type-provider.js';
import type { AccessArea } from '../access/api-tokens.js';
import type { CacheStatus } from '../cache/types.js';
import type { SlackMethods } from '../rate-gates/rate-gate.js';
import type { SlackAccess } from '../slack-client/types.js';
import type { ReadCaller } from './caller.js';
import type { Services, ServicesOf } from './services.js';
import type { Wording } from './wording.js';

/**
 * A read's REST schema: `params`, `querystring` or `body` and `headers` as TypeBox schemas (the type
 * provider types the read's parameters from them), and `response` in OpenAPI's per-content-type form.
 */
export interface ReadSchema extends FastifySchema {
  response: Record<number, unknown>;
}

type RequestParts<S extends FastifySchema> = ResolveFastifyRequestType<
  TypeBoxTypeProvider,
  S,
  RouteGenericInterface
>;

/** What a read runs with: its path parameters, query string and body, typed from its schema. */
export type ParamsOf<S extends FastifySchema> = RequestParts<S>['params'] &
  RequestParts<S>['query'] &
  RequestParts<S>['body'];

/** A read's answer: the body (concise for compact), its cache status when it has one, and compact text. */
export interface ReadAnswer {
  body: Record<string, unknown>;
  cache?: CacheStatus;
  /** The compact text, only when response_format=compact was asked. */
  text?: string;
  /** What the policy removed from the answer (items) and redacted in it (matches per pattern): the audit records it. */
  policy?: { removed: number; redacted: Record<string, number> };
}

/**
 * One read, declared once: what it needs (services, Slack methods, the reads it names) and what it offers
 * (the REST route, the MCP tool, the OpenAPI entry, the access area, the `initialize` instructions); the
 * front ends and the registry build everything from it (`src/routes/reads.ts`, `src/mcp/tools.ts`,
 * `src/reads/registry.ts`).
 */
export interface ReadDefinition<
  S extends ReadSchema = ReadSchema,
  Needs extends Services = Services,
  Arguments extends TSchema = TSchema,
> {
  /** Its folder under src/reads, kebab-case. */
  name: string;
  /** What a token needs to reach it (API_TOKENS_FILE `access`); also the route's OpenAPI tag. */
  area: AccessArea;
  /** The tool's title, and the route's summary unless `rest.summary` says otherwise. */
  title: string;
  /** List parameters that may come repeated or comma-separated (REST query and MCP arguments alike). */
  lists?: readonly string[];
  /** The services it runs with (src/reads/common-services.ts, or its own), built once per app. */
  services: Needs;
  /** The Slack methods it calls itself, each with its pace (its services declare theirs). */
  slack: SlackMethods;
  /** The other reads its answers point to (folder names): its wording names their paths and tools. */
  names?: readonly string[];
  rest: {
    method: 'GET' | 'POST';
    /** Fastify's form: `/threads/:channel/:ts`. */
    path: string;
    operationId: string;
    summary?: string;
    description: string;
    /** `params`, `querystring` or `body`, `headers` and `response`; tags and security come from the read. */
    schema: S;
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
    arguments: Arguments;
    /** A few words for arguments whose name is not enough. */
    hints: Record<string, string>;
    /**
     * Arguments the tool takes but `tools/list` leaves out: fine-tuning a model seldom needs, each a byte
     * cost on every conversation (the REST route documents them; the reference's tool table names them).
     */
    unlisted?: readonly string[];
    /** The body the tool answers: `concise` (the concise body; detailed ones also pass) or `whole`. */
    output: { concise: TSchema } | { whole: TSchema };
    /** REST parameters the tool names otherwise (`channel` → `channel_id`): its messages say the tool's names. */
    rename?: Readonly<Record<string, string>>;
    /** The arguments as `run` takes them (a test holds it to `rename`). */
    toParams(args: Static<Arguments>): ParamsOf<S>;
  };
  /** Schemas with an `$id` the route refers to: added once at the root, they become OpenAPI components. */
  schemas: TSchema[];
  run(
    deps: ServicesOf<Needs>,
    caller: ReadCaller,
    params: ParamsOf<S>,
    wording: Wording,
  ): Promise<ReadAnswer>;
}

/** A Slack read as a definition's `run`: the caller's Slack access first (401/403 before any work). */
export const slackRun =
  <Deps, Params>(
    read: (deps: Deps, access: SlackAccess, params: Params, wording: Wording) => Promise<ReadAnswer>,
  ) =>
  (deps: Deps, caller: ReadCaller, params: Params, wording: Wording): Promise<ReadAnswer> =>
    read(deps, caller.slackAccess(), params, wording);

/** A definition, typed from its schemas and services (the list holds it as a `ReadDefinition`). */
export const defineRead = <S extends ReadSchema, Needs extends Services, Arguments extends TSchema>(
  read: ReadDefinition<S, Needs, Arguments>,
): ReadDefinition<S, Needs, Arguments> => read;
