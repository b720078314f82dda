import { Injectable } from '@nestjs/common';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import type { Tx } from '../core/database/db.service';

export type PaymentOutcome = 'applied' | 'ignored';

/**
 * An event id recorded the first time it is seen (the row stays locked by the transaction, so a
 * concurrent copy of the same event waits and then finds it); no row when it was processed before.
 */
const RECORD_FIRST_SEEN = statement({
  label: 'record_payment_event',
  text: `INSERT INTO payment_events (id, type, workspace_id, outcome) VALUES ($1, $2, $3, 'ignored')
       ON CONFLICT (id) DO NOTHING RETURNING id`,
  params: [t.text, t.text, t.uuid.null],
  row: { id: t.text },
});

const SET_OUTCOME = statement({
  label: 'set_payment_event_outcome',
  text: `UPDATE payment_events SET outcome = $2, detail = $3 WHERE id = $1`,
  params: [t.text, t.text.of<PaymentOutcome>(), t.text],
});

/**
 * The workspace's mark for one kind of effect moved to $2, unless an event created later already
 * applied (providers do not deliver in order): no row then. One statement per kind (its column).
 */
const advanceStatement = (kind: 'plan' | 'invoice', column: string) =>
  statement({
    label: `advance_payment_${kind}_mark`,
    text: `INSERT INTO payment_workspace_state AS p (workspace_id, ${column}) VALUES ($1, $2)
       ON CONFLICT (workspace_id) DO UPDATE SET ${column} = EXCLUDED.${column}
        WHERE p.${column} IS NULL OR p.${column} <= EXCLUDED.${column}
       RETURNING workspace_id`,
    params: [t.uuid, t.timestamptz],
    row: { workspace_id: t.uuid },
  });
const ADVANCE = { plan: advanceStatement('plan', 'plan_event_at'), invoice: advanceStatement('invoice', 'invoice_event_at') };

/** Inbound payment events (idempotency by the provider's event id) and the order they applied in. */
@Injectable()
export class PaymentsRepository {
  /**
   * Records an event id the first time it is seen (the row stays locked by the caller's
   * transaction, so a concurrent copy of the same event waits and then finds it); false when it
   * was processed before.
   */
  async recordFirstSeen(tx: Tx, e: { id: string; type: string; workspaceId: string | null }): Promise<boolean> {
    return (await tx.maybe(RECORD_FIRST_SEEN, [e.id, e.type, e.workspaceId])) !== undefined;
  }

  async setOutcome(tx: Tx, id: string, outcome: PaymentOutcome, detail: string): Promise<void> {
    await tx.run(SET_OUTCOME, [id, outcome, detail]);
  }

  /**
   * Moves the workspace's mark for one kind of effect (plan or invoice) to `created`, unless an
   * event created later already applied (providers do not deliver in order): false then.
   */
  async advance(tx: Tx, workspaceId: string, kind: 'plan' | 'invoice', created: Date): Promise<boolean> {
    return (await tx.maybe(ADVANCE[kind], [workspaceId, created])) !== undefined;
  }
}
