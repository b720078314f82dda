import { ForbiddenProblem, UnauthorizedProblem } from '../core/common/problem/problem.error';
import type { WorkspaceStatus } from '../identity';
import type { MachineAuthFailure } from './credentials.problem-codes';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };

/** 401 refusals of machine credentials; `detail` is the machine-readable code of SPEC.md. */
export class MachineAuthError extends UnauthorizedProblem<MachineAuthFailure> {
  constructor(readonly reason: MachineAuthFailure) {
    super(reason, { headers: CHALLENGE });
  }
}

export class ServiceAgentInactiveError extends ForbiddenProblem {
  constructor() {
    super('service_agent_inactive');
  }
}

/** 403: a valid credential (agk_ key, a token minted from one, an aot_ token) from an address outside its allowlist. */
export class IpNotAllowedError extends ForbiddenProblem {
  constructor() {
    super('ip_not_allowed');
  }
}

const WORKSPACE_REFUSALS: Record<Exclude<WorkspaceStatus, 'active'>, string> = {
  frozen: 'This workspace is frozen: machine traffic is refused until the freeze is lifted.',
  paused: 'This workspace is paused: machine traffic is refused until it is resumed.',
  archived: 'This workspace is archived: machine traffic is refused.',
};

/** 403 for machine traffic to a workspace that is not active, with top-level error workspace_<status>. */
export class WorkspaceRefusedError extends ForbiddenProblem {
  constructor(readonly workspaceStatus: Exclude<WorkspaceStatus, 'active'>) {
    const code = `workspace_${workspaceStatus}` as const;
    super(code, { detail: WORKSPACE_REFUSALS[workspaceStatus], error: code });
  }
}

export function assertWorkspaceAcceptsTraffic(status: WorkspaceStatus): void {
  if (status !== 'active') throw new WorkspaceRefusedError(status);
}
