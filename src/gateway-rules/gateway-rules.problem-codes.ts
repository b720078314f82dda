/** Codes of the gateway-rules module's problems. */
export type GatewayRulesProblemCode =
  /** A workspace already has the most gateway rules it may have (500). */
  | 'gateway_rule_limit_reached'
  /** Approving or denying an approval that is no longer pending (decided or expired). */
  | 'approval_not_pending';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    gatewayRules: GatewayRulesProblemCode;
  }
}
