/** Codes of the OTA-updates module's problems. */
export type OtaUpdatesProblemCode =
  /** The robot already has an update pending, downloading or installing. */
  | 'ota_update_in_progress'
  /** The robot is retired: it takes no more updates. */
  | 'robot_retired'
  /** The robot is pre-registered but no device has claimed it: there is no agent to send the update to. */
  | 'robot_not_enrolled'
  /** A status report that moves backwards, or a change of an update that has finished. */
  | 'invalid_transition';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    otaUpdates: OtaUpdatesProblemCode;
  }
}
