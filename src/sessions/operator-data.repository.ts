import { Injectable } from '@nestjs/common';
import { keysetPage } from '../core/database/list-page';
import { type DataSubject, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { EntityManager } from 'typeorm';

/** What an erased account's email becomes: unique, never deliverable (RFC 2606 reserves .invalid). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** Data requests about operators (subject type `user`): their account and their membership of the workspace. */
@Injectable()
export class OperatorDataRepository {
  /** The subject's account as this workspace knows it: name, email, its membership (one row; paged by id like the others). */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return keysetPage(
      m,
      {
        columns: `u.id, u.email, u.name, u.confirmed_at, u.inserted_at, ms.role, ms.status AS membership_status, ms.inserted_at AS member_since`,
        table: 'users u LEFT JOIN memberships ms ON ms.user_id = u.id AND ms.workspace_id = $1',
        alias: 'u',
        scope: `u.id = ANY($2::uuid[])`,
        params: [s.workspaceId, s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /**
   * Erasure of operators: their membership of the workspace ends (never the owner's). An account
   * left in no workspace is anonymised: email and name replaced, no password, suspended, its
   * sessions and reset links deleted. Returns the accounts anonymised.
   */
  async erase(m: EntityManager, s: DataSubject): Promise<string[]> {
    if (s.userIds.length === 0) return [];
    await m.query(`DELETE FROM memberships WHERE workspace_id = $1 AND user_id = ANY($2::uuid[]) AND role <> 'owner'`, [
      s.workspaceId,
      s.userIds,
    ]);
    const [rows] = await m.query(
      `UPDATE users u SET email = 'erased-' || u.id::text || '@erased.invalid', name = 'Erased user', password_hash = NULL,
              status = 'suspended', confirmed_at = NULL, scim_workspace_id = NULL, updated_at = now()
        WHERE u.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM memberships ms WHERE ms.user_id = u.id)
        RETURNING u.id`,
      [s.userIds],
    );
    const anonymised = (rows as { id: string }[]).map((r) => r.id);
    if (anonymised.length > 0) {
      await m.query(`DELETE FROM user_sessions WHERE user_id = ANY($1::uuid[])`, [anonymised]);
      await m.query(`DELETE FROM password_reset_tokens WHERE user_id = ANY($1::uuid[])`, [anonymised]);
    }
    return anonymised;
  }
}
