import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DatabaseNotifications } from '../database/database-notifications.service';
import { CREDENTIAL_EVENTS_CHANNEL, CredentialEvents } from './credential-events';
import { type BusEvent, EventBus } from './event-bus.service';
import { SessionEvents } from './redis-keys';

const ID_FIELD: Record<string, string> = {
  [CredentialEvents.credentialChanged]: 'credentialId',
  [CredentialEvents.agentChanged]: 'serviceAgentId',
  [CredentialEvents.workspaceChanged]: 'workspaceId',
  [SessionEvents.userMembershipEnded]: 'userId',
  [SessionEvents.sessionEnded]: 'sessionId',
};

/** The bus event a notification of CREDENTIAL_EVENTS_CHANNEL carries, or undefined for anything else. */
export function credentialEventOf(payload: string | undefined): BusEvent | undefined {
  if (!payload) return undefined;
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof event !== 'object' || event === null) return undefined;
  const { type } = event as { type?: unknown };
  const field = typeof type === 'string' ? ID_FIELD[type] : undefined;
  const id = field ? (event as Record<string, unknown>)[field] : undefined;
  return field && typeof id === 'string' ? { type: type as string, [field]: id } : undefined;
}

/**
 * The credential events a committing transaction notified on CREDENTIAL_EVENTS_CHANNEL (ADR
 * 0230), handed to this node's EventBus handlers as if they had come over Redis: the credential
 * caches, the socket gateway and the marketplace caches hear a deactivation or a workspace
 * status change from PostgreSQL even when the changing node could not publish it. A handler gets
 * such a change twice (notification and bus) and must not mind. While this node is not listening
 * (`listening` false), it may miss them: a cache must not be trusted then.
 */
@Injectable()
export class CommittedCredentialEvents implements OnModuleInit {
  private readonly logger = new Logger(CommittedCredentialEvents.name);

  constructor(
    private readonly notifications: DatabaseNotifications,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.notifications.listen(CREDENTIAL_EVENTS_CHANNEL, (payload) => {
      // Without a payload: the connection is back, and what was missed is the caches' to forget
      // (they were bypassed while not listening, and start empty again).
      if (payload === undefined) return;
      const event = credentialEventOf(payload);
      if (event) this.bus.deliverLocally(event);
      else this.logger.warn(`${CREDENTIAL_EVENTS_CHANNEL}: ignored a notification that is no credential event`);
    });
  }

  /** Whether this node hears the notifications now. */
  get listening(): boolean {
    return this.notifications.isListening(CREDENTIAL_EVENTS_CHANNEL);
  }

  /** Calls `listener` whenever `listening` may have changed. */
  onListeningChange(listener: () => void): void {
    this.notifications.onConnectionChange(listener);
  }
}
