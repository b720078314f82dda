import { randomUUID } from 'node:crypto';
import { CLAIM, OP } from '../enrollment-support';

/** One request of a load: when it was sent, how long it took, how it was answered. */
export interface Sample {
  kind: string;
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  detail?: string;
}

/** What the load needs of the app: its address, an agent's key, an enrollment token, an operator's cookie. */
export interface LoadTarget {
  base: string;
  key: string;
  token: string;
  cookie: string;
}

/**
 * Every kind of database work, as the fault suites load it (postgres-stall, postgres-failover):
 * machine reads (the pipelined read lanes), machine writes (the commit lanes), claims (pooled
 * transactions), operator reads (the pool). The writes acknowledged (201) are kept, to be looked
 * for afterwards: message bodies in `messages`, claimed serial numbers in `serials`. `target`
 * is read at each request (the app is made in beforeAll).
 */
export function databaseLoad(target: () => LoadTarget) {
  const messages: string[] = [];
  const serials: string[] = [];
  const call = async (kind: string, path: string, init: RequestInit = {}): Promise<Sample> => {
    const at = Date.now();
    try {
      const res = await fetch(`${target().base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
      const body = (await res.json().catch(() => ({}))) as { detail?: string };
      return { kind, at, ms: Date.now() - at, status: res.status, retryAfter: res.headers.get('retry-after'), detail: body.detail };
    } catch {
      return { kind, at, ms: Date.now() - at, status: 0, retryAfter: null };
    }
  };
  const kinds: Record<string, () => Promise<Sample>> = {
    'machine read': () => call('machine read', '/api/v1/messages?limit=5', { headers: { 'x-agent-api-key': target().key } }),
    'machine write': async () => {
      const body = `load ${randomUUID()}`;
      const s = await call('machine write', '/api/v1/messages', {
        method: 'POST',
        headers: { 'x-agent-api-key': target().key, 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
      if (s.status === 201) messages.push(body);
      return s;
    },
    claim: async () => {
      const serial = `SN-${randomUUID().slice(0, 12)}`;
      const s = await call('claim', CLAIM, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: target().token, serial_number: serial }),
      });
      if (s.status === 201) serials.push(serial);
      return s;
    },
    'operator read': () => call('operator read', `${OP}/enrollment_tokens`, { headers: { cookie: target().cookie } }),
  };
  return { call, kinds, messages, serials };
}

/**
 * Runs each kind of `kinds` in `perKind` loops until `stop`, one request after another; a client
 * answered anything but 200/201 backs off 50 ms (it would wait Retry-After). Every request is in
 * `samples`, in the order answered.
 */
export function runLoad(kinds: Record<string, () => Promise<Sample>>, perKind = 3) {
  const samples: Sample[] = [];
  let running = true;
  const loops = Object.values(kinds).flatMap((fire) =>
    Array.from({ length: perKind }, async () => {
      while (running) {
        const s = await fire();
        samples.push(s);
        if (s.status !== 200 && s.status !== 201) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  const stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return { samples, stop };
}
