import { Injectable } from '@nestjs/common';
import { clientIp } from '../core/common/http/client-ip';
import { currentRequest } from '../core/common/http/request-context';
import { AppConfig } from '../core/config/app-config';
import { type Queryable } from '../core/database/db.service';
import { AuditEventsRepository } from './audit-events.repository';
import type { AuditActor, RequestWithPrincipal } from '../auth';
import type { AuditAction, AuditOutcome } from './audit-actions';

/** What an event is about: a key's events name its credential_id, a record's that record (API.md). */
export interface AuditTarget {
  type: string;
  id: string | null;
  label?: string | null;
}

/** `{ field: [before, after] }`; never a secret, a hash of one, a password or a code. */
export type AuditChanges = Record<string, readonly [unknown, unknown]>;

export interface AuditEntry {
  workspaceId: string;
  action: AuditAction;
  target: AuditTarget | null;
  changes?: AuditChanges | null;
  outcome?: AuditOutcome;
  /**
   * Only where the request has no principal that acted (a claim, a log-in, a job): otherwise the
   * actor is the principal's, as authentication built it.
   */
  actor?: AuditActor;
}

/** Longest user agent kept (a header is up to 16 KiB; the rest tells an auditor nothing). */
const USER_AGENT_MAX = 512;

/**
 * Secrets the service issues, in any field of an event: prefixed keys and tokens (whose prefix may
 * hold `-` and `_`), SCIM tokens, webhook secrets. None is ever put in an event on purpose, but a
 * label or a change can carry what someone typed (a serial, a name), so whatever has such a shape
 * is replaced by REDACTED before it is stored: the change goes through, and the log never holds a
 * secret. Bare 43-character tokens have no shape a name or an id could not also have: the suite's
 * scan (test/support/global-teardown.ts) looks for those. The characters matched never include a
 * quote or a backslash, so replacing them in JSON text leaves valid JSON.
 */
const SECRET_SHAPES = /\b(?:agk|age|aot|mpk)_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16,}|\bscim_[A-Za-z0-9_-]{43}|\bwhsec_[A-Za-z0-9_-]{16,}/g;
export const REDACTED = '[redacted]';

export const redactSecrets = <T extends string | null>(text: T): T => (text === null ? text : (text.replace(SECRET_SHAPES, REDACTED) as T));

/**
 * How a feature records who did what (API.md Part 3 "Audit log"; ADR 0238): `record` the event
 * with the transaction that makes the change, so it exists exactly when the change does. The
 * actor, the client IP, the user agent and the request id come from the request this code runs
 * for (its principal, as the guard set it), never from a route.
 */
@Injectable()
export class AuditLog {
  constructor(
    private readonly repo: AuditEventsRepository,
    private readonly config: AppConfig,
  ) {}

  /**
   * Writes the event in `q`'s transaction (on its own for a Db): its INSERT is issued before this
   * returns, so it pipelines, and a pipelined caller may send its COMMIT right after. An event
   * without an actor is a bug, thrown at once, before anything is issued.
   */
  record(q: Queryable, e: AuditEntry): Promise<void> {
    const req = currentRequest() as RequestWithPrincipal | undefined;
    const actor = e.actor ?? req?.principal?.actor;
    if (!actor) throw new Error(`audit event ${e.action} without an actor: pass one outside an authenticated request`);
    const changes = e.changes ? redactSecrets(JSON.stringify(e.changes)) : null;
    const ua = req?.headers['user-agent'];
    return this.repo.insert(q, {
      workspaceId: e.workspaceId,
      action: e.action,
      outcome: e.outcome ?? 'success',
      actorType: actor.type,
      actorId: actor.id,
      actorLabel: redactSecrets(actor.label),
      targetType: e.target?.type ?? null,
      targetId: redactSecrets(e.target?.id ?? null),
      targetLabel: redactSecrets(e.target?.label ?? null),
      ip: req ? clientIp(req, this.config.trustedProxyIps) : null,
      userAgent: typeof ua === 'string' ? ua.slice(0, USER_AGENT_MAX) : null,
      requestId: req ? ((req as { id?: string }).id ?? null) : null,
      changes,
    });
  }

  /** The changed fields of `before` → `after` among `fields` (those equal are left out); null when none changed. */
  static changes<T extends object>(before: T | null, after: T | null, fields: readonly (keyof T & string)[]): AuditChanges | null {
    const out: Record<string, readonly [unknown, unknown]> = {};
    for (const f of fields) {
      const b = before ? (before[f] ?? null) : null;
      const a = after ? (after[f] ?? null) : null;
      if (JSON.stringify(b) !== JSON.stringify(a)) out[f] = [b, a];
    }
    return Object.keys(out).length ? out : null;
  }
}
