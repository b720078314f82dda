/** Codes of the identity module's problems: 429 plan quotas (quotas.service.ts). */
export type IdentityProblemCode = 'robot_quota_reached' | 'agent_quota_reached';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    identity: IdentityProblemCode;
  }
}
