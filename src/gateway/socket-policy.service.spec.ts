import { LocalBus } from '../../test/support/local-bus';
import { Clock } from '../core/common/clock/clock';
import { CredentialEvents } from '../core/redis/credential-events';
import { SessionEvents } from '../core/redis/redis-keys';
import { MachineAuthError } from '../credentials';
import { SocketPolicy } from './socket-policy.service';
import { SocketConnection, SocketRegistry } from './socket-registry';
import type { EventBus } from '../core/redis/event-bus.service';
import type { SessionsService } from '../sessions/sessions.service';
import type { SocketTokensService } from '../socket-tokens/socket-tokens.service';
import type { WebSocket } from 'ws';

class ManualClock extends Clock {
  constructor(public t = 1_000_000) {
    super();
  }
  now(): number {
    return this.t;
  }
}

/** Sessions as the policy sees them: every id is live unless ended here (another node's log-out, a SCIM suspension). */
class Sessions {
  readonly ended = new Set<string>();
  reads = 0;
  async liveSessionIds(ids: string[]): Promise<Set<string>> {
    this.reads++;
    return new Set(ids.filter((id) => !this.ended.has(id)));
  }
}

function socket() {
  const closes: [number, string][] = [];
  return { ws: { close: (code: number, reason: string) => closes.push([code, reason]) } as unknown as WebSocket, closes };
}

