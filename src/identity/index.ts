/** What the identity feature offers the rest of the service; other features import it from here only. */
export * from './identity.module';
export * from './password-hasher';
export * from './quotas.service';
export * from './workspace-status';
export * from './workspaces.repository';
export * from './workspaces.service';
export * from './password-rules';
