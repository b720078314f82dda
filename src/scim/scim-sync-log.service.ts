import { Injectable, Logger } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AuditLog, type AuditAction, type AuditChanges } from '../audit';
import { isUniqueViolation } from '../core/common/problem/pg-errors';
import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { Db, type Tx } from '../core/database/db.service';
import { scimError } from './scim-error.writer';
import { ScimOperation, ScimResourceType, ScimSyncEventsRepository } from './scim-sync-events.repository';
import { member } from './scim-user-input';
import { ScimUniqueness } from './scim.errors';

/** What a write names before it runs: the resource in the path, the externalId in the body. */
export interface ScimWriteTarget {
  resourceId?: string | null;
  externalId?: string | null;
}

/** The target of a write whose body may be refused: its externalId read leniently, for the log. */
export function writeTarget(body: unknown, resourceId: string | null): ScimWriteTarget {
  const externalId = typeof body === 'object' && body !== null ? member(body as Record<string, unknown>, 'externalId') : undefined;
  return { resourceId, externalId: typeof externalId === 'string' ? externalId.slice(0, 1000) : null };
}

/** What a successful write tells its audit event: the resource's label (a group's displayName; none for a User) and what changed. */
export interface ScimAudited {
  label: string | null;
  changes: AuditChanges | null;
}

/** The audit action and target type of each write (API.md Part 3 "Audit log"). */
const AUDIT: Record<ScimResourceType, { type: string; actions: Record<ScimOperation, AuditAction> }> = {
  User: {
    type: 'scim_user',
    actions: { create: 'scim_user.create', replace: 'scim_user.update', patch: 'scim_user.update', delete: 'scim_user.delete' },
  },
  Group: {
    type: 'scim_group',
    actions: { create: 'scim_group.create', replace: 'scim_group.update', patch: 'scim_group.update', delete: 'scim_group.delete' },
  },
};

/** Unique indexes a SCIM write can run into, and what the 409 says. */
const UNIQUENESS: Record<string, string> = {
  scim_users_user_name_key: 'userName is already in use in this workspace',
  scim_users_account_key: 'the login email belongs to another SCIM User of this workspace',
  users_email_key: 'the login email belongs to another account',
  scim_groups_display_name_key: 'displayName is already in use in this workspace',
};

/**
 * Runs every SCIM write in one transaction and records it in the sync log (API.md: every write and
 * refused write): a success in the write's own transaction, so the log and the change commit
 * together; a refusal after the rollback, with the status and detail the provider was answered.
 * A success is also the write's audit event, in the same transaction (actor: the SCIM token); a
 * refused write changed nothing and has none.
 * A unique-index violation raised by a concurrent write becomes 409 uniqueness here.
 */
@Injectable()
export class ScimSyncLog {
  private readonly logger = new Logger(ScimSyncLog.name);

  constructor(
    private readonly db: Db,
    private readonly events: ScimSyncEventsRepository,
    private readonly renderer: ProblemRenderer,
    private readonly audit: AuditLog,
  ) {}

  async write<T extends { id: string; externalId?: string | null; audited: ScimAudited }>(
    workspaceId: string,
    operation: ScimOperation,
    resourceType: ScimResourceType,
    target: ScimWriteTarget,
    statusCode: number,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.db.transaction(async (tx) => {
        const result = await work(tx);
        await this.events.insert(
          workspaceId,
          {
            operation,
            resourceType,
            resourceId: result.id,
            externalId: result.externalId ?? target.externalId ?? null,
            status: 'success',
            statusCode,
            detail: null,
          },
          tx,
        );
        await this.audit.record(tx, {
          workspaceId,
          action: AUDIT[resourceType].actions[operation],
          target: { type: AUDIT[resourceType].type, id: result.id, label: result.audited.label },
          changes: result.audited.changes,
        });
        return result;
      });
    } catch (raw) {
      const err = this.asScimError(raw);
      const { status, body } = scimError(this.renderer.render(err));
      const resourceId = target.resourceId && isUUID(target.resourceId) ? target.resourceId : null;
      await this.events
        .insert(workspaceId, {
          operation,
          resourceType,
          resourceId,
          externalId: target.externalId ?? null,
          status: 'failure',
          statusCode: status,
          detail: body.detail.slice(0, 1000),
        })
        .catch((logErr: unknown) => this.logger.warn(`a refused SCIM write was not logged: ${(logErr as Error).message}`));
      throw err;
    }
  }

  private asScimError(err: unknown): unknown {
    for (const [constraint, message] of Object.entries(UNIQUENESS)) {
      if (isUniqueViolation(err, [constraint])) return new ScimUniqueness(message);
    }
    return err;
  }
}
