/** What the second-factor feature offers the rest of the service; other features import it from here only. */
export * from './mfa-pages';
export * from './mfa.module';
export * from './mfa.problem-codes';
export * from './mfa.service';
