/** What the security-violations feature offers the rest of the service; other features import it from here only. */
export * from './dto/security-violation.dto';
export * from './security-violations.module';
export * from './security-violations.service';
export * from './violation-kinds';
export { ViolationRecorder } from './violation-recorder.service';
