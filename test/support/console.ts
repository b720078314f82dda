import { randomBytes } from 'node:crypto';
import { makeWorkspace, Registered } from './builders';
import { eventually } from './eventually';
import { cookieHeader, db, logIn, randomIPv4, SESSION_COOKIE, userId } from './operator';
import type { TestApp } from './test-app';

/** agk_<prefix>.<secret>: prefix 8 bytes and secret 32 bytes, base64url without padding. */
export const AGK_KEY = /^agk_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}$/;

/** The public part of an agk_ key as pages and lists show it: agk_ and 11 characters. */
export const keyPrefix = (key: string) => key.split('.')[0];

/**
 * Logs in with a JSON body (a successful login gives its throttle slot back) and returns the
 * Cookie header carrying the session. The app should trust the loopback proxy (TRUST_LOOPBACK) so
 * each login comes from its own random address; it works without that too.
 */
export async function sessionCookie(t: TestApp, creds: { email: string; password: string }): Promise<string> {
  const { res, session } = await logIn(t, creds, { ip: randomIPv4(), json: true });
  if (res.status !== 302 || !session) throw new Error(`log-in failed: ${res.status} ${res.text}`);
  return cookieHeader({ [SESSION_COOKIE]: session });
}

export interface Operator {
  reg: Registered;
  cookie: string;
}

/** Registers a fresh user (owner of a workspace of their own) and logs them in. */
export async function makeOperator(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Operator> {
  const reg = await makeWorkspace(t, overrides);
  return { reg, cookie: await sessionCookie(t, reg) };
}

/**
 * A platform admin: a fresh operator whose email is listed in the app's PLATFORM_ADMIN_EMAILS, with
 * that email confirmed, as using a reset link mailed to it would (test/platform-admin.e2e-spec.ts
 * goes through that flow itself; an unconfirmed listed email is no admin).
 */
export async function makePlatformAdmin(t: TestApp, email: string): Promise<Operator> {
  const admin = await makeOperator(t, { email });
  await db(t).query(`UPDATE users SET confirmed_at = now() WHERE id = $1`, [admin.reg.body.user.id]);
  return admin;
}

/** Adds an existing user to another workspace with the given role (a row in memberships). */
export async function addMembership(t: TestApp, email: string, workspaceId: string, role: 'owner' | 'admin' | 'member'): Promise<void> {
  const uid = await userId(t, email);
  await db(t).query(`INSERT INTO memberships (user_id, workspace_id, role) VALUES ($1, $2, $3)`, [uid, workspaceId, role]);
}

/** A unique, human-looking name for agents and workspaces. */
export const uniqueName = (tag: string) => `${tag} ${randomBytes(4).toString('hex')}`;

/** Polls until `fn` holds; resolves with how long that took. */
export async function pollUntil(fn: () => Promise<boolean>, timeoutMs: number, everyMs = 25): Promise<number> {
  const started = Date.now();
  await eventually(
    async () => {
      if (!(await fn())) throw new Error('condition not met');
    },
    { timeoutMs, intervalMs: everyMs },
  );
  return Date.now() - started;
}
