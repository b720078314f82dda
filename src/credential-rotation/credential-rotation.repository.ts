import { Injectable } from '@nestjs/common';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { notifyCredentialEventSql } from '../core/redis/credential-events';
import { CREDENTIAL_COLUMNS, CREDENTIAL_JOINS, CREDENTIAL_ROW, type CredentialRecord, credentialRecord } from '../credentials';
import type { Tx } from '../core/database/db.service';

/** A key as its rotation reads it, locked: what authentication checks, its age and whether it was rotated. */
export interface RotatingCredential extends CredentialRecord {
  insertedAt: Date;
  rotatedAt: Date | null;
}

/** The key with its agent's and workspace's state, row-locked (the key's row only) until the rotation ends. */
const LOCK_FOR_ROTATION = statement({
  label: 'lock_api_credential_for_rotation',
  text: `SELECT ${CREDENTIAL_COLUMNS}, c.inserted_at, c.rotated_at
         FROM api_credentials c ${CREDENTIAL_JOINS}
        WHERE c.id = $1 FOR UPDATE OF c`,
  params: [t.uuid],
  row: { ...CREDENTIAL_ROW, inserted_at: t.timestamptz, rotated_at: t.timestamptz.null },
});

/**
 * Marks the key rotated, with its successor and its end ($4), notifying every node with the
 * commit: their caches drop the key's records and re-read its new expiry, and their sockets of it
 * are re-checked (ADR 0230, ADR 0233).
 */
const MARK_ROTATED = statement({
  label: 'mark_api_credential_rotated',
  text: `WITH c AS (
           UPDATE api_credentials SET rotated_at = $2, replaced_by = $3, expires_at = $4
            WHERE id = $1 AND rotated_at IS NULL RETURNING id)
         SELECT c.id, ${notifyCredentialEventSql.credentialChanged('c.id')} AS notified FROM c`,
  params: [t.uuid, t.timestamptz, t.uuid, t.timestamptz],
  row: { id: t.uuid, notified: t.void },
});

/** SQL of key rotation: the key's row, locked, and its mark. */
@Injectable()
export class CredentialRotationRepository {
  /** The key, locked until `m`'s transaction ends (a concurrent rotation waits here); undefined when it is gone. */
  async lock(m: Tx, credentialId: string): Promise<RotatingCredential | undefined> {
    const row = await m.maybe(LOCK_FOR_ROTATION, [credentialId]);
    return row && { ...credentialRecord(row), insertedAt: row.inserted_at, rotatedAt: row.rotated_at };
  }

  /** Marks the locked key rotated by `successorId`, ending at `expiresAt`. */
  async markRotated(m: Tx, credentialId: string, at: Date, successorId: string, expiresAt: Date): Promise<void> {
    const rows = await m.rows(MARK_ROTATED, [credentialId, at, successorId, expiresAt]);
    if (rows.length !== 1) throw new Error(`api credential ${credentialId} was rotated under its lock`);
  }
}
