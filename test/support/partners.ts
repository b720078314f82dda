import { uniqueEmail } from './builders';
import { makeOperator, Operator, uniqueName } from './console';
import { randomIPv4 } from './operator';
import type { TestApp } from './test-app';
import type { Response } from 'supertest';

/** mpk_<prefix>.<secret>: prefix 8 bytes and secret 32 bytes, base64url without padding. */
export const MPK_KEY = /^mpk_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}$/;
export const PARTNER_SCOPES = ['engagements:read', 'engagement_tokens:write'];
export const ENGAGEMENT_SCOPES = ['engagement_events:write', 'engagement_events:read'];

/**
 * The env of an app for the marketplace suites: it trusts the loopback proxy (so each test sends
 * its own x-forwarded-for address and the failed-auth throttle never mixes tests up) and has a
 * platform admin of its own.
 */
export function marketplaceEnv(adminEmail = uniqueEmail('partner-admin')): { env: Record<string, string>; adminEmail: string } {
  return { env: { TRUSTED_PROXY_IPS: '127.0.0.1,::1', PLATFORM_ADMIN_EMAILS: adminEmail }, adminEmail };
}

export interface Partner {
  id: string;
  key: string;
  body: any;
}

/** POST /api/v1/admin/partners as the platform admin. */
export async function makePartner(t: TestApp, admin: Operator, scopes = PARTNER_SCOPES, name = uniqueName('Partner')): Promise<Partner> {
  const res = await t.http().post('/api/v1/admin/partners').set('cookie', admin.cookie).send({ name, scopes });
  if (res.status !== 201) throw new Error(`issuing a partner failed: ${res.status} ${res.text}`);
  return { id: res.body.partner.id, key: res.body.partner_key.key, body: res.body };
}

/** POST /api/v1/operator/engagements as the workspace's owner; returns the engagement. */
export async function grant(t: TestApp, owner: Operator, partnerId: string, scopes?: string[]): Promise<any> {
  const res = await t
    .http()
    .post('/api/v1/operator/engagements')
    .set('cookie', owner.cookie)
    .send(scopes ? { partner_id: partnerId, scopes } : { partner_id: partnerId });
  if (res.status !== 201) throw new Error(`granting failed: ${res.status} ${res.text}`);
  return res.body.engagement;
}

/** A request helper from one client address: every marketplace call of a test goes through its own. */
export function fromAddress(t: TestApp, ip = randomIPv4()) {
  const bearer = (credential: string | undefined) => (credential === undefined ? {} : { authorization: `Bearer ${credential}` });
  return {
    ip,
    get: (path: string, credential?: string) => t.http().get(path).set('x-forwarded-for', ip).set(bearer(credential)),
    post: (path: string, credential?: string, body: object = {}) =>
      t.http().post(path).set('x-forwarded-for', ip).set(bearer(credential)).send(body),
  };
}
export type Client = ReturnType<typeof fromAddress>;

/** POST /api/v1/partner/engagements/:id/tokens; returns the token. */
export async function mintToken(client: Client, partnerKey: string, engagementId: string, body: object = {}): Promise<string> {
  const res: Response = await client.post(`/api/v1/partner/engagements/${engagementId}/tokens`, partnerKey, body);
  if (res.status !== 201) throw new Error(`minting failed: ${res.status} ${res.text}`);
  return res.body.engagement_token.token;
}

export const eventsPath = (engagementId: string) => `/api/v1/engagements/${engagementId}/events`;

/** A workspace owner with an active engagement of a fresh partner, and a token for it. */
export async function engagedPartner(
  t: TestApp,
  admin: Operator,
  opts: { scopes?: string[]; client?: Client } = {},
): Promise<{ owner: Operator; partner: Partner; engagement: any; token: string; client: Client }> {
  const client = opts.client ?? fromAddress(t);
  const owner = await makeOperator(t);
  const partner = await makePartner(t, admin);
  const engagement = await grant(t, owner, partner.id, opts.scopes);
  const token = await mintToken(client, partner.key, engagement.id);
  return { owner, partner, engagement, token, client };
}
