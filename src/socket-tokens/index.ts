/** What the socket-tokens feature offers the rest of the service; other features import it from here only. */
export * from './socket-scopes';
export * from './socket-tokens.module';
export * from './socket-tokens.service';
