import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AuditLog, AuditSealer, chainHash, type AuditEntry } from '../src/audit';
import { runForRequest } from '../src/core/common/http/request-context';
import { Db } from '../src/core/database/db.service';
import { asOperator } from './enrollment-support';
import { makeOperator, type Operator } from './support/console';
import { eventually } from './support/eventually';
import { colleague, rowsOf } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, type TestApp } from './support/test-app';
import type { AuditActor } from '../src/auth';
import type { Request } from 'express';

const PAGE = '/app/audit';
const EVENTS = '/api/v1/operator/audit_events';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const VERIFY_SCRIPT = join(__dirname, '..', 'docs', 'audit-verify.sh');
const GENESIS = '0'.repeat(64);

const XSS = '<script>alert("pwned")</script>';
const ACTOR: AuditActor = { type: 'user', id: randomUUID(), label: 'auditor@example.com' };

/** The event ids a page lists, in the order it lists them. */
const idsOnPage = (text: string) => [...text.matchAll(/data-audit-event-id="([0-9a-f-]{36})"/g)].map((m) => m[1]);
/** The href of an element with that id (entities decoded, as a browser would follow it). */
const hrefOf = (text: string, id: string) =>
  new RegExp(`<a id="${id}" href="([^"]*)"`)
    .exec(text)?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"') ?? null;

/** Runs docs/audit-verify.sh on `input`: its output and exit code. */
function runVerifyScript(input: string, args: string[] = []): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile('bash', [VERIFY_SCRIPT, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(new Error(`audit-verify.sh did not run: ${error.message}`));
      resolve({ code: error ? Number(error.code) : 0, out: stdout.trim(), err: stderr });
    });
    child.stdin!.end(input);
  });
}

