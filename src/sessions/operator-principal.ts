import type { Request } from 'express';
import type { OperatorRole } from '../auth/auth-policy';

export interface OperatorMembership {
  id: string;
  name: string;
  slug: string;
  role: OperatorRole;
}

/** Who an operator request is: set on the request by session authentication. */
export interface OperatorPrincipal {
  kind: 'operator';
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  platformAdmin: boolean;
  /** The workspace this request acts on (x-workspace-id, else the oldest membership); null if none. */
  workspaceId: string | null;
  role: OperatorRole | null;
  workspaces: OperatorMembership[];
}

export type RequestWithOperator = Request & { operator?: OperatorPrincipal };
