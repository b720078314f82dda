import { roleAtLeast, type OperatorRole } from '../auth';
import type { ConsoleChrome, ConsoleSection } from '../core/pages/layout';
import type { OperatorPrincipal } from './operator-principal';

/** Where the header's workspace switcher posts (ADR 0265). */
export const WORKSPACE_SWITCH_PATH = '/app/workspace';

/**
 * Who may follow a link: any member of the current workspace (`member`), its admins and owners,
 * its owners, any signed-in account (`account`: pages of the account itself), or a platform admin.
 */
type LinkAudience = OperatorRole | 'account' | 'platform_admin';

interface NavLink {
  readonly label: string;
  readonly path: string;
  /** The least the page's `@OperatorAuth` asks for; the console-walk test checks they agree. */
  readonly audience: LinkAudience;
}

/**
 * The console's navigation (issue 57), in the order it is shown. Each link is a page whose GET
 * route asks for exactly `audience`: a link is shown only to those the page would let in.
 */
export const CONSOLE_NAV: readonly { readonly title: string; readonly links: readonly NavLink[] }[] = [
  {
    title: 'Fleet',
    links: [
      { label: 'Robots', path: '/app/robots', audience: 'member' },
      { label: 'Enrollment tokens', path: '/app/enrollment-tokens', audience: 'member' },
      { label: 'Cohorts', path: '/app/cohorts', audience: 'member' },
      { label: 'OTA updates', path: '/app/ota-updates', audience: 'member' },
      { label: 'Batch operations', path: '/app/batch-operations', audience: 'member' },
    ],
  },
  {
    title: 'Agents',
    links: [
      { label: 'Service agents and keys', path: '/app/agents', audience: 'member' },
      { label: 'Workspace primary key', path: '/app/agents/workspace-key', audience: 'admin' },
      { label: 'Commands', path: '/app/commands', audience: 'member' },
      { label: 'Gateway rules', path: '/app/gateway-rules', audience: 'admin' },
      { label: 'Approvals', path: '/app/approvals', audience: 'member' },
    ],
  },
  {
    title: 'Observability',
    links: [
      { label: 'Traces', path: '/app/traces', audience: 'member' },
      { label: 'Eval runs', path: '/app/eval_runs', audience: 'member' },
      { label: 'Search', path: '/app/search', audience: 'member' },
      { label: 'Security violations', path: '/app/security-violations', audience: 'member' },
    ],
  },
  {
    title: 'Integrations',
    links: [
      { label: 'Webhooks', path: '/app/webhooks', audience: 'admin' },
      { label: 'Partner engagements', path: '/app/engagements', audience: 'admin' },
      { label: 'SCIM', path: '/app/admin', audience: 'admin' },
      { label: 'Single sign-on', path: '/app/settings/sso', audience: 'owner' },
      { label: 'API tokens', path: '/app/settings/api_tokens', audience: 'admin' },
    ],
  },
  {
    title: 'Workspace',
    links: [
      { label: 'Overview', path: '/app', audience: 'account' },
      { label: 'Getting started', path: '/app/getting-started', audience: 'account' },
      { label: 'Members', path: '/app/members', audience: 'member' },
      { label: 'Settings', path: '/app/settings', audience: 'member' },
      { label: 'Audit log', path: '/app/audit', audience: 'admin' },
      { label: 'Data requests', path: '/app/data-requests', audience: 'owner' },
    ],
  },
  {
    title: 'Account',
    links: [
      { label: 'Security', path: '/app/account/security', audience: 'account' },
      { label: 'Passkeys', path: '/app/account/passkeys', audience: 'account' },
      { label: 'Sessions', path: '/app/account/sessions', audience: 'account' },
    ],
  },
  {
    title: 'Platform',
    links: [
      { label: 'Workspaces', path: '/admin', audience: 'platform_admin' },
      { label: 'Partners', path: '/admin/partners', audience: 'platform_admin' },
    ],
  },
];

const mayFollow = (op: OperatorPrincipal, audience: LinkAudience): boolean => {
  if (audience === 'account') return true;
  if (audience === 'platform_admin') return op.platformAdmin;
  return op.role !== null && roleAtLeast(op.role, audience);
};

/** The console frame of a signed-in operator's page: the navigation this operator may follow. */
export function consoleChrome(op: OperatorPrincipal): ConsoleChrome {
  const current = op.workspaces.find((w) => w.id === op.workspaceId);
  const nav: ConsoleSection[] = CONSOLE_NAV.map((s) => ({
    title: s.title,
    links: s.links.filter((l) => mayFollow(op, l.audience)).map(({ label, path }) => ({ label, path })),
  })).filter((s) => s.links.length > 0);
  return {
    email: op.email,
    workspace: current ? { id: current.id, name: current.name, role: current.role } : null,
    workspaces: op.workspaces.map((w) => ({ id: w.id, name: w.name })),
    nav,
    switchAction: WORKSPACE_SWITCH_PATH,
  };
}
