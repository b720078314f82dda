import { Client } from 'pg';
import { asOperator, claim, issueToken, makeFleetOwner, OP, statusCounts } from './enrollment-support';
import { addMembership, makeOperator, type Operator } from './support/console';
import { db, TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Agent slugs at fleet size (issue 51, item 5). Agents claimed from tokens without a serial are all
 * named "Enrolled agent"; a slug that is taken used to get a random 4-hex suffix, 65,536 values in
 * all, so claims failed with 500 ("did not settle in 3 attempts (slug)") more often as the fleet
 * grew and always past 65,536 agents. The last candidate is now the slug with the agent's own id.
 */
describe('agent slugs at fleet size', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000' } });
    base = await t.listen();
  });
  afterAll(() => t.close());

  it("the first agent of a name takes the name's slug, the next ones the slug and the start of their id", async () => {
    const op = await makeFleetOwner(t, 'enterprise');
    const agents = [];
    for (let i = 0; i < 3; i++) {
      const token = await issueToken(t, op); // single-use: a claim without a serial
      agents.push((await claim(t, { token: token.token }).expect(201)).body.service_agent);
    }
    expect(agents[0].slug).toBe('enrolled-agent');
    for (const agent of agents.slice(1)) {
      // the full id only when the first 4 digits are taken too (1 in 65,536 here)
      expect(agent.slug).toMatch(new RegExp(`^enrolled-agent-(${agent.id.slice(0, 4)}|${agent.id})$`));
    }
  });

  describe('a workspace of 100,000 agents holding every slug the random suffix could give', () => {
    const FLEET = 100_000;
    const CLAIMS = 50;
    /** The fleet's workspace, kept between runs: 100,000 rows take seconds to insert and more to delete. */
    const FLEET_SLUG = 'test-fleet-of-100000-enrolled-agents';
    let op: Operator;
    let fleetId: string;
    const asOwner = () => asOperator(t, op, fleetId);
    const visibleAgents = async () =>
      (await db(t).query(`SELECT count(*)::int AS n FROM service_agents WHERE workspace_id = $1 AND NOT hidden`, [fleetId]))[0].n;

    beforeAll(async () => {
      op = await makeOperator(t);
      // a client of the test's own: the bulk insert takes longer than the service's statement timeout
      const pg = new Client({ connectionString: process.env.DATABASE_URL });
      await pg.connect();
      try {
        await pg.query('BEGIN');
        await pg.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [FLEET_SLUG]);
        await pg.query(`INSERT INTO workspaces (name, slug, plan) VALUES ('Fleet', $1, 'enterprise') ON CONFLICT (slug) DO NOTHING`, [
          FLEET_SLUG,
        ]);
        [{ id: fleetId }] = (await pg.query(`SELECT id FROM workspaces WHERE slug = $1`, [FLEET_SLUG])).rows;
        // "enrolled-agent" and all 65,536 "enrolled-agent-<4 hex>", then agents with the id-suffixed
        // slug up to FLEET, in one statement (once: a later run finds them)
        await pg.query(
          `INSERT INTO service_agents (workspace_id, name, slug, scopes)
           SELECT $1, 'Enrolled agent',
                  CASE WHEN g = 0 THEN 'enrolled-agent'
                       WHEN g <= 65536 THEN 'enrolled-agent-' || lpad(to_hex(g - 1), 4, '0')
                       ELSE 'enrolled-agent-' || gen_random_uuid() END,
                  '{}'
             FROM generate_series(0, $2 - 1) g
            WHERE NOT EXISTS (SELECT FROM service_agents WHERE workspace_id = $1 AND slug = 'enrolled-agent')`,
          [fleetId, FLEET],
        );
        await pg.query('COMMIT');
      } finally {
        await pg.end();
      }
      await addMembership(t, op.reg.email, fleetId, 'owner');
      expect(await visibleAgents()).toBeGreaterThanOrEqual(FLEET);
    });

    it(`${CLAIMS} concurrent claims all succeed, each agent slugged with its own id`, async () => {
      const before = await visibleAgents();
      // single-use tokens: claims without a serial, each named "Enrolled agent"
      const tokens = await Promise.all(
        Array.from({ length: CLAIMS }, async () => (await asOwner().post(`${OP}/enrollment_tokens`).expect(201)).body.enrollment_token),
      );
      const responses = await Promise.all(tokens.map((token) => claim(t, { token: token.token }, base)));
      expect(statusCounts(responses)).toEqual({ 201: CLAIMS });
      for (const { body } of responses) {
        expect(body.service_agent.name).toBe('Enrolled agent');
        expect(body.service_agent.slug).toBe(`enrolled-agent-${body.service_agent.id}`);
      }
      expect(await visibleAgents()).toBe(before + CLAIMS);
    });

    it('an operator creating an agent of that name gets one too', async () => {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => asOwner().post(`${OP}/service_agents`, { name: 'Enrolled agent' })),
      );
      expect(statusCounts(responses)).toEqual({ 201: 5 });
      for (const { body } of responses) expect(body.service_agent.slug).toBe(`enrolled-agent-${body.service_agent.id}`);
    });
  });
});
