/** What the rate-limit feature offers the rest of the service; other features import it from here only. */
export * from './machine-rate-limiter';
export * from './rate-limit.module';
