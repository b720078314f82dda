/** Codes of robot re-provisioning's problems (RobotsService.reset, ADR 0234). */
export type RobotResetProblemCode =
  /** POST /api/v1/operator/robots/:id/reset of a retired robot: retirement is final. */
  'robot_retired';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    robotReset: RobotResetProblemCode;
  }
}
