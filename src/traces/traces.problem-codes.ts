/** Codes of the traces feature's refusals. */
export type TracesProblemCode =
  /** A trace with this trace_id was already ingested in the workspace (409). */
  'trace_id_taken';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    traces: TracesProblemCode;
  }
}
