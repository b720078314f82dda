/** What the credentials feature offers the rest of the service; other features import it from here only. */
export * from './credential-cache';
export { CredentialIssuer } from './credential-issuer.service';
export * from './credential-refusals';
export { CredentialRevoker } from './credential-revoker.service';
export * from './credential-status';
export * from './credentials.module';
export * from './credentials.repository';
export * from './dto/scopes-field';
export * from './lifetimes';
export * from './machine-auth.errors';
export * from './machine-auth.strategy';
export { MachineCredentialVerifier } from './machine-credential-verifier.service';
export * from './machine-principal';
export * from './workspace-key.service';
