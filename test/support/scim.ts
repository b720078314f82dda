import { PASSWORD, Registered, makeWorkspace, uniqueEmail } from './builders';
import { sessionCookie } from './sockets';
import type { TestApp } from './test-app';
import type { Test } from 'supertest';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A workspace whose owner is signed in, with a SCIM token created through the operator REST route. */
export interface ScimTenant extends Registered {
  cookie: string;
  token: string;
  tokenId: string;
}

export async function makeScimTenant(t: TestApp): Promise<ScimTenant> {
  const w = await makeWorkspace(t);
  const cookie = await sessionCookie(t, w.email, w.password);
  const res = await t.http().post('/api/v1/operator/scim_tokens').set('cookie', cookie).send({ name: 'Okta' });
  if (res.status !== 201) throw new Error(`scim token: ${res.status} ${res.text}`);
  return { ...w, cookie, token: res.body.scim_token.token, tokenId: res.body.scim_token.id };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A SCIM request with the token, sent as application/scim+json as the providers do. */
export function scim(t: TestApp, token: string, method: Method, path: string, body?: unknown): Test {
  const req = t.http()[method](`/scim/v2${path}`).set('authorization', `Bearer ${token}`).set('accept', 'application/scim+json');
  if (body !== undefined) return req.set('content-type', 'application/scim+json').send(JSON.stringify(body));
  return req;
}

/** A User body as Okta sends it on import (its documented create request). */
export function oktaUser(opts: { userName?: string; email?: string; externalId?: string; active?: boolean } = {}) {
  const email = opts.email ?? opts.userName ?? uniqueEmail('okta');
  return {
    schemas: [USER_SCHEMA],
    userName: opts.userName ?? email,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Ada Lovelace',
    locale: 'en-US',
    externalId: opts.externalId ?? `00u${Math.random().toString(36).slice(2, 12)}`,
    groups: [],
    password: 'okta-sends-one-we-ignore-it',
    active: opts.active ?? true,
  };
}

/** A User body as Entra sends it on provisioning (its documented create request). */
export function entraUser(opts: { userName?: string; email?: string; externalId?: string } = {}) {
  const email = opts.email ?? uniqueEmail('entra');
  return {
    schemas: [USER_SCHEMA, ENTERPRISE],
    externalId: opts.externalId ?? `ext-${Math.random().toString(36).slice(2, 12)}`,
    userName: opts.userName ?? email,
    active: true,
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: 'Grace Hopper', familyName: 'Hopper', givenName: 'Grace' },
    roles: [],
    [ENTERPRISE]: { department: 'Navy', employeeNumber: '1906' },
  };
}

export { PASSWORD };
