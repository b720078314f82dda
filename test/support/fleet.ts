import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { claim, issueToken, preRegister } from '../enrollment-support';
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

export interface EnrolledRobot {
  robotId: string;
  serial: string;
  serviceAgentId: string;
  credentialId: string;
  apiKey: string;
  accessToken: string;
}

/**
 * A robot as a device gets one: pre-registered by the operator, then claimed with a fleet token
 * (so its agent has the device scopes, or `scopes` when given). The operator's workspace needs room
 * for it (makeFleetOwner gives a team plan).
 */
export async function enrollRobot(t: TestApp, owner: Operator, options: { scopes?: string[]; cohortId?: string } = {}): Promise<EnrolledRobot> {
  const serial = `SN-${randomBytes(5).toString('hex')}`;
  const robot = await preRegister(t, owner, serial);
  const token = await issueToken(t, owner, {
    max_claims: 2,
    ...(options.scopes ? { scopes: options.scopes } : {}),
    ...(options.cohortId ? { cohort_id: options.cohortId } : {}),
  });
  const res = await claim(t, { token: token.token, serial_number: serial });
  if (res.status !== 201) throw new Error(`claim: ${res.status} ${res.text}`);
  return {
    robotId: robot.id,
    serial,
    serviceAgentId: res.body.service_agent.id,
    credentialId: res.body.api_key.credential_id,
    apiKey: res.body.api_key.key,
    accessToken: res.body.access_token.token,
  };
}
