import { Injectable, Logger } from '@nestjs/common';
import { ipAllowed, type IpRange } from '../core/common/http/ip-allowlist';
import { IpNotAllowedError } from './machine-auth.errors';
import type { CredentialRecord } from './credentials.repository';

/**
 * The client address of the request presenting a credential (clientIp: trusted proxies honoured),
 * asked only for a credential with an allowlist: the path of every other request never computes it.
 */
export type ClientAddress = () => string;

/** Refusals of a presented credential that other features may want to know about. */
export type ObservedRefusal = 'api_key_revoked' | 'api_key_archived' | 'service_agent_inactive' | 'ip_not_allowed';

/** The credential a refusal is about: an agk_ key (or a token minted from it), or an operator API token. */
export type RefusedCredential = { type: 'api_key'; id: string; serviceAgentId: string } | { type: 'api_token'; id: string };

export interface CredentialRefusal {
  reason: ObservedRefusal;
  credential: RefusedCredential;
  workspaceId: string;
  /** The client address it came from, for `ip_not_allowed` (clientIp's spelling); else null. */
  ip: string | null;
  /** When it was refused (ms since epoch, the service clock). */
  at: number;
}

export type CredentialRefusalListener = (refusal: CredentialRefusal) => void;

const OBSERVED = new Set<string>(['api_key_revoked', 'api_key_archived', 'service_agent_inactive']);

/**
 * Tells listeners (security violations) that a presented credential was refused because it is
 * revoked or archived, its agent is inactive, or it is valid but came from an address outside its
 * allowlist. Called synchronously on the refusal path only, never on an accepted request;
 * listeners must only note the refusal and return (any write happens later, off the request
 * path). A listener that throws is logged and ignored: the request is refused all the same.
 */
@Injectable()
export class CredentialRefusals {
  private readonly logger = new Logger(CredentialRefusals.name);
  private readonly listeners: CredentialRefusalListener[] = [];

  listen(listener: CredentialRefusalListener): void {
    this.listeners.push(listener);
  }

  /** Reports a key's refusal with `code`, if it is one listeners observe. */
  notify(record: CredentialRecord, code: string, at: number): void {
    if (!OBSERVED.has(code)) return;
    this.report({
      reason: code as ObservedRefusal,
      credential: { type: 'api_key', id: record.credentialId, serviceAgentId: record.serviceAgentId },
      workspaceId: record.workspaceId,
      ip: null,
      at,
    });
  }

  /**
   * A valid credential's allowlist against the address presenting it: outside it, 403
   * `ip_not_allowed`, reported to listeners (someone holds the credential who should not, or uses
   * it from where it was not meant to be). An empty list allows every address, unasked.
   */
  assertFrom(credential: RefusedCredential, workspaceId: string, ranges: readonly IpRange[], from: ClientAddress, at: number): void {
    if (ranges.length === 0) return;
    const ip = from();
    if (ipAllowed(ip, ranges)) return;
    this.report({ reason: 'ip_not_allowed', credential, workspaceId, ip, at });
    throw new IpNotAllowedError();
  }

  private report(refusal: CredentialRefusal): void {
    for (const listener of this.listeners) {
      try {
        listener(refusal);
      } catch (err) {
        this.logger.warn(`a credential refusal listener failed: ${(err as Error).message}`);
      }
    }
  }
}