describe('/app/audit, the audit log console page', () => {
  let t: TestApp;
  let owner: Operator;
  let ws: string;

  const audit = () => t.app.get(AuditLog);

  /** One committed event; with `request`, recorded as if for a request from that user agent (its principal's actor). */
  async function record(
    entry: Omit<AuditEntry, 'workspaceId'> & { workspaceId?: string },
    request?: { userAgent: string; actor: AuditActor },
  ) {
    const e: AuditEntry = { workspaceId: ws, ...entry, ...(request ? {} : { actor: entry.actor ?? ACTOR }) };
    const write = () => t.app.get(Db).transaction((tx) => audit().record(tx, e));
    if (!request) return write();
    const req = {
      principal: { kind: 'operator', actor: request.actor },
      headers: { 'user-agent': request.userAgent },
      id: `req-${randomUUID()}`,
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as Request;
    return runForRequest(req, write);
  }

  const page = (op: Operator, q = '', workspaceId = ws) =>
    t.http().get(`${PAGE}${q}`).set('cookie', op.cookie).set('accept', HTML).set('x-workspace-id', workspaceId);
  const listed = async (op: Operator, q = '') => (await asOperator(t, op, ws).get(`${EVENTS}${q}`).expect(200)).body;

  const targetIds: string[] = [];
  let writtenAt = { before: '', between: '', after: '' };

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeOperator(t);
    ws = owner.reg.workspaceId;
    writtenAt.before = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      targetIds.push(id);
      await record({ action: 'robot.retire', target: { type: 'robot', id, label: `SN-${i}` } });
    }
    await new Promise((resolve) => setTimeout(resolve, 1100)); // occurred_at is the transaction's start
    writtenAt.between = new Date(Date.now() - 500).toISOString();
    await record({ action: 'gateway_rule.delete', target: { type: 'gateway_rule', id: randomUUID(), label: 'old rule' } });
    await record({
      action: 'gateway_rule.create',
      target: { type: 'gateway_rule', id: randomUUID(), label: `rule ${XSS}` },
      changes: { scopes: [null, ['messages:read']], name: ['old "name"', `new ${XSS}`] },
    });
    await record(
      { action: 'session.end', target: { type: 'user', id: randomUUID(), label: 'bob@example.com' } },
      { userAgent: `Mozilla/5.0 ${XSS} "quoted" <img src=x onerror=alert(1)>`, actor: { type: 'user', id: randomUUID(), label: XSS } },
    );
    writtenAt = { ...writtenAt, after: new Date(Date.now() + 1000).toISOString() };
    // every one of them listed by the API (its transaction and every older one has ended)
    await eventually(async () => expect((await listed(owner, '?filter[actor_id]=' + ACTOR.id)).count).toBe(5), {
      what: 'the events listed',
    });
  });
  afterAll(() => t.close());

  describe('who reaches it', () => {
    it('an owner and an admin: 200 HTML, the page headers of the console', async () => {
      const admin = await colleague(t, owner, 'admin');
      for (const op of [owner, admin]) {
        const res = await page(op).expect(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-security-policy']).toContain("default-src 'none'");
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.text).toContain('<h1 id="audit-title">Audit log</h1>');
        expect(idsOnPage(res.text).length).toBeGreaterThanOrEqual(6);
      }
    });

    it('a member: the 403 page, without any event; a JSON client a problem; no session: to the log-in page', async () => {
      const member = await colleague(t, owner, 'member');
      const res = await page(member).expect(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('data-detail="insufficient_role"');
      expect(res.text).not.toContain('data-audit-event-id');
      expect(res.text).not.toContain('SN-0');
      const json = await t.http().get(PAGE).set('cookie', member.cookie).set('x-workspace-id', ws).set('accept', 'application/json');
      expectProblem(json, 403, 'forbidden', { detail: 'insufficient_role' });
      const anon = await t.http().get(PAGE).set('accept', HTML);
      expect(anon.status).toBe(302);
      expect(anon.headers.location).toMatch(/^\/users\/log-in/);
    });

    it('the overview links to it for owners and admins, not for members', async () => {
      const member = await colleague(t, owner, 'member');
      const asOwner = await t.http().get('/app').set('cookie', owner.cookie).set('x-workspace-id', ws).expect(200);
      expect(asOwner.text).toContain('href="/app/audit"');
      const asMember = await t.http().get('/app').set('cookie', member.cookie).set('x-workspace-id', ws).expect(200);
      expect(asMember.text).not.toContain('href="/app/audit"');
    });

    it('another workspace sees its own events only', async () => {
      const other = await makeOperator(t);
      const res = await page(other, '', other.reg.workspaceId).expect(200);
      const mine = new Set(idsOnPage((await page(owner).expect(200)).text));
      expect(idsOnPage(res.text).filter((id) => mine.has(id))).toEqual([]);
    });
  });

  it('lists what the API lists, newest first, with time, action, outcome, actor, target and ip', async () => {
    const api = await listed(owner);
    const res = await page(owner).expect(200);
    expect(idsOnPage(res.text)).toEqual(api.audit_events.map((e: { id: string }) => e.id));
    expect(res.text).toContain(`<span id="audit-count">${api.count}</span> events match.`);
    const newest = api.audit_events[0];
    expect(newest.action).toBe('session.end');
    const row = new RegExp(`<tr data-audit-event-id="${newest.id}">[\\s\\S]*?</tr>`).exec(res.text)![0];
    expect(row).toContain(`<time datetime="${newest.occurred_at}">${newest.occurred_at.replace('T', ' ').slice(0, 23)} UTC</time>`);
    expect(row).toContain('<code class="action">session.end</code>');
    expect(row).toContain('<td class="outcome-success">success</td>');
    expect(row).toContain('<small>(user)</small>');
    expect(row).toContain('bob@example.com');
    expect(row).toContain('<td class="ip">127.0.0.1');
    // a target id links to the page filtered by it
    expect(row).toContain(`href="/app/audit?filter%5Btarget_id%5D=${newest.target.id}"`);
  });

  it('renders every value inert: labels, changes, user agents and the echoed filters', async () => {
    const res = await page(
      owner,
      `?filter[action]=${encodeURIComponent(`x${XSS}`)}&filter[target_id]=${encodeURIComponent('"><b>')}`,
    ).expect(200);
    const all = await page(owner).expect(200);
    for (const text of [res.text, all.text]) {
      expect(text).not.toContain('<script>');
      expect(text).not.toContain('<img');
      expect(text).not.toMatch(/<[a-z]+[^>]*\sonerror=/i);
    }
    expect(res.text).toContain(`value="x&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;"`);
    expect(res.text).toContain('value="&quot;&gt;&lt;b&gt;"');
    expect(res.text).not.toContain('"><b>');
    const escaped = '&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;';
    // the actor's label, the target's label, a change and the user agent each appear, escaped
    expect(all.text).toContain(`<td class="actor">${escaped} <small>(user)</small>`);
    expect(all.text).toContain(`rule ${escaped}`);
    // a change is shown as JSON, so its quotes are JSON's escaped ones, then HTML-escaped
    const inJson = '&lt;script&gt;alert(\\&quot;pwned\\&quot;)&lt;/script&gt;';
    expect(all.text).toContain(`<li><code>name</code>: &quot;old \\&quot;name\\&quot;&quot; → &quot;new ${inJson}&quot;</li>`);
    expect(all.text).toContain(
      `<small class="user-agent">Mozilla/5.0 ${escaped} &quot;quoted&quot; &lt;img src=x onerror=alert(1)&gt;</small>`,
    );
  });

  describe('filters (a GET form)', () => {
    const idsFor = async (q: string) => idsOnPage((await page(owner, q).expect(200)).text);
    const apiIdsFor = async (q: string) => (await listed(owner, q)).audit_events.map((e: { id: string }) => e.id);

    it('the form carries every filter, each labelled, and echoes what was asked', async () => {
      const res = await page(owner, '?filter[action]=robot.*&filter[since]=2020-01-01T00:00:00Z').expect(200);
      expect(res.text).toContain('<form method="get" action="/app/audit" role="search">');
      for (const f of ['action', 'actor_id', 'target_id', 'since', 'until']) {
        expect(res.text).toContain(`<label for="filter-${f}">`);
        expect(res.text).toContain(`id="filter-${f}" name="filter[${f}]"`);
      }
      expect(res.text).toContain('name="filter[action]" value="robot.*"');
      expect(res.text).toContain('name="filter[since]" value="2020-01-01T00:00:00Z"');
    });

    it('action exact and prefix.*, actor id, target id, since and until: the API filter results', async () => {
      const cases = [
        '?filter[action]=gateway_rule.create',
        '?filter[action]=gateway_rule.*',
        '?filter[action]=robot.*',
        `?filter[actor_id]=${ACTOR.id}`,
        `?filter[target_id]=${targetIds[1]}`,
        `?filter[since]=${writtenAt.between}`,
        `?filter[until]=${writtenAt.between}&filter[action]=robot.*`,
        `?filter[since]=${writtenAt.after}`,
      ];
      const sizes: number[] = [];
      for (const q of cases) {
        const ids = await idsFor(q);
        expect({ q, ids }).toEqual({ q, ids: await apiIdsFor(q) });
        sizes.push(ids.length);
      }
      expect(sizes).toEqual([1, 2, 3, 5, 1, 3, 3, 0]);
      expect((await page(owner, `?filter[since]=${writtenAt.after}`).expect(200)).text).toContain(
        '<p id="no-audit-events">No audit events.</p>',
      );
    });

    it('empty fields mean any (as the form sends them)', async () => {
      expect(await idsFor('?filter[action]=&filter[actor_id]=&filter[target_id]=&filter[since]=&filter[until]=')).toEqual(await idsFor(''));
    });

    it('a bad since, until or cursor: 400, the form again with the reason, no table', async () => {
      for (const [q, reason] of [
        ['?filter[since]=yesterday', 'Since must be an ISO 8601 time'],
        ['?filter[until]=2026-13-45T99:00:00Z', 'Until must be an ISO 8601 time'],
        ['?cursor=bm90LWEtY3Vyc29y', 'That page link is not valid any more'],
      ]) {
        const res = await page(owner, q).expect(400);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('<p class="error" role="alert" id="filter-error">');
        expect(res.text).toContain(reason);
        expect(res.text).toContain('<form method="get" action="/app/audit"');
        expect(res.text).not.toContain('data-audit-event-id');
      }
      expect((await page(owner, '?filter[since]=yesterday').expect(400)).text).toContain('name="filter[since]" value="yesterday"');
    });
  });

  it('pages with Older links (the cursor) through every event once, the filters kept; the last page has none', async () => {
    const all = (await listed(owner, '?limit=200')).audit_events.map((e: { id: string }) => e.id);
    let url: string | null = `${PAGE}?limit=2`;
    const seen: string[] = [];
    let pages = 0;
    while (url) {
      const res = await page(owner, url.slice(PAGE.length)).expect(200);
      const ids = idsOnPage(res.text);
      expect(ids.length).toBeLessThanOrEqual(2);
      seen.push(...ids);
      if (pages > 0) expect(res.text).toMatch(/<a href="\/app\/audit(\?limit=2)?" rel="first">Newest<\/a>/);
      url = hrefOf(res.text, 'older');
      pages++;
      if (pages > 50) throw new Error('paging does not end');
    }
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));

    // with a filter, the Older link keeps it
    const first = await page(owner, '?limit=1&filter[action]=robot.*').expect(200);
    const older = hrefOf(first.text, 'older')!;
    expect(older).toContain('filter%5Baction%5D=robot.*');
    const second = await page(owner, older.slice(PAGE.length)).expect(200);
    expect(idsOnPage(second.text)).toEqual([(await listed(owner, '?filter[action]=robot.*')).audit_events[1].id]);
  });

  it('links to the NDJSON export of the same range, which answers the events to the session', async () => {
    const res = await page(owner, `?filter[since]=${writtenAt.between}`).expect(200);
    const href = hrefOf(res.text, 'export')!;
    expect(href).toBe(`${EVENTS}/export?since=${encodeURIComponent(writtenAt.between)}`);
    const exported = await t.http().get(href).set('cookie', owner.cookie).set('x-workspace-id', ws).expect(200);
    expect(exported.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((e) => e.action)).toEqual(['gateway_rule.delete', 'gateway_rule.create', 'session.end']);
    expect(hrefOf((await page(owner).expect(200)).text, 'export')).toBe(`${EVENTS}/export`);
  });

  it("shows the chain's verification when asked, and a chain broken in Postgres as broken", async () => {
    const other = await makeOperator(t);
    const otherWs = other.reg.workspaceId;
    for (let i = 0; i < 3; i++)
      await record({ workspaceId: otherWs, action: 'robot.retire', target: { type: 'robot', id: randomUUID(), label: `v${i}` } });
    await t.app.get(AuditSealer).sealAll();
    const chain = await eventually(
      async () => {
        const body = (await asOperator(t, other, otherWs).get(`${EVENTS}/verify`).expect(200)).body;
        expect(body).toMatchObject({ verified: true });
        expect(body.events).toBeGreaterThanOrEqual(3);
        return body;
      },
      { timeoutMs: 10_000, what: 'the chain sealed' },
    );
    const plain = await page(other, '', otherWs).expect(200);
    expect(plain.text).toContain('Chain not checked on this view.');
    expect(hrefOf(plain.text, 'verify-chain')).toBe('/app/audit?verify=1');
    const ok = await page(other, '?verify=1', otherWs).expect(200);
    expect(ok.text).toContain(
      `<p id="chain-status" class="notice" role="status">Chain verified: ${chain.events} sealed events, head <code>${chain.head}</code>.</p>`,
    );

    const [victim] = await rowsOf(t, `SELECT id FROM audit_events WHERE workspace_id = $1 AND target_label = 'v1'`, [otherWs]);
    await rowsOf(t, `UPDATE audit_events SET target_label = 'v1 edited' WHERE id = $1`, [victim.id]);
    const broken = await page(other, '?verify=1', otherWs).expect(200);
    expect(broken.text).toContain(
      `<p id="chain-status" class="error" role="alert">Chain broken: the first event that does not hold is <code>${victim.id}</code>.</p>`,
    );
  });
});

