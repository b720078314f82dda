import type { Request } from 'express';

/** Who a machine request is: set on the request by machine authentication. */
export interface MachinePrincipal {
  kind: 'machine';
  credentialId: string;
  workspaceId: string;
  serviceAgentId: string;
  scopes: readonly string[];
  via: 'api_key' | 'access_token';
}

export type RequestWithPrincipal = Request & { principal?: MachinePrincipal };
