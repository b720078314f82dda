import { Injectable } from '@nestjs/common';
import { type Tx } from '../core/database/db.service';
import { keysetStatement } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { type DataSubject, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { OperatorRole } from '../auth';

/** What an erased account's email becomes: unique, never deliverable (RFC 2606 reserves .invalid). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** The subject's account as this workspace knows it: name, email, its membership (one row; paged by id like the others). */
const EXPORT_OPERATORS = keysetStatement({
  label: 'export_operators',
  columns: `u.id, u.email, u.name, u.confirmed_at, u.inserted_at, ms.role, ms.status AS membership_status, ms.inserted_at AS member_since`,
  from: 'users u LEFT JOIN memberships ms ON ms.user_id = u.id AND ms.workspace_id = $1',
  alias: 'u',
  scope: `u.id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: {
    id: t.uuid,
    email: t.text,
    name: t.text,
    confirmed_at: t.timestamptz.null,
    inserted_at: t.timestamptz,
    role: t.text.of<OperatorRole>().null,
    membership_status: t.text.null,
    member_since: t.timestamptz.null,
  },
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure, first: the subjects' memberships of the workspace end (never the owner's). */
const ERASE_MEMBERSHIPS = statement({
  label: 'erase_operator_memberships',
  text: `DELETE FROM memberships WHERE workspace_id = $1 AND user_id = ANY($2::uuid[]) AND role <> 'owner'`,
  params: [t.uuid, t.uuidArray],
});

/** Erasure, then: the accounts left in no workspace are anonymised (see erasedEmail). */
const ANONYMISE_ACCOUNTS = statement({
  label: 'anonymise_operator_accounts',
  text: `UPDATE users u SET email = 'erased-' || u.id::text || '@erased.invalid', name = 'Erased user', password_hash = NULL,
              status = 'suspended', confirmed_at = NULL, scim_workspace_id = NULL, updated_at = now()
        WHERE u.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM memberships ms WHERE ms.user_id = u.id)
        RETURNING u.id`,
  params: [t.uuidArray],
  row: { id: t.uuid },
});

const ERASE_SESSIONS = statement({
  label: 'erase_operator_sessions',
  text: `DELETE FROM user_sessions WHERE user_id = ANY($1::uuid[])`,
  params: [t.uuidArray],
});

const ERASE_RESET_TOKENS = statement({
  label: 'erase_operator_password_reset_tokens',
  text: `DELETE FROM password_reset_tokens WHERE user_id = ANY($1::uuid[])`,
  params: [t.uuidArray],
});

/** Data requests about operators (subject type `user`): their account and their membership of the workspace. */
@Injectable()
export class OperatorDataRepository {
  /** The subject's account as this workspace knows it: name, email, its membership (one row; paged by id like the others). */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return m.rows(EXPORT_OPERATORS, [s.workspaceId, s.userIds, after ?? null]);
  }

  /**
   * Erasure of operators: their membership of the workspace ends (never the owner's). An account
   * left in no workspace is anonymised: email and name replaced, no password, suspended, its
   * sessions and reset links deleted. Returns the accounts anonymised.
   */
  async erase(m: Tx, s: DataSubject): Promise<string[]> {
    if (s.userIds.length === 0) return [];
    const tx = m;
    await tx.run(ERASE_MEMBERSHIPS, [s.workspaceId, s.userIds]);
    const anonymised = (await tx.rows(ANONYMISE_ACCOUNTS, [s.userIds])).map((r) => r.id);
    if (anonymised.length > 0) {
      await tx.run(ERASE_SESSIONS, [anonymised]);
      await tx.run(ERASE_RESET_TOKENS, [anonymised]);
    }
    return anonymised;
  }
}
