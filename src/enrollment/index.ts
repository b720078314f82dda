/** What the enrollment feature offers the rest of the service; other features import it from here only. */
export * from './enrollment.module';
export type { EnrollmentTokenRow } from './enrollment-tokens.repository';
export {
  TOKEN_ROW as ENROLLMENT_TOKEN_ROW,
  tokenColumns as enrollmentTokenColumns,
  tokenRow as enrollmentTokenRow,
} from './enrollment-tokens.repository';
export { toTokenDto } from './mappers';
export * from './robot-status';
export type { RobotRow } from './robots.repository';
export * from './robots.service';
export { TAG_MAX } from './dto/validators';
