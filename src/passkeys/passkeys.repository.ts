import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import type { WebAuthnCredentialDto } from './dto/passkey.dto';

/** The response shape, straight from SQL: the public key and counter are never selected here. */
const COLUMNS = `w.id, w.name, ${isoColumn('w', 'inserted_at')}, ${isoColumn('w', 'last_used_at')}`;
const CREDENTIAL_ROW = { id: t.uuid, name: t.text, inserted_at: t.text, last_used_at: t.text.null };

const LIST = statement({
  label: 'list_webauthn_credentials',
  text: `SELECT ${COLUMNS} FROM webauthn_credentials w WHERE w.user_id = $1 ORDER BY w.inserted_at, w.id`,
  params: [t.uuid],
  row: CREDENTIAL_ROW,
});

/** What an authenticator is told of the account's passkeys: their ids and transports (to exclude or allow them). */
const DESCRIPTORS = statement({
  label: 'webauthn_credential_descriptors',
  text: `SELECT w.credential_id, w.transports FROM webauthn_credentials w WHERE w.user_id = $1 ORDER BY w.inserted_at, w.id`,
  params: [t.uuid],
  row: { credential_id: t.bytea, transports: t.textArray },
});

/** Registrations of one account queue on its row, so the per-account cap cannot be raced past. */
const LOCK_USER = statement({
  label: 'lock_user_for_webauthn_registration',
  text: `SELECT u.id FROM users u WHERE u.id = $1 FOR UPDATE`,
  params: [t.uuid],
  row: { id: t.uuid },
});

const COUNT = statement({
  label: 'count_webauthn_credentials',
  text: `SELECT count(*)::int AS n FROM webauthn_credentials w WHERE w.user_id = $1`,
  params: [t.uuid],
  row: { n: t.int },
});

/** No row when the credential id is registered already (to this account or another). */
const INSERT = statement({
  label: 'insert_webauthn_credential',
  text: `INSERT INTO webauthn_credentials AS w (user_id, name, credential_id, public_key, counter, transports)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (credential_id) DO NOTHING
         RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.bytea, t.bytea, t.bigint, t.textArray],
  row: CREDENTIAL_ROW,
});

const DELETE = statement({
  label: 'delete_webauthn_credential',
  text: `DELETE FROM webauthn_credentials w WHERE w.id = $1 AND w.user_id = $2 RETURNING w.id, w.name`,
  params: [t.uuid, t.uuid],
  row: { id: t.uuid, name: t.text },
});

/** The stored credential an assertion names, if it is this account's. */
const FOR_ASSERTION = statement({
  label: 'webauthn_credential_for_assertion',
  text: `SELECT w.id, w.public_key, w.counter, w.transports FROM webauthn_credentials w WHERE w.user_id = $1 AND w.credential_id = $2`,
  params: [t.uuid, t.bytea],
  row: { id: t.uuid, public_key: t.bytea, counter: t.bigint, transports: t.textArray },
});

/**
 * Records a verified assertion: the new counter and the time, only while the stored counter is
 * still below it (or both are zero, for authenticators that keep no counter). Two assertions
 * racing with one counter value update it once; the other finds no row.
 */
const RECORD_USE = statement({
  label: 'record_webauthn_credential_use',
  text: `UPDATE webauthn_credentials w SET counter = $2, last_used_at = $3
          WHERE w.id = $1 AND (w.counter < $2 OR (w.counter = 0 AND $2 = 0))`,
  params: [t.uuid, t.bigint, t.timestamptz],
});

export interface NewPasskey {
  userId: string;
  name: string;
  credentialId: Buffer;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

export interface StoredPasskey {
  id: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

/** SQL for passkeys (webauthn_credentials). */
@Injectable()
export class PasskeysRepository {
  constructor(private readonly db: Db) {}

  list(userId: string): Promise<WebAuthnCredentialDto[]> {
    return this.db.rows(LIST, [userId]);
  }

  async descriptors(userId: string): Promise<{ credentialId: Buffer; transports: string[] }[]> {
    const rows = await this.db.rows(DESCRIPTORS, [userId]);
    return rows.map((r) => ({ credentialId: r.credential_id, transports: r.transports }));
  }

  /** Locks the account's row for this transaction and counts its passkeys. */
  async lockAndCount(tx: Tx, userId: string): Promise<number> {
    await tx.one(LOCK_USER, [userId]);
    return (await tx.one(COUNT, [userId])).n;
  }

  /** The new passkey, or undefined when its credential id is registered already. */
  insert(tx: Tx, p: NewPasskey): Promise<WebAuthnCredentialDto | undefined> {
    return tx.maybe(INSERT, [p.userId, p.name, p.credentialId, p.publicKey, p.counter, p.transports]);
  }

  /** The deleted passkey, or undefined when the account has none with this id. */
  delete(tx: Tx, userId: string, id: string): Promise<{ id: string; name: string } | undefined> {
    return tx.maybe(DELETE, [id, userId]);
  }

  async forAssertion(userId: string, credentialId: Buffer): Promise<StoredPasskey | undefined> {
    const row = await this.db.maybe(FOR_ASSERTION, [userId, credentialId]);
    return row && { id: row.id, publicKey: row.public_key, counter: Number(row.counter), transports: row.transports };
  }

  /** True when this use moved the counter forward (see RECORD_USE). */
  async recordUse(id: string, counter: number, at: Date): Promise<boolean> {
    return (await this.db.run(RECORD_USE, [id, counter, at])) === 1;
  }
}
