import { CommittedCredentialEvents, credentialEventOf } from './committed-credential-events';
import { CREDENTIAL_EVENTS_CHANNEL, CredentialEvents, notifyCredentialEventSql } from './credential-events';
import type { DatabaseNotifications } from '../database/database-notifications.service';
import type { BusEvent, EventBus } from './event-bus.service';

const ID = '3f0c2a4e-8d5b-4c1a-9e7f-0a1b2c3d4e5f';

describe('credentialEventOf', () => {
  it('reads the three credential events and an ended operator session as the bus carries them', () => {
    expect(credentialEventOf(JSON.stringify({ type: 'agent.changed', serviceAgentId: ID }))).toEqual({
      type: CredentialEvents.agentChanged,
      serviceAgentId: ID,
    });
    expect(credentialEventOf(JSON.stringify({ type: 'workspace.changed', workspaceId: ID }))).toEqual({
      type: CredentialEvents.workspaceChanged,
      workspaceId: ID,
    });
    expect(credentialEventOf(JSON.stringify({ type: 'credential.changed', credentialId: ID }))).toEqual({
      type: CredentialEvents.credentialChanged,
      credentialId: ID,
    });
    expect(credentialEventOf(JSON.stringify({ type: 'session.ended', sessionId: ID }))).toEqual({ type: 'session.ended', sessionId: ID });
  });

  it('reads the end of a membership (the user whose operator sockets close, ADR 0243)', () => {
    expect(credentialEventOf(JSON.stringify({ type: 'user.membership_ended', userId: ID }))).toEqual({
      type: 'user.membership_ended',
      userId: ID,
    });
  });

  it('keeps only the id of the type (nothing else a payload carries)', () => {
    expect(credentialEventOf(JSON.stringify({ type: 'agent.changed', serviceAgentId: ID, workspaceId: 'w', extra: 1 }))).toEqual({
      type: 'agent.changed',
      serviceAgentId: ID,
    });
  });

  it.each([
    ['no payload', undefined],
    ['an empty payload', ''],
    ['not JSON', 'agent.changed:x'],
    ['JSON null', 'null'],
    ['an array', '[1]'],
    ['another type', JSON.stringify({ type: 'user.sessions_revoked', userId: ID })],
    ["the id of another type's field", JSON.stringify({ type: 'agent.changed', workspaceId: ID })],
    ['an id that is no string', JSON.stringify({ type: 'workspace.changed', workspaceId: 7 })],
  ])('is undefined for %s', (_label, payload) => {
    expect(credentialEventOf(payload)).toBeUndefined();
  });
});

describe('notifyCredentialEventSql', () => {
  it('notifies the channel with the event as JSON, the id from the given SQL expression', () => {
    expect(notifyCredentialEventSql.agentChanged('a.id')).toBe(
      `pg_notify('${CREDENTIAL_EVENTS_CHANNEL}', json_build_object('type', 'agent.changed', 'serviceAgentId', a.id)::text)`,
    );
    expect(notifyCredentialEventSql.workspaceChanged('w.id')).toContain(`'workspace.changed', 'workspaceId', w.id)`);
    expect(notifyCredentialEventSql.credentialChanged('c.id')).toContain(`'credential.changed', 'credentialId', c.id)`);
  });
});

describe('CommittedCredentialEvents', () => {
  const setUp = () => {
    let listener: ((payload?: string) => void) | undefined;
    let listening = false;
    const notifications = {
      listen: jest.fn((channel: string, l: (payload?: string) => void) => {
        expect(channel).toBe(CREDENTIAL_EVENTS_CHANNEL);
        listener = l;
      }),
      isListening: (channel: string) => channel === CREDENTIAL_EVENTS_CHANNEL && listening,
      onConnectionChange: jest.fn(),
    };
    const delivered: BusEvent[] = [];
    const bus = { deliverLocally: (e: BusEvent) => delivered.push(e) };
    const committed = new CommittedCredentialEvents(notifications as unknown as DatabaseNotifications, bus as unknown as EventBus);
    committed.onModuleInit();
    return { committed, notifications, delivered, notify: (p?: string) => listener!(p), setListening: (v: boolean) => (listening = v) };
  };

  it("hands each notified event to this node's bus handlers, and nothing for a reconnect or a stray payload", () => {
    const { notify, delivered } = setUp();
    notify(JSON.stringify({ type: 'agent.changed', serviceAgentId: ID }));
    notify(undefined); // the connection is back: nothing to deliver (the caches were bypassed meanwhile)
    notify('garbage');
    notify(JSON.stringify({ type: 'workspace.changed', workspaceId: ID }));
    expect(delivered).toEqual([
      { type: 'agent.changed', serviceAgentId: ID },
      { type: 'workspace.changed', workspaceId: ID },
    ]);
  });

  it("says whether it is listening, and passes on the connection's changes", () => {
    const { committed, notifications, setListening } = setUp();
    expect(committed.listening).toBe(false);
    setListening(true);
    expect(committed.listening).toBe(true);
    const onChange = () => undefined;
    committed.onListeningChange(onChange);
    expect(notifications.onConnectionChange).toHaveBeenCalledWith(onChange);
  });
});
