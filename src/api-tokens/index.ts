/** What the API tokens feature offers the rest of the service; other features import it from here only. */
export { ApiTokenVerifier } from './api-token-verifier.service';
export * from './api-tokens.module';
