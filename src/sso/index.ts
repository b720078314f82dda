/** What the SSO feature offers the rest of the service; other features import it from here only. */
export * from './sso.module';
