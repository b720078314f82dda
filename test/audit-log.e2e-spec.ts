import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client } from 'pg';
import { AuditLog, AuditSealer, GENESIS_HASH, chainHash, type AuditEventDto } from '../src/audit';
import { AuditEventsService } from '../src/audit-events';
import { runForRequest } from '../src/core/common/http/request-context';
import { Db } from '../src/core/database/db.service';
import { asOperator, makeFleetOwner } from './enrollment-support';
import { eventually } from './support/eventually';
import { colleague, rowsOf } from './support/fleet';
import { sleep } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, type TestApp } from './support/test-app';
import type { AuditActor } from '../src/auth';
import type { Operator } from './support/console';
import type { Request } from 'express';

const EVENTS = '/api/v1/operator/audit_events';
const ACTOR: AuditActor = { type: 'user', id: randomUUID(), label: 'auditor@example.com' };

describe('audit log', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  const audit = () => t.app.get(AuditLog);
  const db = () => t.app.get(Db);
  const sealer = () => t.app.get(AuditSealer);

  /** One committed event of `workspaceId` (its own transaction); its id. */
  async function write(workspaceId: string, label = 'r', holdMs = 0): Promise<string> {
    const targetId = randomUUID();
    await db().transaction(async (tx) => {
      await audit().record(tx, { workspaceId, action: 'robot.retire', target: { type: 'robot', id: targetId, label }, actor: ACTOR });
      if (holdMs) await sleep(holdMs);
    });
    return targetId;
  }

  const listOf = async (op: Operator, q = '') => (await asOperator(t, op).get(`${EVENTS}${q}`).expect(200)).body;
  const storedOf = (workspaceId: string) =>
    rowsOf(
      t,
      `SELECT a.id, a.target_id, s.hash, s.prev_hash, a.txid::text AS txid
         FROM audit_events a LEFT JOIN audit_seals s ON s.event_id = a.id WHERE a.workspace_id = $1 ORDER BY a.txid, a.id`,
      [workspaceId],
    );

  /** The workspace's events once every one is sealed (by whichever node's sealer runs first). */
  const sealedOf = (workspaceId: string, timeoutMs = 10_000) =>
    eventually(
      async () => {
        const rows = await storedOf(workspaceId);
        expect(rows.filter((r: { hash: string | null }) => r.hash === null)).toEqual([]);
        return rows as { id: string; txid: string; hash: string; prev_hash: string }[];
      },
      { timeoutMs, what: 'every event sealed' },
    );

  it('an event exists exactly when its change commits', async () => {
    const owner = await makeFleetOwner(t);
    const ws = owner.reg.workspaceId;
    const kept = await write(ws, 'kept');
    const rolledBack = randomUUID();
    await expect(
      db().transaction(async (tx) => {
        await audit().record(tx, { workspaceId: ws, action: 'robot.retire', target: { type: 'robot', id: rolledBack }, actor: ACTOR });
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    const targets = (await storedOf(ws)).map((r: { target_id: string }) => r.target_id);
    expect(targets).toContain(kept);
    expect(targets).not.toContain(rolledBack);
  });

  it('takes the actor, client IP, user agent and request id from the request the code runs for', async () => {
    const owner = await makeFleetOwner(t);
    const ws = owner.reg.workspaceId;
    const userId = randomUUID();
    const principal = { kind: 'operator', actor: { type: 'user', id: userId, label: owner.reg.email } };
    const req = {
      principal,
      headers: { 'user-agent': 'curl/8.5', 'x-request-id': 'req-audit-1' },
      id: 'req-audit-1',
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as Request;
    await runForRequest(req, () =>
      db().transaction((tx) => audit().record(tx, { workspaceId: ws, action: 'cohort.create', target: { type: 'cohort', id: 'c1' } })),
    );
    const {
      audit_events: [event],
    } = await eventually(async () => {
      const body = await listOf(owner, '?filter[action]=cohort.create');
      expect(body.count).toBe(1);
      return body;
    });
    expect(event).toMatchObject({
      action: 'cohort.create',
      outcome: 'success',
      actor: { type: 'user', id: userId, label: owner.reg.email },
      target: { type: 'cohort', id: 'c1', label: null },
      ip: '127.0.0.1',
      user_agent: 'curl/8.5',
      request_id: 'req-audit-1',
      changes: null,
    });
    // outside a request, an event without an explicit actor is a bug, not a `system` event
    await expect(db().transaction((tx) => audit().record(tx, { workspaceId: ws, action: 'cohort.create', target: null }))).rejects.toThrow(
      'without an actor',
    );
    // a secret's shape in what someone typed is redacted: the change goes through, the log holds no secret
    const key = 'agk_ab-c_defgh.0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
    await db().transaction((tx) =>
      audit().record(tx, {
        workspaceId: ws,
        action: 'robot.retire',
        target: { type: 'robot', id: 'r-redacted', label: `serial ${key}` },
        changes: { name: [null, `x ${key} y`] },
        actor: ACTOR,
      }),
    );
    const [stored] = await rowsOf(
      t,
      `SELECT target_label, changes FROM audit_events WHERE workspace_id = $1 AND target_id = 'r-redacted'`,
      [ws],
    );
    expect(stored).toEqual({ target_label: 'serial [redacted]', changes: { name: [null, 'x [redacted] y'] } });
  });

  it('seals each workspace chain within 10 s of the commit, and verify recomputes it', async () => {
    const owner = await makeFleetOwner(t);
    const ws = owner.reg.workspaceId;
    const started = Date.now();
    for (let i = 0; i < 5; i++) await write(ws, `robot ${i} "quoted" é`);
    const sealed = await eventually(
      async () => {
        const rows = await storedOf(ws);
        expect(rows.every((r: { hash: string | null }) => r.hash !== null)).toBe(true);
        return rows;
      },
      { timeoutMs: 10_000, what: 'the events sealed' },
    );
    const sealedInMs = Date.now() - started;
    expect(sealedInMs).toBeLessThan(10_000);
    expect(sealed[0].prev_hash).toBe(GENESIS_HASH); // the workspace's registration, then these
    for (let i = 1; i < sealed.length; i++) expect(sealed[i].prev_hash).toBe(sealed[i - 1].hash);

    // the hash covers the event as the API shows it
    const { audit_events: newestFirst } = await listOf(owner);
    const oldest: AuditEventDto = newestFirst[newestFirst.length - 1];
    expect(chainHash(GENESIS_HASH, oldest)).toBe(oldest.hash);

    const verified = (await asOperator(t, owner).get(`${EVENTS}/verify`).expect(200)).body;
    expect(verified).toEqual({ verified: true, events: sealed.length, head: sealed[sealed.length - 1].hash });
  });

  describe('verify finds what was changed in Postgres directly', () => {
    let owner: Operator;
    let rows: { id: string; txid: string; hash: string }[];
    const verify = async () => (await asOperator(t, owner).get(`${EVENTS}/verify`).expect(200)).body;

    beforeEach(async () => {
      owner = await makeFleetOwner(t);
      for (let i = 0; i < 5; i++) await write(owner.reg.workspaceId, `r${i}`);
      rows = await sealedOf(owner.reg.workspaceId);
      expect(await verify()).toMatchObject({ verified: true, events: rows.length });
    });

    it('an edited event', async () => {
      await rowsOf(t, `UPDATE audit_events SET target_label = 'someone else' WHERE id = $1`, [rows[2].id]);
      expect(await verify()).toEqual({ verified: false, first_mismatch_id: rows[2].id });
    });

    it('an edited hash (the event re-hashed to hide an edit)', async () => {
      await rowsOf(t, `UPDATE audit_events SET outcome = 'failure' WHERE id = $1`, [rows[1].id]);
      const dto = (await listOf(owner)).audit_events.find((e: AuditEventDto) => e.id === rows[1].id) as AuditEventDto;
      await rowsOf(t, `UPDATE audit_seals SET hash = $2 WHERE event_id = $1`, [dto.id, chainHash(dto.prev_hash!, dto)]);
      // the edited event now checks, so the next one's link breaks
      expect(await verify()).toEqual({ verified: false, first_mismatch_id: rows[2].id });
    });

    it('a deleted event', async () => {
      await rowsOf(t, `DELETE FROM audit_events WHERE id = $1`, [rows[2].id]);
      expect(await verify()).toEqual({ verified: false, first_mismatch_id: rows[3].id });
    });

    it('the newest events deleted (the chain head is gone)', async () => {
      const [last, beforeLast] = [rows[rows.length - 1], rows[rows.length - 2]];
      await rowsOf(t, `DELETE FROM audit_events WHERE id = ANY($1::uuid[])`, [[beforeLast.id, last.id]]);
      expect(await verify()).toEqual({ verified: false, first_mismatch_id: last.id });
    });

    it('two events reordered', async () => {
      await rowsOf(t, `UPDATE audit_events SET txid = CASE id WHEN $1 THEN $4::xid8 ELSE $3::xid8 END WHERE id IN ($1, $2)`, [
        rows[1].id,
        rows[2].id,
        rows[1].txid,
        rows[2].txid,
      ]);
      const ids = (await storedOf(owner.reg.workspaceId)).map((r: { id: string }) => r.id);
      expect(ids.indexOf(rows[2].id)).toBeLessThan(ids.indexOf(rows[1].id));
      expect(await verify()).toMatchObject({ verified: false });
    });

    it('retention prunes from the start of the chain, which stays verifiable from the first kept event', async () => {
      // a workspace whose first events are past AUDIT_RETENTION_DAYS (365 here): written as they were then
      const ws = randomUUID();
      await rowsOf(
        t,
        `INSERT INTO audit_events (workspace_id, occurred_at, action, outcome, actor_type, actor_id, target_type, target_id)
         SELECT $1, now() - interval '400 days' + g * interval '1 second', 'robot.retire', 'success', 'system', NULL, 'robot', g::text
           FROM generate_series(1, 3) g`,
        [ws],
      );
      for (let i = 0; i < 3; i++) await write(ws, `recent ${i}`);
      const service = t.app.get(AuditEventsService);
      const all = await sealedOf(ws);
      expect(all).toHaveLength(6);
      expect(await service.verify(ws)).toEqual({ verified: true, events: 6, head: all[5].hash });

      // the prune takes the sealing lock: another node's sealer holding it only delays it
      await eventually(async () => expect(await sealer().prune()).toBeGreaterThanOrEqual(3), { timeoutMs: 10_000, what: 'the prune' });
      const kept = await storedOf(ws);
      expect(kept.map((r: { id: string }) => r.id)).toEqual(all.slice(3).map((r: { id: string }) => r.id));
      expect(
        await rowsOf(t, `SELECT 1 FROM audit_seals WHERE event_id = ANY($1::uuid[])`, [all.slice(0, 3).map((r: { id: string }) => r.id)]),
      ).toEqual([]);
      const [chain] = await rowsOf(t, `SELECT pruned_hash FROM audit_chains WHERE workspace_id = $1`, [ws]);
      expect(chain.pruned_hash).toBe(all[2].hash);
      expect(kept[0].prev_hash).toBe(all[2].hash);
      expect(await service.verify(ws)).toEqual({ verified: true, events: 3, head: all[5].hash });

      // deleting the first kept event by hand is still found
      await rowsOf(t, `DELETE FROM audit_events WHERE id = $1`, [kept[0].id]);
      expect(await service.verify(ws)).toEqual({ verified: false, first_mismatch_id: kept[1].id });
    });
  });

  it('pages never skip or repeat while transactions that started earlier commit later', async () => {
    const owner = await makeFleetOwner(t);
    const ws = owner.reg.workspaceId;
    for (let i = 0; i < 40; i++) await write(ws, `before ${i}`);
    // visible once every older writing transaction of the cluster has ended
    await eventually(async () => expect((await listOf(owner, '?filter[action]=robot.retire')).count).toBe(40), {
      what: 'the first 40 listed',
    });
    // writers that keep transactions open for a while, so later transactions commit before earlier ones
    let writing = true;
    const writers = Array.from({ length: 6 }, async (_, w) => {
      let n = 0;
      while (writing) await write(ws, `during ${w}.${n++}`, 20 + ((w * 37 + n * 11) % 120));
    });
    await sleep(100);
    const seen: string[] = [];
    let first: AuditEventDto | undefined;
    let cursor: string | null = null;
    do {
      const body: { audit_events: AuditEventDto[]; next_cursor: string | null } = await listOf(
        owner,
        `?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      first ??= body.audit_events[0];
      seen.push(...body.audit_events.map((e) => e.id));
      cursor = body.next_cursor;
      await sleep(15);
    } while (cursor);
    writing = false;
    await Promise.all(writers);

    expect(new Set(seen).size).toBe(seen.length); // nothing repeated
    // everything at or before the first page's newest event, as the table holds it now, was seen
    const [{ txid }] = await rowsOf(t, `SELECT txid::text AS txid FROM audit_events WHERE id = $1`, [first.id]);
    const expected = await rowsOf(
      t,
      `SELECT id FROM audit_events WHERE workspace_id = $1 AND (txid, id) <= ($2::xid8, $3::uuid) ORDER BY txid DESC, id DESC`,
      [ws, txid, first.id],
    );
    expect(seen).toEqual(expected.map((r: { id: string }) => r.id));
    expect(seen.length).toBeGreaterThan(40);
  }, 60_000);

  it('filters by action (exact and prefix), actor, target and time, and refuses bad ones', async () => {
    const owner = await makeFleetOwner(t);
    const ws = owner.reg.workspaceId;
    const other: AuditActor = { type: 'scim_token', id: randomUUID(), label: null };
    await db().transaction(async (tx) => {
      await audit().record(tx, { workspaceId: ws, action: 'robot.retire', target: { type: 'robot', id: 'r-1' }, actor: ACTOR });
      await audit().record(tx, { workspaceId: ws, action: 'robot.reset', target: { type: 'robot', id: 'r-2' }, actor: other });
      await audit().record(tx, { workspaceId: ws, action: 'cohort.create', target: { type: 'cohort', id: 'c-1' }, actor: ACTOR });
    });
    const mine = new Set(['robot.retire', 'robot.reset', 'cohort.create']); // the workspace's registration and log-in are there too
    const actions = async (q: string) =>
      (await listOf(owner, q)).audit_events
        .map((e: AuditEventDto) => e.action)
        .filter((a: string) => mine.has(a))
        .sort();
    await eventually(async () => expect(await actions('')).toHaveLength(3));
    expect(await actions('?filter[action]=robot.*')).toEqual(['robot.reset', 'robot.retire']);
    expect(await actions('?filter[action]=robot.reset')).toEqual(['robot.reset']);
    expect(await actions('?filter[action]=robot')).toEqual([]);
    expect(await actions(`?filter[actor_id]=${other.id}`)).toEqual(['robot.reset']);
    expect(await actions('?filter[target_id]=c-1')).toEqual(['cohort.create']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await actions(`?filter[since]=${future}`)).toEqual([]);
    expect(await actions(`?filter[until]=${future}`)).toHaveLength(3);
    expect((await listOf(owner, '?filter[action]=robot.*')).count).toBe(2);

    const as = asOperator(t, owner);
    expectProblem(await as.get(`${EVENTS}?cursor=nope`), 400, 'bad-request', { detail: 'invalid_cursor' });
    expectProblem(await as.get(`${EVENTS}?filter[since]=yesterday`), 400, 'bad-request', { detail: 'invalid_since' });
    expectProblem(await as.get(`${EVENTS}?filter[until]=2026-13-45`), 400, 'bad-request', { detail: 'invalid_until' });
    expectProblem(await as.get(`${EVENTS}?limit=201`), 400, 'bad-request', { detail: 'invalid_limit' });
    expectProblem(await as.get(`${EVENTS}/export?since=soon`), 400, 'bad-request', { detail: 'invalid_since' });
  });

  it('is for owners and admins of the workspace only', async () => {
    const owner = await makeFleetOwner(t);
    await write(owner.reg.workspaceId);
    const admin = await colleague(t, owner, 'admin');
    const member = await colleague(t, owner, 'member');
    await asOperator(t, admin, owner.reg.workspaceId).get(EVENTS).expect(200);
    for (const path of [EVENTS, `${EVENTS}/export`, `${EVENTS}/verify`]) {
      expectProblem(await asOperator(t, member, owner.reg.workspaceId).get(path), 403, 'forbidden', { detail: 'insufficient_role' });
      expectProblem(await t.http().get(path), 401, 'unauthorized', { detail: 'session_required' });
    }
    // another workspace's owner sees none of it
    const stranger = await makeFleetOwner(t);
    const seen = (await listOf(stranger)).audit_events as AuditEventDto[];
    expect(seen.length).toBeGreaterThan(0); // its own registration
    expect(seen.filter((e) => e.workspace_id !== stranger.reg.workspaceId)).toEqual([]);
  });

  it('records audit_event.created for webhook subscriptions that name it, not for "*", with the sealed event', async () => {
    const owner = await makeFleetOwner(t);
    const ws = owner.reg.workspaceId;
    const subscribe = async (types: string[]) =>
      (
        await asOperator(t, owner)
          .post('/api/v1/operator/webhook_subscriptions', { url: 'http://127.0.0.1:9/siem', event_types: types })
          .expect(201)
      ).body.webhook_subscription.id as string;
    const named = await subscribe(['audit_event.created']);
    const star = await subscribe(['*']);
    const target = await write(ws, 'for the SIEM');
    const deliveries = await eventually(
      async () => {
        const rows = await rowsOf(
          t,
          `SELECT d.subscription_id, e.data FROM webhook_deliveries d JOIN domain_events e ON e.id = d.event_id
            WHERE d.workspace_id = $1 AND e.type = 'audit_event.created' AND e.data->'audit_event'->'target'->>'id' = $2`,
          [ws, target],
        );
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeoutMs: 10_000, what: 'the audit_event.created delivery' },
    );
    expect(deliveries[0].subscription_id).toBe(named);
    expect(deliveries[0].subscription_id).not.toBe(star);
    expect(deliveries[0].data.audit_event).toMatchObject({ action: 'robot.retire', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('exports 100,000 events as NDJSON, oldest first, with the heap bounded', async () => {
    const owner = await makeFleetOwner(t);
    const ws = owner.reg.workspaceId;
    // one transaction of its own, past the suite's statement timeout (the ids are the test's own UUIDs)
    const actorId = randomUUID();
    const bulk = async (sql: string) => {
      // a client of its own: the app's connections bound every wait to the statement timeout
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await bulk(
      `INSERT INTO audit_events (workspace_id, action, outcome, actor_type, actor_id, actor_label, target_type, target_id, user_agent)
       SELECT '${ws}', 'robot.retire', 'success', 'user', '${actorId}', 'bulk@example.com', 'robot', g::text, repeat('u', 300)
         FROM generate_series(1, 100000) g`,
    );
    try {
      const url = new URL(`${base}${EVENTS}/export`);
      let lines = 0;
      let bytes = 0;
      let firstLine = '';
      // the live heap, collected before each sample so garbage not yet collected does not count;
      // sampled twice mid-stream, with the response paused (a full collection of the suite's
      // heap is slow: it is not done on a timer)
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      gc();
      const baseline = process.memoryUsage().heapUsed;
      const samples: number[] = [];
      let contentType = '';
      await new Promise<void>((resolve, reject) => {
        get(url, { headers: { cookie: owner.cookie } }, (res) => {
          contentType = String(res.headers['content-type']);
          let tail = '';
          const due = [50_000, 90_000];
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            bytes += Buffer.byteLength(chunk);
            const parts = (tail + chunk).split('\n');
            tail = parts.pop()!;
            if (!firstLine && parts.length) firstLine = parts[0]!;
            lines += parts.length;
            if (due.length && lines >= due[0]) {
              due.shift();
              res.pause();
              gc();
              samples.push(process.memoryUsage().heapUsed - baseline);
              res.resume();
            }
          });
          res.on('end', () => (tail === '' ? resolve() : reject(new Error('the export ended mid-line'))));
          res.on('error', reject);
        }).on('error', reject);
      });
      expect(contentType).toContain('application/x-ndjson');
      expect(lines).toBeGreaterThanOrEqual(100_000); // and the workspace's own few
      expect(lines).toBeLessThan(100_020);
      expect(JSON.parse(firstLine)).toMatchObject({ workspace_id: ws }); // oldest first: the workspace's own events come before the seeded ones
      // about 70 MB went out; half-way and near the end, the live heap had grown by a batch of rows
      expect(bytes).toBeGreaterThan(50_000_000);
      const peak = Math.max(...samples);
      console.log(
        `audit export: ${lines} events, ${(bytes / 1e6).toFixed(1)} MB, live heap +${samples.map((b) => (b / 1e6).toFixed(1)).join(' / ')} MB`,
      );
      expect(samples).toHaveLength(2);
      expect(peak).toBeLessThan(16_000_000);
    } finally {
      // a bulk no workspace writes at once: taken out again, so that the suites after this one do
      // not wait behind it for their events to be sealed
      await bulk(
        `WITH gone AS (DELETE FROM audit_events WHERE workspace_id = '${ws}' AND actor_id = '${actorId}' RETURNING id)
         DELETE FROM audit_seals USING gone WHERE event_id = gone.id`,
      );
    }
  }, 120_000);
});
