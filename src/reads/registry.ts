import type { TSchema } from '@sinclair/typebox';
import { audited } from '../governance/audit/audit-read.js';
import { governed } from '../governance/policy/govern-read.js';
import type { ReadPolicy } from '../governance/policy/read-policy.js';
import type { SlackMethods, SlackPace } from '../rate-gates/rate-gate.js';
import type { ReadCaller } from './caller.js';
import { audit, policySource, slackGateway } from './common-services.js';
import type { ParamsOf, ReadAnswer, ReadDefinition, ReadSchema } from './read-definition.js';
import { READS } from './reads.js';
import { type ServiceRegistry, type Services, slackMethodsOf } from './services.js';
import { type Surface, wordingFor } from './wording.js';
import { withWorkspace } from './workspace-read.js';

// What the app provides the reads from their definitions: their Slack methods' paces, and each read
// bound to its services and wording for a front end.

/** The Slack methods the reads declare (theirs and their services'), each with one pace. */
export function slackMethodsOfReads(reads: readonly ReadDefinition[]): SlackMethods {
  const methods: Record<string, SlackPace> = {};
  const sources: Record<string, string> = {};
  for (const read of reads) {
    const declared = { ...slackMethodsOf(read.services), ...read.slack };
    for (const [method, pace] of Object.entries(declared)) {
      if (methods[method] !== undefined && methods[method] !== pace)
        throw new Error(
          `${read.name} paces ${method} as ${pace}, ${sources[method]} as ${methods[method]}: one pace a method`,
        );
      methods[method] = pace;
      sources[method] ??= read.name;
    }
  }
  return methods;
}

/** What the rate gate keeps to: every Slack method a read calls, with its pace. */
export const SLACK_METHODS = slackMethodsOfReads(READS);

/** A read as one front end runs it: its services built by the registry, its wording made from the list. */
export type BoundRead<S extends ReadSchema> = (
  caller: ReadCaller,
  params: ParamsOf<S>,
) => Promise<ReadAnswer>;

export function bindRead<S extends ReadSchema, Needs extends Services, Arguments extends TSchema>(
  read: ReadDefinition<S, Needs, Arguments>,
  registry: ServiceRegistry,
  surface: Surface,
): BoundRead<S> {
  const deps = registry.provide(read.services);
  const wording = wordingFor(read, surface, READS);
  const run: BoundRead<S> = (caller: ReadCaller, params: ParamsOf<S>) =>
    read.run(deps, caller, params, wording);
  // Every Slack read, on every front end, within the company's policy and the caller's consent; every call of
  // every read leaves one audit record (with what the policy removed and redacted).
  const bounded =
    read.area === 'slack'
      ? governed(run, read.policy ?? {}, {
          policy: registry.use(policySource),
          slack: registry.use(slackGateway),
        })
      : run;
  const slack = () => registry.use(slackGateway);
  return audited(
    registry.use(audit),
    read.name,
    read.area === 'slack'
      ? withWorkspace(bounded, slack, read.name, read.policy as ReadPolicy<never> | undefined)
      : bounded,
  );
}