describe('docs/audit-verify.sh: an auditor recomputes the chain of an export with jq and sha256sum', () => {
  let t: TestApp;
  let owner: Operator;

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeOperator(t);
  });
  afterAll(() => t.close());

  it('says OK with the head of an export as the service wrote it; names the first event edited, deleted or reordered', async () => {
    const ws = owner.reg.workspaceId;
    const labels = [
      'Zoë "Quotes" O\'Brien — 東京 😀',
      'tab\there, newline\nthere, back\\slash, DEL\u007fchar, escaped \\u007f text',
      `${XSS} & <b>`,
      'plain',
    ];
    for (const [i, label] of labels.entries()) {
      await t.app.get(Db).transaction((tx) =>
        t.app.get(AuditLog).record(tx, {
          workspaceId: ws,
          action: i % 2 ? 'robot.retire' : 'service_agent.update',
          target: { type: 'robot', id: randomUUID(), label },
          actor: { type: 'user', id: randomUUID(), label: `Ünïcode ${label.slice(0, 12)}` },
          changes: {
            name: [`before ${label}`, `after ${label}`],
            limits: [
              { z: 1, a: [2.5, null, true] },
              { a: 1e21, é: -0.5 },
            ],
            count: [3, 4],
          },
          outcome: i === 3 ? 'failure' : 'success',
        }),
      );
    }
    await t.app.get(AuditSealer).sealAll();
    const exported = await eventually(
      async () => {
        const res = await asOperator(t, owner).get('/api/v1/operator/audit_events/export').expect(200);
        const lines = res.text.trim().split('\n');
        const events = lines.map((l) => JSON.parse(l));
        expect(events.length).toBeGreaterThanOrEqual(labels.length);
        expect(events.every((e) => e.hash !== null)).toBe(true);
        return { text: res.text, lines, events };
      },
      { timeoutMs: 10_000, what: 'every event sealed' },
    );
    const verified = (await asOperator(t, owner).get('/api/v1/operator/audit_events/verify').expect(200)).body;
    expect(verified).toMatchObject({ verified: true });

    // the whole export, from the chain's start (64 zeros), and without saying where it starts
    expect(await runVerifyScript(exported.text, [GENESIS])).toEqual({ code: 0, out: `OK ${verified.head}`, err: '' });
    expect((await runVerifyScript(exported.text)).out).toBe(`OK ${verified.head}`);
    // a later part of the chain (an export with since=) checks from its first event's link
    expect((await runVerifyScript(exported.lines.slice(2).join('\n') + '\n')).out).toBe(`OK ${verified.head}`);

    const { lines, events } = exported;
    const n = lines.length;
    const joined = (ls: string[]) => ls.join('\n') + '\n';
    // an edited label (the line stays valid JSON)
    const edited = [...lines];
    edited[n - 2] = lines[n - 2].replace('& <b>', '& <i>');
    expect(edited[n - 2]).not.toBe(lines[n - 2]);
    expect(await runVerifyScript(joined(edited))).toEqual({ code: 1, out: events[n - 2].id, err: '' });
    // the newest event's outcome edited
    const failure = [...lines];
    failure[n - 1] = lines[n - 1].replace('"outcome":"failure"', '"outcome":"success"');
    expect(failure[n - 1]).not.toBe(lines[n - 1]);
    expect((await runVerifyScript(joined(failure))).out).toBe(events[n - 1].id);
    // an edited event re-hashed to hide the edit: the next event's link no longer holds
    const rehashed = [...lines];
    const forged = { ...events[n - 3], outcome: 'failure' };
    rehashed[n - 3] = JSON.stringify({ ...forged, hash: chainHash(forged.prev_hash, forged) });
    expect((await runVerifyScript(joined(rehashed))).out).toBe(events[n - 2].id);
    // a deleted event
    expect((await runVerifyScript(joined([...lines.slice(0, n - 3), ...lines.slice(n - 2)]))).out).toBe(events[n - 2].id);
    // two events reordered
    expect((await runVerifyScript(joined([...lines.slice(0, n - 3), lines[n - 2], lines[n - 3], lines[n - 1]]))).out).toBe(
      events[n - 2].id,
    );
    // a line that is not an event
    expect((await runVerifyScript(joined([...lines.slice(0, n - 1), 'garbage', lines[n - 1]]))).out).toBe(`line:${n}`);
    // the first event when the chain must start at 64 zeros but the export starts later
    expect((await runVerifyScript(joined(lines.slice(1)), [GENESIS])).out).toBe(events[1].id);
  });
});
