/** Codes of the socket upgrade's refusals (socket-auth.service.ts); session ones are the sessions module's. */
export type GatewayProblemCode = 'origin_not_allowed' | 'socket_token_required';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    gateway: GatewayProblemCode;
  }
}
