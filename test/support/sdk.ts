import { DataSource } from 'typeorm';
import { makeWorkspace, Registered } from './builders';
import { uniqueName } from './console';
import { issueKey, sessionCookie } from './sockets';
import type { TestApp } from './test-app';

/** The scopes a device's socket needs to take commands. */
export const SOCKET_SCOPES = ['sockets:connect', 'agent_commands:read'];

/** A workspace and its owner's session, for the SDK suites: they act as the operator over HTTP. */
export interface SdkWorkspace {
  w: Registered;
  cookie: string;
  /** A fresh visible agent with an agk_ key of these scopes (a fresh agent per test keeps commands apart). */
  agent: (scopes?: string[]) => Promise<{ key: string; credentialId: string; serviceAgentId: string }>;
  /** POST /api/v1/operator/agent_commands as the owner; returns the command. */
  sendCommand: (serviceAgentId: string, name: string, payload?: Record<string, unknown>) => Promise<{ id: string; status: string }>;
  /** The command's row as the service stored it. */
  command: (id: string) => Promise<{ status: string; result: unknown }>;
  /** POST /api/v1/operator/api_keys/:id/revoke as the owner. */
  revoke: (credentialId: string) => Promise<void>;
}

export async function sdkWorkspace(t: TestApp): Promise<SdkWorkspace> {
  const w = await makeWorkspace(t);
  const cookie = await sessionCookie(t, w.email, w.password);
  return {
    w,
    cookie,
    agent: async (scopes = SOCKET_SCOPES) => {
      const res = await t
        .http()
        .post('/api/v1/operator/service_agents')
        .set('cookie', cookie)
        .send({ name: uniqueName('Device') });
      if (res.status !== 201) throw new Error(`create agent: ${res.status} ${res.text}`);
      return issueKey(t, w, scopes, { serviceAgentId: res.body.service_agent.id });
    },
    sendCommand: async (serviceAgentId, name, payload = {}) => {
      const res = await t
        .http()
        .post('/api/v1/operator/agent_commands')
        .set('cookie', cookie)
        .send({ service_agent_id: serviceAgentId, name, payload });
      if (res.status !== 201) throw new Error(`send command: ${res.status} ${res.text}`);
      return res.body.agent_command;
    },
    command: async (id) => (await t.app.get(DataSource).query(`SELECT status, result FROM agent_commands WHERE id = $1`, [id]))[0],
    revoke: async (credentialId) => {
      const res = await t.http().post(`/api/v1/operator/api_keys/${credentialId}/revoke`).set('cookie', cookie);
      if (res.status !== 200) throw new Error(`revoke: ${res.status} ${res.text}`);
    },
  };
}
