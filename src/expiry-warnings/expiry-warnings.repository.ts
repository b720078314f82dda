import { Injectable } from '@nestjs/common';
import { type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { type RowOf, statement } from '../core/database/statement';
import { ENROLLMENT_TOKEN_ROW, enrollmentTokenColumns, enrollmentTokenRow, type EnrollmentTokenRow } from '../enrollment';
import { API_KEY_EXPIRING_NOTICE_S, ENROLLMENT_TOKEN_EXPIRING_NOTICE_S, ISSUE_CLOCK_TOLERANCE_S } from './notices';

/**
 * The statements of the expiry-warnings job (ADR 0235). Each claims at most $2 rows that are due
 * for one warning and sets that warning's marker on them, in one statement: the rows are found
 * through the warning's index (migrations/1763700047000-ExpiryWarnings.ts: for the expiry
 * warnings a partial index, whose predicate the statements repeat so that the planner finds it
 * implied; for running out, the claims recorded lately), which test/hot-queries.e2e-spec.ts holds
 * them to; locked FOR NO KEY UPDATE SKIP LOCKED (another node's run skips them, and a claim's or a
 * token exchange's foreign-key check, FOR KEY SHARE, is not blocked); and only rows still unmarked
 * on their newest version are updated. The caller records the events in the same transaction, so
 * a marker is set exactly when its event is recorded. $1 is the moment the windows are judged at
 * (the database's time when null).
 */
const AS_OF = `coalesce($1::timestamptz, now())`;

/** The claims of the token aliased `alias`: the sum of its slots (migrations/1763700044000-EnrollmentTokenSlots.ts). */
const claimsOf = (alias: string) =>
  `(SELECT COALESCE(sum(s.claims_count), 0)::int FROM enrollment_token_slots s WHERE s.token_id = ${alias}.id)`;

const KEY_ROW = { workspace_id: t.uuid, credential_id: t.uuid, service_agent_id: t.uuid, expires_at: t.timestamptz } as const;

/**
 * Usable keys that expire within the notice and were not warned: marked warned. A rotated key is
 * left out: its end was set, and announced with `api_key.rotated`, by its rotation (ADR 0233).
 */
const CLAIM_EXPIRING_KEYS = statement({
  label: 'claim_expiring_api_keys',
  text: `WITH due AS (SELECT id FROM api_credentials
                    WHERE expires_at IS NOT NULL AND expiring_notified_at IS NULL AND status = 'usable' AND rotated_at IS NULL
                      AND expires_at > ${AS_OF} AND expires_at <= ${AS_OF} + interval '${API_KEY_EXPIRING_NOTICE_S} seconds'
                    LIMIT $2 FOR NO KEY UPDATE SKIP LOCKED)
         UPDATE api_credentials c SET expiring_notified_at = now() FROM due
          WHERE c.id = due.id AND c.expiring_notified_at IS NULL
          RETURNING c.workspace_id, c.id AS credential_id, c.service_agent_id, c.expires_at`,
  params: [t.timestamptz.null, t.bigint],
  row: KEY_ROW,
});

/** The token as the operator API shows it (its count added), with the moment it is judged at. */
const TOKEN_COLUMNS = `${enrollmentTokenColumns('t')}, ${claimsOf('t')} AS claims_count, ${AS_OF} AS as_of`;
const TOKEN_ROW = { ...ENROLLMENT_TOKEN_ROW, as_of: t.timestamptz } as const;

/**
 * Tokens neither revoked nor used up that expire within the notice, issued for longer than it,
 * and not warned: marked warned.
 */
const CLAIM_EXPIRING_TOKENS = statement({
  label: 'claim_expiring_enrollment_tokens',
  text: `WITH due AS (SELECT u.id FROM enrollment_tokens u
                    WHERE u.expiring_notified_at IS NULL AND u.revoked_at IS NULL
                      AND u.expires_at - u.inserted_at > interval '${ENROLLMENT_TOKEN_EXPIRING_NOTICE_S + ISSUE_CLOCK_TOLERANCE_S} seconds'
                      AND u.expires_at > ${AS_OF} AND u.expires_at <= ${AS_OF} + interval '${ENROLLMENT_TOKEN_EXPIRING_NOTICE_S} seconds'
                      AND ${claimsOf('u')} < u.max_claims
                    LIMIT $2 FOR NO KEY UPDATE SKIP LOCKED)
         UPDATE enrollment_tokens t SET expiring_notified_at = now() FROM due
          WHERE t.id = due.id AND t.expiring_notified_at IS NULL AND t.revoked_at IS NULL
          RETURNING ${TOKEN_COLUMNS}`,
  params: [t.timestamptz.null, t.bigint],
  row: TOKEN_ROW,
});

/**
 * Tokens claimed since $3 whose claims reached max_claims (revoked since or not; a revoke alone
 * closes the slots but leaves the count short), not announced: marked announced. The candidates
 * are the tokens of the claims recorded since $3 (enrollment_claims_claimed_at_idx reads only the
 * newest part of the table), never the live tokens as such: their number grows with the fleet.
 */
const CLAIM_EXHAUSTED_TOKENS = statement({
  label: 'claim_exhausted_enrollment_tokens',
  text: `WITH due AS (SELECT u.id FROM enrollment_tokens u
                    WHERE u.id = ANY(ARRAY(SELECT c.enrollment_token_id FROM enrollment_claims c WHERE c.claimed_at > $3))
                      AND u.exhausted_notified_at IS NULL AND ${claimsOf('u')} >= u.max_claims
                    LIMIT $2 FOR NO KEY UPDATE SKIP LOCKED)
         UPDATE enrollment_tokens t SET exhausted_notified_at = now() FROM due
          WHERE t.id = due.id AND t.exhausted_notified_at IS NULL
          RETURNING ${TOKEN_COLUMNS}`,
  params: [t.timestamptz.null, t.bigint, t.timestamptz],
  row: TOKEN_ROW,
});

/** A key due for `api_key.expiring`, with its workspace. */
export type ExpiringKey = RowOf<typeof KEY_ROW>;

/** A token due for a warning, with its workspace and the moment it was judged at (for its state). */
export interface WarnedToken {
  workspaceId: string;
  token: EnrollmentTokenRow;
  asOf: Date;
}

const warnedToken = (r: RowOf<typeof TOKEN_ROW>): WarnedToken => ({
  workspaceId: r.workspace_id,
  asOf: r.as_of,
  token: enrollmentTokenRow(r),
});

/** SQL of the expiry-warnings job; every method runs in the caller's transaction, which records the events. */
@Injectable()
export class ExpiryWarningsRepository {
  claimExpiringKeys(tx: Tx, asOf: Date | null, limit: number): Promise<ExpiringKey[]> {
    return tx.rows(CLAIM_EXPIRING_KEYS, [asOf, limit]);
  }

  async claimExpiringTokens(tx: Tx, asOf: Date | null, limit: number): Promise<WarnedToken[]> {
    return (await tx.rows(CLAIM_EXPIRING_TOKENS, [asOf, limit])).map(warnedToken);
  }

  /** Tokens used up by the claims recorded since `claimedSince`, not announced yet. */
  async claimExhaustedTokens(tx: Tx, asOf: Date | null, limit: number, claimedSince: Date): Promise<WarnedToken[]> {
    return (await tx.rows(CLAIM_EXHAUSTED_TOKENS, [asOf, limit, claimedSince])).map(warnedToken);
  }
}
