import { createHash, randomBytes, randomInt } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { QueueNames } from '../../src/core/config/queue-names';
import { REMEMBER_ME_COOKIE, SESSION_COOKIE } from '../../src/sessions/session.constants';
import { eventually } from './eventually';
import type { TestApp } from './test-app';
import type { Queue } from 'bullmq';
import type { Response } from 'supertest';

export { REMEMBER_ME_COOKIE, SESSION_COOKIE };

/**
 * Helpers for the operator-session suites. Login throttles are keyed by client IP, so every test
 * runs on an app that trusts the loopback proxy and sends its own random x-forwarded-for address.
 */
export const TRUST_LOOPBACK = { TRUSTED_PROXY_IPS: '127.0.0.1,::1' };

/** A random IPv4 address in 10/8 (one per test, so per-IP counters never collide). */
export const randomIPv4 = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A random IPv6 /64 prefix in the documentation range, as four groups ("2001:db8:xxxx:xxxx"). */
export const randomIPv6Prefix = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

export const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased; flags map to true. */
  attrs: Record<string, string | true>;
  raw: string;
}

/** Every Set-Cookie of a response, by cookie name. */
export function setCookies(res: Response): Map<string, SetCookie> {
  const header = res.headers['set-cookie'] as unknown;
  const lines: string[] = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const out = new Map<string, SetCookie>();
  for (const raw of lines) {
    const [pair, ...rest] = raw.split(';');
    const eq = pair.indexOf('=');
    const attrs: Record<string, string | true> = {};
    for (const part of rest) {
      const i = part.indexOf('=');
      if (i < 0) attrs[part.trim().toLowerCase()] = true;
      else attrs[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).trim();
    }
    out.set(pair.slice(0, eq).trim(), { name: pair.slice(0, eq).trim(), value: decodeURIComponent(pair.slice(eq + 1).trim()), attrs, raw });
  }
  return out;
}

/** A Cookie request header from name/value pairs (undefined values are left out). */
export function cookieHeader(cookies: Record<string, string | undefined>): string {
  return Object.entries(cookies)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('; ');
}

/** True when a Set-Cookie deletes the cookie (Max-Age=0 or an Expires in the past). */
export function isCleared(cookie: SetCookie | undefined): boolean {
  if (!cookie) return false;
  if (cookie.attrs['max-age'] === '0') return true;
  const expires = cookie.attrs.expires;
  return typeof expires === 'string' && new Date(expires).getTime() < Date.now();
}

export interface LoginResult {
  res: Response;
  session?: string;
  rememberMe?: string;
}

/** POST /users/log-in from `ip` (x-forwarded-for), as a form unless `json` is set. */
export async function logIn(
  t: TestApp,
  creds: { email: string; password: string },
  opts: { ip: string; rememberMe?: boolean; json?: boolean; cookie?: string } = { ip: randomIPv4() },
): Promise<LoginResult> {
  let req = t.http().post('/users/log-in').set('x-forwarded-for', opts.ip);
  if (opts.cookie) req = req.set('cookie', opts.cookie);
  const body: Record<string, unknown> = { email: creds.email, password: creds.password };
  if (opts.json) {
    if (opts.rememberMe !== undefined) body.remember_me = opts.rememberMe;
    req = req.type('json');
  } else {
    if (opts.rememberMe) body.remember_me = 'true';
    req = req.type('form');
  }
  const res = await req.send(body);
  const cookies = setCookies(res);
  return { res, session: cookies.get(SESSION_COOKIE)?.value, rememberMe: cookies.get(REMEMBER_ME_COOKIE)?.value };
}

/** GET /app with the given cookies. */
export const getApp = (t: TestApp, cookies: Record<string, string | undefined>) =>
  t.http().get('/app').set('cookie', cookieHeader(cookies));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

/** Messages in the shared dev mailbox addressed to `to`, oldest first. */
export async function mailsTo(t: TestApp, to: string): Promise<Mail[]> {
  const res = await t.http().get('/dev/mailbox.json').expect(200);
  return (res.body.messages as Mail[]).filter((m) => m.to === to).reverse();
}

/**
 * Polls /dev/mailbox.json until at least `count` messages reached `to`. Mail jobs are taken by any
 * worker on the shared Redis, so allow for a busy machine (15 s at most).
 */
export function waitForMails(t: TestApp, to: string, count = 1, timeoutMs = 15_000): Promise<Mail[]> {
  return eventually(
    async () => {
      const mails = await mailsTo(t, to);
      if (mails.length < count) throw new Error(`got ${mails.length}`);
      return mails;
    },
    { timeoutMs, intervalMs: 100, what: `${count} mail(s) to ${to}` },
  );
}

/** A queue of the app, as features inject it. */
export const appQueue = (t: TestApp, name: string): Queue => t.app.get<Queue>(getQueueToken(name), { strict: false });

/**
 * Waits until the password-reset and mailer queues hold no waiting, delayed or active job: every
 * mail asked for so far has been sent or dropped. Then "no mail to X" can be asserted without a
 * fixed sleep.
 */
export function mailQueueDrained(t: TestApp, timeoutMs = 15_000): Promise<void> {
  const queues = [QueueNames.passwordResets, QueueNames.mailer].map((name) => appQueue(t, name));
  return eventually(
    async () => {
      for (const queue of queues) {
        const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
        const pending = Object.values(counts).reduce((sum, n) => sum + n, 0);
        if (pending > 0) throw new Error(`${pending} job(s) still pending in ${queue.name}`);
      }
    },
    { timeoutMs, intervalMs: 50, what: 'the mailer queue to drain' },
  );
}

/**
 * The path of the reset link in a mail. Any node's mailer worker may send it, and the link's
 * origin is that node's BASE_URL, so tests follow the path on their own app.
 */
export function resetPath(mail: Mail): string {
  const match = /\/users\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail: ${mail.text}`);
  return match[0];
}

export const resetToken = (mail: Mail) => resetPath(mail).split('/').pop()!;

/**
 * The whole reset flow, as its owner follows it: asks for a link for `email`, takes it from the
 * newest mail (the `expected`-th to that address), and sets `password` with it (which also
 * confirms the account). The app must trust the loopback proxy (TRUST_LOOPBACK).
 */
export async function resetThroughMail(t: TestApp, email: string, password: string, expected = 1): Promise<void> {
  t.clock.advance(1); // no two requests share a request time (see test/password-reset.e2e-spec.ts)
  const asked = await t.http().post('/users/forgot-password').set('x-forwarded-for', randomIPv4()).type('form').send({ email });
  if (asked.status !== 200) throw new Error(`forgot-password: ${asked.status}`);
  const mails = await waitForMails(t, email, expected);
  const set = await t
    .http()
    .post(resetPath(mails[expected - 1]))
    .type('form')
    .send({ password, password_confirmation: password });
  if (set.status !== 302) throw new Error(`reset-password: ${set.status} ${set.text}`);
}

export const db = (t: TestApp) => t.app.get(DataSource);

export async function userId(t: TestApp, email: string): Promise<string> {
  const rows: { id: string }[] = await db(t).query(`SELECT id FROM users WHERE email = $1`, [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}
