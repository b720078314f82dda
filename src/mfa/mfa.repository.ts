import { Injectable } from '@nestjs/common';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';

/**
 * A pending enrollment's seed, replacing a pending one; nothing when a confirmed one exists (the
 * conflict's WHERE leaves it alone and no row comes back).
 */
const UPSERT_PENDING_TOTP = statement({
  label: 'upsert_pending_user_totp',
  text: `INSERT INTO user_totp AS tp (user_id, secret_sealed, confirmed_at, last_step, inserted_at) VALUES ($1, $2, NULL, 0, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, last_step = 0, inserted_at = EXCLUDED.inserted_at
          WHERE tp.confirmed_at IS NULL
         RETURNING tp.user_id`,
  params: [t.uuid, t.text, t.timestamptz],
  row: { user_id: t.uuid },
});

const TOTP_OF_USER = statement({
  label: 'user_totp_of_user',
  text: `SELECT secret_sealed, confirmed_at, last_step::int8 AS last_step FROM user_totp WHERE user_id = $1`,
  params: [t.uuid],
  row: { secret_sealed: t.text, confirmed_at: t.timestamptz.null, last_step: t.bigint },
});

/**
 * Accepts a code once, whichever node sees it: the step of the matched code, only if it is later
 * than the last accepted one (API.md Part 3; a replay in the same or an older step changes nothing).
 * `$3` says which state the row must be in: confirmed (a log-in, a re-check) or pending (the confirming code).
 */
const ACCEPT_STEP = statement({
  label: 'accept_user_totp_step',
  text: `UPDATE user_totp SET last_step = $2,
                confirmed_at = CASE WHEN $3::boolean THEN confirmed_at ELSE $4 END
          WHERE user_id = $1 AND last_step < $2 AND (confirmed_at IS NOT NULL) = $3::boolean`,
  params: [t.uuid, t.bigint, t.bool, t.timestamptz],
});

const DELETE_TOTP = statement({
  label: 'delete_user_totp',
  text: `DELETE FROM user_totp WHERE user_id = $1 RETURNING confirmed_at`,
  params: [t.uuid],
  row: { confirmed_at: t.timestamptz.null },
});

const DELETE_RECOVERY_CODES = statement({
  label: 'delete_user_recovery_codes',
  text: `DELETE FROM user_recovery_codes WHERE user_id = $1`,
  params: [t.uuid],
});

const INSERT_RECOVERY_CODES = statement({
  label: 'insert_user_recovery_codes',
  text: `INSERT INTO user_recovery_codes (user_id, code_hash, inserted_at) SELECT $1, h, $3 FROM unnest($2::bytea[]) AS h`,
  params: [t.uuid, t.byteaArray, t.timestamptz],
});

const UNUSED_RECOVERY_CODES = statement({
  label: 'unused_user_recovery_codes',
  text: `SELECT id, code_hash FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
  params: [t.uuid],
  row: { id: t.uuid, code_hash: t.bytea },
});

/** A recovery code works once: of concurrent uses, the one whose UPDATE finds it unused wins. */
const USE_RECOVERY_CODE = statement({
  label: 'use_user_recovery_code',
  text: `UPDATE user_recovery_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL`,
  params: [t.uuid, t.timestamptz],
});

/** The account's second factors as the security page shows them. */
const MFA_STATUS = statement({
  label: 'user_mfa_status',
  text: `SELECT (SELECT CASE WHEN tp.confirmed_at IS NULL THEN 'pending' ELSE 'enabled' END FROM user_totp tp WHERE tp.user_id = $1) AS totp,
                (SELECT tp.confirmed_at FROM user_totp tp WHERE tp.user_id = $1) AS totp_confirmed_at,
                (SELECT count(*)::int FROM user_recovery_codes rc WHERE rc.user_id = $1 AND rc.used_at IS NULL) AS recovery_codes_left,
                (SELECT count(*)::int FROM webauthn_credentials wc WHERE wc.user_id = $1) AS passkeys`,
  params: [t.uuid],
  row: {
    totp: t.text.of<'pending' | 'enabled'>().null,
    totp_confirmed_at: t.timestamptz.null,
    recovery_codes_left: t.int,
    passkeys: t.int,
  },
});

/** SQL of second factors: user_totp and user_recovery_codes. */
@Injectable()
export class MfaRepository {
  constructor(private readonly db: Db) {}

  /** False when a confirmed TOTP is there (nothing changed). */
  async upsertPendingTotp(userId: string, sealed: string, now: Date): Promise<boolean> {
    return (await this.db.maybe(UPSERT_PENDING_TOTP, [userId, sealed, now])) !== undefined;
  }

  totpOf(q: Queryable, userId: string): Promise<{ secret_sealed: string; confirmed_at: Date | null; last_step: string } | undefined> {
    return q.maybe(TOTP_OF_USER, [userId]);
  }

  /** See ACCEPT_STEP: a confirmed row's step, or (`confirmAt`) the pending row's first step that confirms it. */
  async acceptStep(tx: Tx, userId: string, step: number, confirmAt?: Date): Promise<boolean> {
    return (await tx.run(ACCEPT_STEP, [userId, String(step), confirmAt === undefined, confirmAt ?? new Date(0)])) > 0;
  }

  /** Deletes the TOTP row and every recovery code; what there was (`undefined`: nothing). */
  async deleteTotp(tx: Tx, userId: string): Promise<'pending' | 'enabled' | undefined> {
    const row = await tx.maybe(DELETE_TOTP, [userId]);
    await tx.run(DELETE_RECOVERY_CODES, [userId]);
    return row && (row.confirmed_at === null ? 'pending' : 'enabled');
  }

  /** Replaces the user's recovery codes with these hashes. */
  async replaceRecoveryCodes(tx: Tx, userId: string, hashes: Buffer[], now: Date): Promise<void> {
    await tx.run(DELETE_RECOVERY_CODES, [userId]);
    await tx.run(INSERT_RECOVERY_CODES, [userId, hashes, now]);
  }

  unusedRecoveryCodes(tx: Tx, userId: string): Promise<{ id: string; code_hash: Buffer }[]> {
    return tx.rows(UNUSED_RECOVERY_CODES, [userId]);
  }

  async useRecoveryCode(tx: Tx, id: string, now: Date): Promise<boolean> {
    return (await tx.run(USE_RECOVERY_CODE, [id, now])) > 0;
  }

  status(
    userId: string,
  ): Promise<{ totp: 'pending' | 'enabled' | null; totp_confirmed_at: Date | null; recovery_codes_left: number; passkeys: number }> {
    return this.db.one(MFA_STATUS, [userId]);
  }
}
