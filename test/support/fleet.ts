import { DataSource } from 'typeorm';
import { addMembership, makeOperator, type Operator } from './console';
import { db } from './operator';
import type { TestApp } from './test-app';

/** Helpers of the fleet-operations suites (gateway, approvals, violations, OTA, batches, data requests). */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Domain events of a workspace of one type, oldest first, as stored in the outbox. */
export async function eventsOf(t: TestApp, workspaceId: string, type: string): Promise<{ id: string; data: any }[]> {
  return db(t).query(`SELECT id, data FROM domain_events WHERE workspace_id = $1 AND type = $2 ORDER BY inserted_at, id`, [
    workspaceId,
    type,
  ]);
}

/** Another operator (with a workspace of their own) given `role` in `owner`'s workspace. */
export async function colleague(t: TestApp, owner: Operator, role: 'admin' | 'member'): Promise<Operator> {
  const op = await makeOperator(t);
  await addMembership(t, op.reg.email, owner.reg.workspaceId, role);
  return op;
}

/** Rows of a table, as the service left them (for asserting what a request wrote). */
export const rowsOf = (t: TestApp, sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);
