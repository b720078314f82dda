import { Injectable, Logger } from '@nestjs/common';
import type { CredentialRecord } from './credentials.repository';

/** Refusals of a presented credential that other features may want to know about. */
export type ObservedRefusal = 'api_key_revoked' | 'api_key_archived' | 'service_agent_inactive';

export interface CredentialRefusal {
  reason: ObservedRefusal;
  credentialId: string;
  workspaceId: string;
  serviceAgentId: string;
  /** When it was refused (ms since epoch, the service clock). */
  at: number;
}

export type CredentialRefusalListener = (refusal: CredentialRefusal) => void;

const OBSERVED = new Set<string>(['api_key_revoked', 'api_key_archived', 'service_agent_inactive']);

/**
 * Tells listeners (security violations) that a presented credential was refused because it is
 * revoked or archived, or its agent is inactive. Called synchronously on the refusal path only,
 * never on an accepted request; listeners must only note the refusal and return (any write
 * happens later, off the request path). A listener that throws is logged and ignored: the request
 * is refused all the same.
 */
@Injectable()
export class CredentialRefusals {
  private readonly logger = new Logger(CredentialRefusals.name);
  private readonly listeners: CredentialRefusalListener[] = [];

  listen(listener: CredentialRefusalListener): void {
    this.listeners.push(listener);
  }

  /** Reports `code` if it is one listeners observe. */
  notify(record: CredentialRecord, code: string, at: number): void {
    if (!OBSERVED.has(code) || this.listeners.length === 0) return;
    const refusal: CredentialRefusal = {
      reason: code as ObservedRefusal,
      credentialId: record.credentialId,
      workspaceId: record.workspaceId,
      serviceAgentId: record.serviceAgentId,
      at,
    };
    for (const listener of this.listeners) {
      try {
        listener(refusal);
      } catch (err) {
        this.logger.warn(`a credential refusal listener failed: ${(err as Error).message}`);
      }
    }
  }
}
