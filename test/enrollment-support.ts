import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { WorkspacesService } from '../src/identity/workspaces.service';
import { makeOperator, Operator } from './support/console';
import { db } from './support/operator';
import type { WorkspaceStatus } from '../src/identity/workspace-status';
import type { TestApp } from './support/test-app';

/** Helpers shared by the enrollment suites (test/enrollment*.e2e-spec.ts). */

export const OP = '/api/v1/operator';
export const CLAIM = '/api/v1/enrollments/claim';
/** A serial number no other test uses: `<tag>-<12 random hex digits>`. */
export const uniqueSerial = (tag = 'SN') => `${tag}-${randomUUID().slice(0, 12)}`;

export const AGE_TOKEN = /^age_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Requests as an operator, optionally on another of their workspaces (x-workspace-id). */
export function asOperator(t: TestApp, op: Operator, workspaceId?: string) {
  const headers: Record<string, string> = { cookie: op.cookie };
  if (workspaceId) headers['x-workspace-id'] = workspaceId;
  return {
    get: (path: string) => t.http().get(path).set(headers),
    post: (path: string, body: object = {}) => t.http().post(path).set(headers).send(body),
    patch: (path: string, body: object = {}) => t.http().patch(path).set(headers).send(body),
    delete: (path: string) => t.http().delete(path).set(headers),
  };
}

/** A fresh owner of a fresh workspace on the given plan. */
export async function makeFleetOwner(t: TestApp, plan: 'free' | 'team' | 'enterprise' = 'team'): Promise<Operator> {
  const op = await makeOperator(t);
  if (plan !== 'free') await t.app.get(WorkspacesService).update(op.reg.workspaceId, { plan });
  return op;
}

export const setWorkspaceStatus = (t: TestApp, workspaceId: string, status: WorkspaceStatus) =>
  t.app.get(WorkspacesService).update(workspaceId, { status });

export interface IssuedToken {
  id: string;
  token: string;
  max_claims: number;
  claims_count: number;
  expires_at: string;
  serial_allowlist: string[];
  cohort_id: string | null;
  default_tags: string[];
  scopes: string[];
  revoked_at: string | null;
  inserted_at: string;
}

/** POST /api/v1/operator/enrollment_tokens as the operator; fails the test unless 201. */
export async function issueToken(t: TestApp, op: Operator, body: object = {}): Promise<IssuedToken> {
  const res = await asOperator(t, op).post(`${OP}/enrollment_tokens`, body);
  if (res.status !== 201) throw new Error(`issue token: ${res.status} ${res.text}`);
  return res.body.enrollment_token;
}

export async function preRegister(t: TestApp, op: Operator, serial: string, name?: string): Promise<{ id: string; status: string }> {
  const res = await asOperator(t, op).post(
    `${OP}/robots`,
    name === undefined ? { serial_number: serial } : { serial_number: serial, name },
  );
  if (res.status !== 201) throw new Error(`pre-register: ${res.status} ${res.text}`);
  return res.body.robot;
}

export async function makeCohort(t: TestApp, op: Operator, name: string): Promise<{ id: string; name: string }> {
  const res = await asOperator(t, op).post(`${OP}/cohorts`, { name });
  if (res.status !== 201) throw new Error(`cohort: ${res.status} ${res.text}`);
  return res.body.cohort;
}

/** POST /api/v1/enrollments/claim, on the in-process server or on `baseUrl` (concurrent tests). */
export function claim(t: TestApp, body: object, baseUrl?: string) {
  return (baseUrl ? request(baseUrl) : t.http()).post(CLAIM).send(body);
}

export interface Snapshot {
  claims_count: number | null;
  agents: number;
  robots: number;
  active_robots: number;
  claims: number;
  credentials: number;
  access_tokens: number;
}

/** What a claim can change in a workspace, read straight from the database. */
export async function snapshot(t: TestApp, workspaceId: string, tokenId: string | null = null): Promise<Snapshot> {
  const [row] = await db(t).query(
    `SELECT
       (SELECT COALESCE(sum(claims_count), 0)::int FROM enrollment_token_slots WHERE token_id = $2) AS claims_count,
       (SELECT count(*)::int FROM service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default) AS agents,
       (SELECT count(*)::int FROM robots WHERE workspace_id = $1) AS robots,
       (SELECT count(*)::int FROM robots WHERE workspace_id = $1 AND status = 'active') AS active_robots,
       (SELECT count(*)::int FROM enrollment_claims WHERE workspace_id = $1) AS claims,
       (SELECT count(*)::int FROM api_credentials WHERE workspace_id = $1) AS credentials,
       (SELECT count(*)::int FROM access_tokens a JOIN api_credentials c ON c.id = a.credential_id WHERE c.workspace_id = $1) AS access_tokens`,
    [workspaceId, tokenId],
  );
  return row;
}

export const claimsCount = async (t: TestApp, tokenId: string): Promise<number> =>
  (await db(t).query(`SELECT COALESCE(sum(claims_count), 0)::int AS n FROM enrollment_token_slots WHERE token_id = $1`, [tokenId]))[0].n;

/** Tallies response statuses: { 201: 10, 409: 40 }. */
export function statusCounts(responses: { status: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}
