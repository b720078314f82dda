import { ForbiddenProblem } from '../core/common/problem/problem.error';

/**
 * The scope vocabularies of every scoped credential, declared once as const tuples. Each tuple is
 * the runtime list (validation, OpenAPI enums, docs) and its union type is what decorators,
 * policies, principals and services take, so a misspelt scope does not compile
 * (`@MachineAuth('mesages:read')` is a type error; src/auth/scope-types.spec.ts proves it). They
 * live in the auth feature because AuthPolicy names them and the features that own the
 * credentials (credentials/, partners/, socket-tokens/) import auth, never the other way round.
 * Adding a scope: add it to its tuple (and to API.md); a scope a route needs is then typed.
 */

/** Every machine scope (SPEC.md Authentication 1.3 plus API.md's messages/tasks scopes). */
export const MACHINE_SCOPES = [
  'traces:write',
  'traces:read',
  'eval_runs:read',
  'eval_runs:write',
  'eval_suites:read',
  'eval_suites:write',
  'gateway:check',
  'replays:write',
  'workflow_targets:read',
  'workflow_targets:write',
  'agent_commands:read',
  'events:read',
  'sockets:connect',
  'credentials:write',
  'messages:read',
  'messages:write',
  'tasks:read',
  'tasks:write',
  // API.md Domain resources: a robot reads its OTA updates and reports their progress.
  'ota_updates:read',
  'ota_updates:write',
] as const;
export type MachineScope = (typeof MACHINE_SCOPES)[number];

/** The workspace primary key never carries credentials:write (SPEC.md Authentication 1.6). */
export const PRIMARY_KEY_SCOPES: readonly MachineScope[] = MACHINE_SCOPES.filter((s) => s !== 'credentials:write');

/** What a partner key may do (API.md, Partners and engagements). */
export const PARTNER_SCOPES = ['engagements:read', 'engagement_tokens:write'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/** What an engagement token may do; an engagement's scopes default to all of them. */
export const ENGAGEMENT_SCOPES = ['engagement_events:write', 'engagement_events:read'] as const;
export type EngagementScope = (typeof ENGAGEMENT_SCOPES)[number];

/** A scope of any credential kind: what a principal may carry (Principal.scopes). */
export type CredentialScope = MachineScope | PartnerScope | EngagementScope;

/** Whether a principal's scopes include every scope a route's policy lists. */
export const holdsScopes = (held: readonly CredentialScope[], needed: readonly CredentialScope[]): boolean =>
  needed.every((scope) => held.includes(scope));

export const INSUFFICIENT_SCOPE_DETAIL = 'The token does not have sufficient scope';

/**
 * Refuses a credential that lacks a scope the route needs: 403 with SPEC.md's fixed detail, and
 * `extra` naming the scopes the route needs and the ones the credential lacks (issue 57).
 */
export function assertHoldsScopes(held: readonly CredentialScope[], needed: readonly CredentialScope[]): void {
  if (holdsScopes(held, needed)) return;
  throw new ForbiddenProblem('insufficient_scope', {
    detail: INSUFFICIENT_SCOPE_DETAIL,
    extra: { required_scopes: [...needed], missing_scopes: needed.filter((scope) => !held.includes(scope)) },
  });
}
