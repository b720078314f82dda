import { DOMAIN_EVENT_TYPES } from '../events/domain-event-types';
import { recordEventsSql } from '../events/domain-events.repository';
import { SOCKET_SCOPES, type SocketScope } from '../socket-tokens/socket-scopes';
import { AUTH_POLICY, EngagementAuth, MachineAuth, OperatorAuth, PartnerAuth } from './auth-policy';
import { canManage, OPERATOR_ROLES, roleAtLeast, type OperatorRole } from './roles';
import { holdsScopes, type MachineScope } from './scopes';
import type { Outbox } from '../events/outbox.service';

/*
 * Scopes, roles and event types are unions, so a typo does not compile. Each line after a
 * `// @ts-expect-error` below is such a typo. Jest runs ts-jest with diagnostics off, so these
 * lines are checked by `tsc -p tsconfig.json --noEmit` (npm run check), not by jest: correct one
 * of the typos (or widen a parameter back to string) and tsc fails with "Unused '@ts-expect-error'
 * directive" on its line. The positive cases beside them run and are asserted here.
 */

class Routes {
  @MachineAuth('messages:read', 'messages:write')
  machine() {}

  // @ts-expect-error: 'mesages:read' is not a machine scope
  @MachineAuth('mesages:read')
  machineTypo() {}

  // @ts-expect-error: a partner scope is not a machine scope
  @MachineAuth('engagements:read')
  machineWithPartnerScope() {}

  @PartnerAuth('engagements:read')
  partner() {}

  // @ts-expect-error: 'engagement:read' is not a partner scope
  @PartnerAuth('engagement:read')
  partnerTypo() {}

  @EngagementAuth('engagement_events:write')
  engagement() {}

  // @ts-expect-error: 'engagement_events:wirte' is not an engagement scope
  @EngagementAuth('engagement_events:wirte')
  engagementTypo() {}

  @OperatorAuth({ role: 'owner' })
  owner() {}

  // @ts-expect-error: 'ownr' is not an operator role
  @OperatorAuth({ role: 'ownr' })
  ownerTypo() {}
}

const policyOf = (method: () => void): unknown => Reflect.getMetadata(AUTH_POLICY, method);

describe('scopes and roles are typed', () => {
  it('records the scopes and role a route declares', () => {
    expect(policyOf(Routes.prototype.machine)).toEqual({
      kind: 'machine',
      rateLimit: 'principal',
      scopes: ['messages:read', 'messages:write'],
    });
    expect(policyOf(Routes.prototype.partner)).toEqual({ kind: 'partner', rateLimit: 'principal', scopes: ['engagements:read'] });
    expect(policyOf(Routes.prototype.engagement)).toEqual({
      kind: 'engagement',
      rateLimit: 'principal',
      scopes: ['engagement_events:write'],
    });
    expect(policyOf(Routes.prototype.owner)).toEqual({ kind: 'operator', rateLimit: 'none', role: 'owner' });
  });

  it('holds a route only with every scope it lists', () => {
    const held: MachineScope[] = ['messages:read', 'tasks:read'];
    expect(holdsScopes(held, ['messages:read'])).toBe(true);
    expect(holdsScopes(held, [])).toBe(true);
    expect(holdsScopes(held, ['messages:read', 'messages:write'])).toBe(false);
    // @ts-expect-error: 'tasks:raed' is not a scope
    expect(holdsScopes(held, ['tasks:raed'])).toBe(false);
  });

  it('ranks roles: an owner is an admin and a member, a member neither', () => {
    const at = (role: OperatorRole) => OPERATOR_ROLES.filter((least) => roleAtLeast(role, least));
    expect(at('owner')).toEqual(['owner', 'admin', 'member']);
    expect(at('admin')).toEqual(['admin', 'member']);
    expect(at('member')).toEqual(['member']);
    expect(OPERATOR_ROLES.filter(canManage)).toEqual(['owner', 'admin']);
    // @ts-expect-error: 'ownr' is not an operator role
    expect(roleAtLeast('ownr', 'member')).toBe(false);
  });

  it('types socket scopes as the machine scopes a socket uses', () => {
    const socket: SocketScope[] = [
      'sockets:connect',
      // @ts-expect-error: 'sockets:conect' is not a socket scope
      'sockets:conect',
      // @ts-expect-error: a machine scope a socket does not use
      'messages:read',
    ];
    expect(SOCKET_SCOPES).toContain(socket[0]);
    expect(SOCKET_SCOPES).not.toContain(socket[1]);
  });
});

describe('domain event types are typed where an event is recorded', () => {
  it("the outbox's record takes a DomainEventType", () => {
    const recorded: Parameters<Outbox['record']>[2][] = [
      'robot.retired',
      // @ts-expect-error: 'robot.retierd' is not a domain event type
      'robot.retierd',
    ];
    expect(DOMAIN_EVENT_TYPES).toContain(recorded[0]);
    expect(DOMAIN_EVENT_TYPES).not.toContain(recorded[1]);
  });

  it('recordEventsSql takes a DomainEventType, and refuses an unknown one at run time too', () => {
    const at = { name: 'events', from: 'c', workspaceId: '$1', data: `'{}'::jsonb` };
    expect(recordEventsSql('agent_command.created', at)).toContain(`'agent_command.created'`);
    // @ts-expect-error: 'agent_command.create' is not a domain event type
    expect(() => recordEventsSql('agent_command.create', at)).toThrow('unknown domain event type "agent_command.create"');
  });
});
