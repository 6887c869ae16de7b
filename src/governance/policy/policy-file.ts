import { createHash } from 'node:crypto';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ConversationKind } from '../consent-scopes.js';
import { BUILT_IN_NAMES, type LiteralPattern } from '../redact.js';
import { JsonSyntaxError, linesOfValues } from './json-lines.js';
import { CONVERSATION_KINDS } from './kinds.js';
import { type NamePattern, namePattern } from './name-pattern.js';

/** The largest policy file read: a policy is rules, not data. */
export const MAX_POLICY_BYTES = 256 * 1024;

const Kinds = Type.Array(Type.Union(CONVERSATION_KINDS.map((kind) => Type.Literal(kind))), {
  uniqueItems: true,
  maxItems: 4,
  description: 'public, private, mpim (group DMs), im (direct messages)',
});

/** The policy file, as a company writes it (docs/security.md#policy). */
export const PolicyFile = Type.Object(
  {
    deny_channels: Type.Optional(
      Type.Object(
        {
          ids: Type.Optional(
            Type.Array(Type.String({ pattern: '^[CGD][A-Z0-9]{2,40}$' }), {
              maxItems: 10_000,
              uniqueItems: true,
            }),
          ),
          names: Type.Optional(
            Type.Array(Type.String({ pattern: '^[a-z0-9_*-]{1,80}$' }), {
              maxItems: 1000,
              uniqueItems: true,
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    conversation_kinds: Type.Optional(
      Type.Object(
        {
          everyone: Type.Optional(Kinds),
          clients: Type.Optional(
            Type.Record(Type.String({ minLength: 1, maxLength: 2000 }), Kinds, { maxProperties: 1000 }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    redact: Type.Optional(
      Type.Object(
        {
          terms: Type.Array(
            Type.Object(
              {
                name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
                literal: Type.String({ minLength: 3, maxLength: 200 }),
              },
              { additionalProperties: false },
            ),
            { maxItems: 500 },
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PolicyFile = Static<typeof PolicyFile>;

/** A policy as reads apply it. */
export interface Policy {
  deniedIds: ReadonlySet<string>;
  deniedNames: readonly NamePattern[];
  /** Kinds agents may read: for everyone, and per OAuth client id or API token name. */
  kinds: {
    everyone: ReadonlySet<ConversationKind>;
    clients: ReadonlyMap<string, ReadonlySet<ConversationKind>>;
  };
  /** The company's own redaction terms (the built-in detectors always apply). */
  terms: readonly LiteralPattern[];
  /** A digest of the file: answers governed by one version are memoised under it. */
  version: string;
}

/** A policy file refused: `line` is where the fault is, `message` names the field (never a value of the file). */
export class PolicyError extends Error {
  constructor(
    readonly source: string,
    readonly line: number,
    readonly detail: string,
  ) {
    super(`Invalid policy file ${source}, line ${line}: ${detail}`);
  }
}

const fieldOf = (pointer: string) => pointer.slice(1).replaceAll('/', '.') || '(the whole file)';

/** Reads a policy file's text; throws PolicyError naming the line and field at fault. */
export function parsePolicy(text: string, source: string): Policy {
  if (Buffer.byteLength(text) > MAX_POLICY_BYTES)
    throw new PolicyError(source, 1, `the file is larger than ${MAX_POLICY_BYTES} bytes`);
  let lines: Map<string, number>;
  try {
    lines = linesOfValues(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) throw new PolicyError(source, err.line, 'not valid JSON');
    throw err;
  }
  const raw: unknown = JSON.parse(text);
  const problem = Value.Errors(PolicyFile, raw).First();
  if (problem) {
    // An unknown field is reported at the object holding it; a missing one, likewise.
    let pointer = problem.path;
    while (pointer && !lines.has(pointer)) pointer = pointer.slice(0, pointer.lastIndexOf('/'));
    throw new PolicyError(source, lines.get(pointer) ?? 1, `${fieldOf(problem.path)}: ${problem.message}`);
  }
  const file = raw as PolicyFile;
  const terms = file.redact?.terms ?? [];
  terms.forEach((term, i) => {
    if (BUILT_IN_NAMES.includes(term.name))
      throw new PolicyError(
        source,
        lines.get(`/redact/terms/${i}/name`) ?? 1,
        `redact.terms.${i}.name: ${term.name} is a built-in detector's name; choose another`,
      );
  });
  const kinds = file.conversation_kinds;
  return {
    deniedIds: new Set(file.deny_channels?.ids ?? []),
    deniedNames: (file.deny_channels?.names ?? []).map(namePattern),
    kinds: {
      everyone: new Set(kinds?.everyone ?? CONVERSATION_KINDS),
      clients: new Map(Object.entries(kinds?.clients ?? {}).map(([client, k]) => [client, new Set(k)])),
    },
    terms,
    version: createHash('sha256').update(text).digest('base64url').slice(0, 12),
  };
}
