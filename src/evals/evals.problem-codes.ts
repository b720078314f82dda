/** Codes of the eval feature's refusals. */
export type EvalsProblemCode =
  /** An eval run's status change that its state machine does not allow (queued -> running -> passed|failed|errored). */
  'invalid_transition';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    evals: EvalsProblemCode;
  }
}
