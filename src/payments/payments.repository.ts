import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export type PaymentOutcome = 'applied' | 'ignored';

/** Inbound payment events (idempotency by the provider's event id) and the order they applied in. */
@Injectable()
export class PaymentsRepository {
  /**
   * Records an event id the first time it is seen (the row stays locked by the caller's
   * transaction, so a concurrent copy of the same event waits and then finds it); false when it
   * was processed before.
   */
  async recordFirstSeen(m: EntityManager, e: { id: string; type: string; workspaceId: string | null }): Promise<boolean> {
    const rows = await m.query(
      `INSERT INTO payment_events (id, type, workspace_id, outcome) VALUES ($1, $2, $3, 'ignored')
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [e.id, e.type, e.workspaceId],
    );
    return rows.length > 0;
  }

  async setOutcome(m: EntityManager, id: string, outcome: PaymentOutcome, detail: string): Promise<void> {
    await m.query(`UPDATE payment_events SET outcome = $2, detail = $3 WHERE id = $1`, [id, outcome, detail]);
  }

  /**
   * Moves the workspace's mark for one kind of effect (plan or invoice) to `created`, unless an
   * event created later already applied (providers do not deliver in order): false then.
   */
  async advance(m: EntityManager, workspaceId: string, kind: 'plan' | 'invoice', created: Date): Promise<boolean> {
    const column = kind === 'plan' ? 'plan_event_at' : 'invoice_event_at';
    const rows = await m.query(
      `INSERT INTO payment_workspace_state AS p (workspace_id, ${column}) VALUES ($1, $2)
       ON CONFLICT (workspace_id) DO UPDATE SET ${column} = EXCLUDED.${column}
        WHERE p.${column} IS NULL OR p.${column} <= EXCLUDED.${column}
       RETURNING workspace_id`,
      [workspaceId, created],
    );
    return rows.length > 0;
  }
}
