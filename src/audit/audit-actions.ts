/**
 * Every audit action (API.md Part 3 "Audit log": `<resource>.<verb>`), declared once: what
 * AuditLog.record takes, so a misspelt action does not compile. A feature that adds an audited
 * change adds its action here, in its resource's group, and a row to docs/audit.md.
 */
export const AUDIT_ACTIONS = [
  // the workspace and its operators
  'workspace.create',
  'workspace.update',
  'workspace.freeze',
  'workspace.unfreeze',
  'workspace.suspend',
  'workspace.reactivate',
  'member.login',
  'member.logout',
  'member.password_reset',
  'member.role_change',
  'member.remove',
  'invitation.create',
  'invitation.revoke',
  'invitation.accept',
  'session.end',
  'mfa.passkey_add',
  'mfa.passkey_remove',
  'session.reauthenticate',
  'mfa.totp_enable',
  'mfa.totp_disable',
  'mfa.recovery_codes_regenerate',
  // service agents and their credentials
  'service_agent.create',
  'service_agent.update',
  'service_agent.deactivate',
  'api_key.create',
  'api_key.revoke',
  'api_key.archive',
  'api_key.rotate',
  // fleets
  'enrollment_token.create',
  'enrollment_token.revoke',
  'robot.create',
  'robot.claim',
  'robot.claim_replay',
  'robot.retire',
  'robot.reset',
  'cohort.create',
  'ota_update.create',
  'ota_update.cancel',
  'batch_operation.create',
  'batch_operation.cancel',
  'agent_command.create',
  'gateway_rule.create',
  'gateway_rule.update',
  'gateway_rule.delete',
  'approval.decide',
  'security_violation.update',
  // integrations
  'webhook_subscription.create',
  'webhook_subscription.update',
  'webhook_subscription.delete',
  'webhook_subscription.rotate_secret',
  'webhook_delivery.redeliver',
  'scim_token.create',
  'scim_token.revoke',
  'scim_user.create',
  'scim_user.update',
  'scim_user.delete',
  'scim_group.create',
  'scim_group.update',
  'scim_group.delete',
  'partner.update',
  'partner.suspend',
  'partner.reactivate',
  'partner_key.create',
  'engagement.create',
  'engagement.revoke',
  'engagement_token.create',
  'data_request.create',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
