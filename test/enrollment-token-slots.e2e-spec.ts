import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS_TABLE } from '../src/core/database/data-source-options';
import { runMigrations } from '../src/core/database/migrate';
import { ENROLLMENT_TOKEN_SLOTS } from '../src/enrollment/enrollment-rules';
import { asOperator, claim, issueToken, makeFleetOwner, OP, statusCounts, uniqueSerial } from './enrollment-support';
import { db, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { dropScratchDatabase } from './support/scratch-database';
import { createTestApp, TestApp } from './support/test-app';

interface Slot {
  slot: number;
  capacity: number;
  claims_count: number;
}

/**
 * A token's claims are counted in min(max_claims, ENROLLMENT_TOKEN_SLOTS) slots, so claims of one
 * fleet token do not all pass through one row lock (migrations/1763700044000-EnrollmentTokenSlots.ts).
 * Exactness under races is enrollment-concurrency's (the 200-way race, the revoke race); here:
 * the layout, the spreading, filling every slot, the revoke closing them, and the migration.
 */
describe('enrollment token slots', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000' } });
    base = await t.listen();
  });
  afterAll(() => t.close());

  const slotsOf = (tokenId: string): Promise<Slot[]> =>
    db(t).query(`SELECT slot, capacity, claims_count FROM enrollment_token_slots WHERE token_id = $1 ORDER BY slot`, [tokenId]);

  it.each([
    [1, [1]],
    [3, [1, 1, 1]],
    [10, [2, 2, 1, 1, 1, 1, 1, 1]],
    [100, [13, 13, 13, 13, 12, 12, 12, 12]],
    [100_000, Array(8).fill(12_500)],
  ])('a token with max_claims %d has slots of capacities %j, none counted', async (maxClaims, capacities) => {
    const op = await makeFleetOwner(t, 'enterprise');
    const token = await issueToken(t, op, { max_claims: maxClaims });
    const slots = await slotsOf(token.id);
    expect(slots.map((s) => s.slot)).toEqual(capacities.map((_, i) => i));
    expect(slots.map((s) => s.capacity)).toEqual(capacities);
    expect(slots.every((s) => s.claims_count === 0)).toBe(true);
    expect(slots.length).toBeLessThanOrEqual(ENROLLMENT_TOKEN_SLOTS);
  });

  it('spreads the claims of one token over its slots', async () => {
    const op = await makeFleetOwner(t, 'enterprise');
    const token = await issueToken(t, op, { max_claims: 1000 });
    for (let i = 0; i < 40; i++) await claim(t, { token: token.token, serial_number: uniqueSerial() }, base).expect(201);
    const slots = await slotsOf(token.id);
    expect(slots.reduce((n, s) => n + s.claims_count, 0)).toBe(40);
    // each claim starts from a random slot: all 40 in fewer than 3 slots has a chance below 1e-27
    expect(slots.filter((s) => s.claims_count > 0).length).toBeGreaterThanOrEqual(3);
    const listed = await asOperator(t, op).get(`${OP}/enrollment_tokens`).expect(200);
    expect(listed.body.enrollment_tokens.find((x: { id: string }) => x.id === token.id)).toMatchObject({
      claims_count: 40,
      status: 'usable',
    });
  });

  it('claims one after another fill every slot, whichever slot each starts from, then the token is exhausted', async () => {
    const op = await makeFleetOwner(t, 'enterprise');
    const token = await issueToken(t, op, { max_claims: 10 });
    for (let i = 0; i < 10; i++) await claim(t, { token: token.token, serial_number: uniqueSerial() }, base).expect(201);
    expect((await slotsOf(token.id)).map((s) => s.claims_count)).toEqual([2, 2, 1, 1, 1, 1, 1, 1]);
    expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial() }, base), 409, 'conflict', {
      detail: 'enrollment_exhausted',
    });
    const listed = await asOperator(t, op).get(`${OP}/enrollment_tokens`).expect(200);
    expect(listed.body.enrollment_tokens.find((x: { id: string }) => x.id === token.id)).toMatchObject({
      claims_count: 10,
      status: 'exhausted',
    });
  });

  it('racing claims on the last free places of a token all settle: exact, and none is a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const op = await makeFleetOwner(t, 'enterprise');
      const token = await issueToken(t, op, { max_claims: 8 });
      const responses = await Promise.all(
        Array.from({ length: 150 }, () => claim(t, { token: token.token, serial_number: uniqueSerial() }, base)),
      );
      expect({ round, statuses: statusCounts(responses) }).toEqual({ round, statuses: { 201: 8, 409: 142 } });
      expect((await slotsOf(token.id)).every((s) => s.claims_count === s.capacity)).toBe(true);
    }
  });

  it('a revoke closes every slot at the count it answers', async () => {
    const op = await makeFleetOwner(t, 'enterprise');
    const token = await issueToken(t, op, { max_claims: 100 });
    for (let i = 0; i < 5; i++) await claim(t, { token: token.token, serial_number: uniqueSerial() }, base).expect(201);
    const revoked = await asOperator(t, op).post(`${OP}/enrollment_tokens/${token.id}/revoke`).expect(200);
    expect(revoked.body.enrollment_token).toMatchObject({ claims_count: 5, status: 'revoked' });
    const slots = await slotsOf(token.id);
    expect(slots.every((s) => s.capacity === s.claims_count)).toBe(true);
    expect(slots.reduce((n, s) => n + s.claims_count, 0)).toBe(5);
    // a second revoke keeps it so
    const again = await asOperator(t, op).post(`${OP}/enrollment_tokens/${token.id}/revoke`).expect(200);
    expect(again.body.enrollment_token).toMatchObject({ claims_count: 5, revoked_at: revoked.body.enrollment_token.revoked_at });
  });

  describe('the migration', () => {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    const name = `agentnet_slots_${randomBytes(4).toString('hex')}`;
    let scratch: DataSource;
    let scratchUrl = '';

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      scratchUrl = url.toString();
      await runMigrations(scratchUrl);
      scratch = await new DataSource({ ...dataSourceOptions({ databaseUrl: scratchUrl, dbPoolSize: 2 }), entities: [] }).initialize();
    });

    afterAll(async () => {
      await scratch?.destroy();
      await dropScratchDatabase(admin, name);
      await admin.end();
    });

    /** Undoes the migrations after the slots' one, then that one (later migrations come and go). */
    const undoThroughSlots = async () => {
      for (;;) {
        const [last] = await scratch.query(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id DESC LIMIT 1`);
        await scratch.undoLastMigration({ transaction: 'each' });
        if (last.name === 'EnrollmentTokenSlots1763700044000') return;
      }
    };

    it('moves each count into slots (filled in order, a revoked token closed) and back', async () => {
      await undoThroughSlots();
      const [{ id: workspaceId }] = await scratch.query(`INSERT INTO workspaces (name, slug) VALUES ('W', 'w') RETURNING id`);
      const tokens: Array<[number, number, boolean]> = [
        // max_claims, claims_count, revoked
        [1, 0, false],
        [1, 1, false],
        [10, 5, false],
        [100, 100, false],
        [100, 30, true],
      ];
      const ids: string[] = [];
      for (const [max, count, revoked] of tokens) {
        const [{ id }] = await scratch.query(
          `INSERT INTO enrollment_tokens (workspace_id, prefix, secret_hash, max_claims, claims_count, expires_at, revoked_at, scopes)
           VALUES ($1, $2, $3, $4, $5, now() + interval '1 day', $6, '{}') RETURNING id`,
          [workspaceId, randomBytes(8).toString('hex'), randomBytes(32), max, count, revoked ? new Date() : null],
        );
        ids.push(id);
      }
      await runMigrations(scratchUrl);
      const slots = async (id: string): Promise<Array<[number, number]>> =>
        (await scratch.query(`SELECT capacity, claims_count FROM enrollment_token_slots WHERE token_id = $1 ORDER BY slot`, [id])).map(
          (s: Slot) => [s.capacity, s.claims_count],
        );
      expect(await slots(ids[0])).toEqual([[1, 0]]);
      expect(await slots(ids[1])).toEqual([[1, 1]]);
      expect(await slots(ids[2])).toEqual([
        [2, 2],
        [2, 2],
        [1, 1],
        [1, 0],
        [1, 0],
        [1, 0],
        [1, 0],
        [1, 0],
      ]);
      expect(await slots(ids[3])).toEqual([
        [13, 13],
        [13, 13],
        [13, 13],
        [13, 13],
        [12, 12],
        [12, 12],
        [12, 12],
        [12, 12],
      ]);
      expect(await slots(ids[4])).toEqual([
        [13, 13],
        [13, 13],
        [4, 4],
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
      const columns = await scratch.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'enrollment_tokens' AND column_name = 'claims_count'`,
      );
      expect(columns).toEqual([]);

      await undoThroughSlots();
      const back = await scratch.query(`SELECT id, claims_count FROM enrollment_tokens WHERE id = ANY($1)`, [ids]);
      expect(ids.map((id) => back.find((r: { id: string }) => r.id === id).claims_count)).toEqual(tokens.map(([, count]) => count));
      await runMigrations(scratchUrl);
    });
  });
});
