/** Codes of the audit log's routes. */
export type AuditEventsProblemCode = 'invalid_cursor' | 'invalid_since' | 'invalid_until';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    auditEvents: AuditEventsProblemCode;
  }
}
