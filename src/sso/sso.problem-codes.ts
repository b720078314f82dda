/** Codes of the SSO routes (API.md Part 3 "Single sign-on (OpenID Connect)"). */
export type SsoProblemCode =
  /** 409: a domain of the connection belongs to another connection (of any workspace). */
  'domain_taken';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    sso: SsoProblemCode;
  }
}