describe('SocketPolicy', () => {
  let registry: SocketRegistry;
  let bus: LocalBus;
  let clock: ManualClock;
  let policy: SocketPolicy;
  let sessions: Sessions;
  const asSessions = () => sessions as unknown as SessionsService;

  beforeEach(() => {
    sessions = new Sessions();
    registry = new SocketRegistry();
    bus = new LocalBus();
    clock = new ManualClock();
    policy = new SocketPolicy(registry, undefined as unknown as SocketTokensService, asSessions(), bus as unknown as EventBus, clock);
    policy.onModuleInit();
  });

  const operator = (sessionId: string, userId = 'u1') => {
    const s = socket();
    return { ...s, conn: new SocketConnection(s.ws, { kind: 'operator', sessionId, userId }) };
  };

  it('closes live operator sockets of an ended session or a revoked user', () => {
    const a = operator('s1');
    const b = operator('s2', 'u2');
    registry.add(a.conn);
    registry.add(b.conn);
    bus.emit(SessionEvents.sessionEnded, { sessionId: 's1' });
    expect(a.closes).toEqual([[4401, 'session_ended']]);
    expect(b.closes).toEqual([]);
    bus.emit(SessionEvents.userSessionsRevoked, { userId: 'u2' });
    expect(b.closes).toEqual([[4401, 'sessions_revoked']]);
    expect(registry.size).toBe(0);
  });

  it('applies an event that arrived while the upgrade was being verified', () => {
    const verifiedAt = policy.generation;
    bus.emit(SessionEvents.sessionEnded, { sessionId: 'other' });
    bus.emit(SessionEvents.sessionEnded, { sessionId: 's1' });
    const late = operator('s1');
    const unaffected = operator('s3');
    registry.add(late.conn);
    registry.add(unaffected.conn);
    policy.admitted(late.conn, verifiedAt);
    policy.admitted(unaffected.conn, verifiedAt);
    expect(late.closes).toEqual([[4401, 'session_ended']]);
    expect(unaffected.closes).toEqual([]);
  });

  it('ignores events from before the verification', () => {
    bus.emit(SessionEvents.sessionEnded, { sessionId: 's1' });
    const verifiedAt = policy.generation;
    const fresh = operator('s1');
    registry.add(fresh.conn);
    policy.admitted(fresh.conn, verifiedAt);
    expect(fresh.closes).toEqual([]);
  });

  it('assumes the worst when more events arrived than it remembers', () => {
    const verifiedAt = policy.generation;
    for (let i = 0; i < 5000; i++) bus.emit(SessionEvents.sessionEnded, { sessionId: `x${i}` });
    const late = operator('s1');
    registry.add(late.conn);
    policy.admitted(late.conn, verifiedAt);
    expect(late.closes).toEqual([[4401, 'session_ended']]);
  });

  it('fails closed: a credential change that cannot be checked closes the sockets with 1013', async () => {
    const unavailable = { credentialStates: () => Promise.reject(new Error('database unavailable')) };
    bus = new LocalBus();
    policy = new SocketPolicy(registry, unavailable as unknown as SocketTokensService, asSessions(), bus as unknown as EventBus, clock);
    policy.onModuleInit();
    const s = socket();
    const identity = { credentialId: 'c', serviceAgentId: 'a', workspaceId: 'w', scopes: [], credentialExpiresAt: null };
    registry.add(new SocketConnection(s.ws, { kind: 'service_agent', ...identity }));
    bus.emit(CredentialEvents.credentialChanged, { credentialId: 'c' });
    await new Promise((r) => setImmediate(r));
    expect(s.closes).toEqual([[1013, 'recheck_failed']]);
  });

  it('closes an agent socket whose credential has expired', () => {
    const s = socket();
    const conn = new SocketConnection(s.ws, {
      kind: 'service_agent',
      credentialId: 'c',
      serviceAgentId: 'a',
      workspaceId: 'w',
      scopes: [],
      credentialExpiresAt: clock.t + 1,
    });
    registry.add(conn);
    expect(policy.closeIfExpired(conn)).toBe(false);
    clock.t += 1;
    expect(policy.closeIfExpired(conn)).toBe(true);
    expect(s.closes).toEqual([[4401, 'api_key_expired']]);
    expect(registry.get(s.ws)).toBeUndefined();
  });

  describe('a credential expiry', () => {
    const agentSocket = (credentialExpiresAt: number | null) => {
      const s = socket();
      const conn = new SocketConnection(s.ws, {
        kind: 'service_agent',
        credentialId: 'c',
        serviceAgentId: 'a',
        workspaceId: 'w',
        scopes: [],
        credentialExpiresAt,
      });
      registry.add(conn);
      return { ...s, conn };
    };
    /** A policy whose re-checks read `expiresAt()` as the credential's expiry. */
    const withExpiry = (expiresAt: () => Date | null) => {
      const tokens = {
        credentialStates: async (ids: string[]) => new Map(ids.map((id) => [id, { credentialExpiresAt: expiresAt() }])),
        assertAccepted: () => undefined,
      };
      bus = new LocalBus();
      policy = new SocketPolicy(registry, tokens as unknown as SocketTokensService, asSessions(), bus as unknown as EventBus, clock);
      policy.onModuleInit();
    };
    /** Real time and the policy's clock move together. */
    const advance = (ms: number) => {
      clock.t += ms;
      jest.advanceTimersByTime(ms);
    };

    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
    afterEach(() => {
      policy.onApplicationShutdown();
      jest.useRealTimers();
    });

    it('learnt by a re-check after connect (a rotation gave the key an end) closes its sockets with 4401 when it comes', async () => {
      let expiresAt: Date | null = null;
      withExpiry(() => expiresAt);
      const one = agentSocket(null);
      const two = agentSocket(null);
      expiresAt = new Date(clock.t + 2000);
      bus.emit(CredentialEvents.credentialChanged, { credentialId: 'c' });
      await new Promise((r) => setImmediate(r));
      expect(one.conn.identity).toMatchObject({ credentialExpiresAt: clock.t + 2000 });
      advance(1999);
      expect([one.closes, two.closes]).toEqual([[], []]);
      advance(2);
      expect([one.closes, two.closes]).toEqual([[[4401, 'api_key_expired']], [[4401, 'api_key_expired']]]);
      expect(registry.size).toBe(0);
    });

    it('known at connect closes the socket when it comes, not only at the next sweep', () => {
      withExpiry(() => null);
      const s = agentSocket(clock.t + 500);
      policy.admitted(s.conn, policy.generation);
      advance(499);
      expect(s.closes).toEqual([]);
      advance(2);
      expect(s.closes).toEqual([[4401, 'api_key_expired']]);
    });

    it('waits on when the clock has not reached it yet as the timer fires', () => {
      withExpiry(() => null);
      const s = agentSocket(clock.t + 500);
      policy.admitted(s.conn, policy.generation);
      jest.advanceTimersByTime(1000); // real time went on, the service clock did not
      expect(s.closes).toEqual([]);
      advance(500);
      expect(s.closes).toEqual([[4401, 'api_key_expired']]);
    });
  });

  describe('while the event bus is down', () => {
    const identity = (credentialId: string) => ({
      kind: 'service_agent' as const,
      credentialId,
      serviceAgentId: 'a',
      workspaceId: 'w',
      scopes: [],
      credentialExpiresAt: null,
    });
    const flush = () => new Promise((r) => setImmediate(r));

    function withStates(states: () => Promise<Map<string, string>>) {
      const tokens = {
        credentialStates: jest.fn(states),
        assertAccepted: (state: string) => {
          if (state === 'revoked') throw new MachineAuthError('api_key_revoked');
        },
      };
      bus = new LocalBus();
      policy = new SocketPolicy(registry, tokens as unknown as SocketTokensService, asSessions(), bus as unknown as EventBus, clock);
      policy.onModuleInit();
      return tokens;
    }

    afterEach(() => {
      policy.onApplicationShutdown();
      jest.useRealTimers();
    });

    it('re-reads every agent socket at once and every 500 ms, closing those whose credential was revoked meanwhile', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate'] });
      let revoked = new Set<string>();
      const tokens = withStates(async () => new Map(['c1', 'c2'].map((id) => [id, revoked.has(id) ? 'revoked' : 'usable'])));
      const one = socket();
      const two = socket();
      registry.add(new SocketConnection(one.ws, identity('c1')));
      registry.add(new SocketConnection(two.ws, identity('c2')));

      bus.setHealthy(false);
      await flush();
      expect(tokens.credentialStates).toHaveBeenCalledTimes(1);
      expect(one.closes).toEqual([]);

      revoked = new Set(['c2']); // revoked on another node; no event arrives
      jest.advanceTimersByTime(500);
      await flush();
      expect(two.closes).toEqual([[4401, 'api_key_revoked']]);
      expect(one.closes).toEqual([]);

      bus.setHealthy(true);
      await flush();
      const calls = tokens.credentialStates.mock.calls.length;
      jest.advanceTimersByTime(2000);
      await flush();
      expect(tokens.credentialStates.mock.calls.length).toBe(calls); // no polling once the bus is back
    });

    it("re-reads every operator socket's session too, closing those whose session ended meanwhile", async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate'] });
      withStates(async () => new Map());
      const kept = operator('s1');
      const ended = operator('s2', 'u2');
      registry.add(kept.conn);
      registry.add(ended.conn);
      bus.setHealthy(false);
      await flush();
      expect(sessions.reads).toBe(1);
      sessions.ended.add('s2'); // ended on another node (log-out, password reset, SCIM suspension); no event arrives
      jest.advanceTimersByTime(500);
      await flush();
      expect(ended.closes).toEqual([[4401, 'session_ended']]);
      expect(kept.closes).toEqual([]);
    });

    it('a failed read while the bus is down leaves the sockets open (the next round retries)', async () => {
      withStates(() => Promise.reject(new Error('database unavailable')));
      const s = socket();
      registry.add(new SocketConnection(s.ws, identity('c1')));
      bus.setHealthy(false);
      await flush();
      expect(s.closes).toEqual([]);
    });

    it('re-reads once when the bus comes back (events may have been missed)', async () => {
      const tokens = withStates(async () => new Map([['c1', 'revoked']]));
      const s = socket();
      registry.add(new SocketConnection(s.ws, identity('c1')));
      bus.setHealthy(true);
      await flush();
      expect(tokens.credentialStates).toHaveBeenCalledTimes(1);
      expect(s.closes).toEqual([[4401, 'api_key_revoked']]);
    });
  });
});
