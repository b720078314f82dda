/** What the payments feature offers the rest of the service; other features import it from here only. */
export * from './payments.module';
