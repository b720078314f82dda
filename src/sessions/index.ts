/** What the sessions feature offers the rest of the service; other features import it from here only. */
export * from './console-chrome';
export * from './cookies';
export * from './member-audit';
export * from './operator-auth.strategy';
export * from './operator-principal';
export * from './session.constants';
export * from './sessions.module';
export * from './sessions.service';
export { accountActor, accountTarget, MemberAudit, type AuditedAccount } from './member-audit';
export * from './return-path';
export * from './second-factor.service';
export * from './shown-once';
export * from './shown-once-pages';
