/** Every domain event type (API.md, "Events and webhooks"), declared once. */
export const DOMAIN_EVENT_TYPES = [
  'agent_command.created',
  'agent_command.completed',
  'robot.claimed',
  'robot.retired',
  'api_key.revoked',
  'api_key.rotated',
  'api_key.expiring',
  'enrollment_token.expiring',
  'enrollment_token.exhausted',
  'robot.reset',
  'approval.requested',
  'approval.decided',
  'security_violation.opened',
  'ota_update.updated',
  'eval_run.completed',
  'batch_operation.completed',
  'data_request.completed',
  'scim.user.provisioned',
  'scim.user.deprovisioned',
  'audit_event.created',
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/**
 * Types delivered only to webhook subscriptions that name them (ADR 0238): `*` does not select
 * them, no socket is pushed them, and the events list and search leave them out. An
 * `audit_event.created` carries people's addresses and IPs, for the SIEM its owner points at it.
 */
export const NAMED_WEBHOOK_ONLY_EVENT_TYPES = ['audit_event.created'] as const satisfies readonly DomainEventType[];

/** The types a socket may name in its `ready` `events` list (API.md Part 3): all but the named-webhook-only ones. */
export const PUSHED_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter(
  (type) => !(NAMED_WEBHOOK_ONLY_EVENT_TYPES as readonly DomainEventType[]).includes(type),
) as readonly PushedEventType[];
export type PushedEventType = Exclude<DomainEventType, (typeof NAMED_WEBHOOK_ONLY_EVENT_TYPES)[number]>;

/** SQL: the type column `col` is not a named-webhook-only type (a constant, never input). */
export const notNamedWebhookOnlySql = (col: string) => `${col} <> ALL ('{${NAMED_WEBHOOK_ONLY_EVENT_TYPES.join(',')}}'::text[])`;

/** A domain event as clients see it (the events list, socket pushes, webhook bodies). */
export interface DomainEvent {
  id: string;
  type: DomainEventType;
  data: Record<string, unknown>;
  inserted_at: string;
}

/** A stored event with the workspace it belongs to (never shown: clients know their workspace). */
export interface StoredDomainEvent extends DomainEvent {
  workspace_id: string;
}

/** Drops what only the service needs. */
export const toDomainEvent = ({ id, type, data, inserted_at }: StoredDomainEvent): DomainEvent => ({ id, type, data, inserted_at });

/** The EventBus message that carries a relayed domain event to every node's sockets (outbox-relay.service.ts). */
export const DOMAIN_EVENT_BUS_TYPE = 'domain_event';

export interface DomainEventBusMessage {
  type: typeof DOMAIN_EVENT_BUS_TYPE;
  workspaceId: string;
  event: DomainEvent;
}
