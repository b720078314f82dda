import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomBytes(6).toString('hex')}@example.com`;
export const PASSWORD = 'correct horse battery staple';

export interface Registered {
  body: any;
  email: string;
  password: string;
  apiKey: string;
  accessToken: string;
  workspaceId: string;
  credentialId: string;
  keyAgentId: string;
  defaultAgentId: string;
}

/** POST /api/v1/register with fresh data; returns the body and the handy parts of it. */
export async function makeWorkspace(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Registered> {
  const email = (overrides.email as string) ?? uniqueEmail();
  const payload = {
    email,
    password: PASSWORD,
    agent_name: 'Warehouse Bot',
    workspace_name: `Acme ${randomBytes(3).toString('hex')}`,
    ...overrides,
  };
  const res = await t.http().post('/api/v1/register').send(payload);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return {
    body: res.body,
    email,
    password: payload.password,
    apiKey: res.body.api_key.key,
    accessToken: res.body.access_token.token,
    workspaceId: res.body.workspace.id,
    credentialId: res.body.api_key.credential_id,
    keyAgentId: res.body.api_key.service_agent_id,
    defaultAgentId: res.body.service_agent.id,
  };
}
