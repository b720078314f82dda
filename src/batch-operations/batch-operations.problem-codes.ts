/** Codes of the batch-operations module's problems. */
export type BatchOperationsProblemCode =
  /** Cancelling a batch operation that has already finished (completed, failed or cancelled). */
  'invalid_transition';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    batchOperations: BatchOperationsProblemCode;
  }
}
