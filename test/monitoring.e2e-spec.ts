import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { QueueNames } from '../src/core/config/queue-names';
import { CredentialRevoker } from '../src/credentials/credential-revoker.service';
import { makeWorkspace } from './support/builders';
import { eventually } from './support/eventually';
import { metricSample, scrapeMetrics } from './support/metrics';
import { appQueue, logIn, randomIPv4, TRUST_LOOPBACK } from './support/operator';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

/**
 * deploy/monitoring: the alerting rules and the Grafana dashboard (ADR 0278), and the series the
 * service added for them. The lint takes the exported names from a running app's /metrics, so a
 * rule or panel that names a metric the service does not export fails here.
 */
const MONITORING = join(__dirname, '..', 'deploy', 'monitoring');
const RULES = join(MONITORING, 'alerts.yml');
const RULE_TESTS = join(MONITORING, 'alerts.test.yml');
const DASHBOARD = join(MONITORING, 'grafana-dashboard.json');

/** Series Prometheus writes itself for every target; not the service's to export. */
const PROMETHEUS_SERIES = new Set(['up']);

/** promtool with its output and exit status (it exits 1 on a failed check). */
function promtool(args: string[]): { status: number; out: string } {
  try {
    return { status: 0, out: execFileSync('promtool', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { status: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

/** Every series name an exposition declares: `# TYPE` names, with a histogram's and summary's own suffixes. */
function exportedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression selects: what is left once strings, label matchers,
 * ranges, grouping clauses, durations, numbers and function calls are taken out. Good enough for
 * the expressions of this repository (promtool checks their syntax).
 */
function selectedMetrics(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+\w+/g, ' ')
    .replace(/\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, ' ');
  const names: string[] = [];
  for (const m of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const rest = bare.slice(m.index + m[0].length);
    if (/^\s*\(/.test(rest) || KEYWORDS.has(m[0].toLowerCase())) continue; // a function or an operator
    names.push(m[0]);
  }
  return names;
}

/** Grafana's variables, put in as Prometheus would see them, so promtool can parse the query. */
const grafanaFree = (expr: string) =>
  expr
    .replace(/\$__rate_interval|\$__interval|\$__range/g, '5m')
    .replace(/\$\{?instance\}?/g, '.+')
    .replace(/\$\{?\w+\}?/g, 'x');

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string }[];
  panels?: Panel[];
}

interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
}

/** Problems of a dashboard: its shape, and each expression's metrics against `exported`; promtool parses every expression. */
function lintDashboard(dashboard: Dashboard, exported: Set<string>): string[] {
  const problems: string[] = [];
  if (typeof dashboard.uid !== 'string' || typeof dashboard.title !== 'string' || typeof dashboard.schemaVersion !== 'number')
    problems.push('uid, title and schemaVersion are required');
  const variables = dashboard.templating?.list ?? [];
  if (!variables.some((v) => v.name === 'datasource' && v.type === 'datasource' && v.query === 'prometheus'))
    problems.push('no datasource variable of type prometheus');
  const panels = (dashboard.panels ?? []).flatMap((p) => [p, ...(p.panels ?? [])]);
  const ids = panels.map((p) => p.id);
  if (new Set(ids).size !== ids.length || ids.some((id) => !Number.isInteger(id))) problems.push('panel ids are not unique integers');
  const exprs: { where: string; expr: string }[] = [];
  for (const p of panels) {
    if (!p.gridPos || [p.gridPos.h, p.gridPos.w, p.gridPos.x, p.gridPos.y].some((n) => !Number.isInteger(n)))
      problems.push(`${p.title}: no gridPos`);
    if (p.type === 'row') continue;
    if (p.datasource?.uid !== '${datasource}') problems.push(`${p.title}: datasource is not the variable`);
    if (!p.targets?.length) problems.push(`${p.title}: no targets`);
    for (const target of p.targets ?? []) {
      if (typeof target.expr !== 'string' || target.expr.trim() === '') problems.push(`${p.title}: target ${target.refId} has no expr`);
      else exprs.push({ where: `${p.title} (${target.refId})`, expr: target.expr });
    }
  }
  for (const v of variables) {
    const query = (v.query as { query?: string } | string | undefined) ?? '';
    const text = typeof query === 'string' ? query : (query.query ?? '');
    const selector = /^label_values\((\w+)/.exec(text);
    if (selector && !exported.has(selector[1])) problems.push(`variable ${v.name}: ${selector[1]} is not exported`);
  }
  for (const { where, expr } of exprs) {
    for (const name of selectedMetrics(expr))
      if (!exported.has(name) && !PROMETHEUS_SERIES.has(name)) problems.push(`${where}: ${name} is not exported`);
  }
  problems.push(...unparsable(exprs.map((e) => ({ ...e, expr: grafanaFree(e.expr) }))));
  return problems;
}

/** promtool check rules on the expressions wrapped as recording rules: its errors, one per bad expression. */
function unparsable(exprs: { where: string; expr: string }[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-rules-'));
  try {
    const file = join(dir, 'rules.yml');
    const rules = exprs.map((e, i) => ({ record: `dashboard:expr_${i}`, expr: e.expr }));
    writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules }] })); // JSON is YAML
    const { status, out } = promtool(['check', 'rules', file]);
    return status === 0 ? [] : [`promtool: ${out}`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface RuleFile {
  groups: { name: string; rules: { alert?: string; record?: string; expr: string }[] }[];
}
interface RuleTests {
  tests: { name: string; alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[];
}

describe('monitoring: alerts, dashboard and the series they read', () => {
  let t: TestApp;
  let base: string;
  const scrape = () => scrapeMetrics(t);
  const sample = (name: string, labels: Record<string, string> = {}) => metricSample(t, name, labels);

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    base = await t.listen();
  });
  afterAll(() => t.close());

  describe('the series the alerts need', () => {
    it('readiness: ready and every check are 1 on a healthy node, with the database ping in seconds', async () => {
      expect(await sample('ready')).toBe(1);
      for (const check of ['repo', 'migrations', 'oban'])
        expect({ check, value: await sample('ready_check', { check }) }).toEqual({ check, value: 1 });
      const ping = await sample('ready_database_ping_seconds');
      expect(ping).toBeGreaterThanOrEqual(0);
      expect(ping).toBeLessThan(0.5);
    });

    it('queues: every configured queue is counted by state, and a job that fails its last attempt is dead', async () => {
      for (const queue of Object.values(QueueNames)) {
        for (const state of ['waiting', 'active', 'delayed', 'failed'])
          expect({ queue, state, counted: (await sample('queue_jobs', { queue, state })) !== undefined }).toEqual({
            queue,
            state,
            counted: true,
          });
        expect(await sample('queue_jobs_dead_total', { queue })).toBeDefined();
      }
      const queue = QueueNames.replays;
      const dead = (await sample('queue_jobs_dead_total', { queue }))!;
      const failed = (await sample('queue_jobs', { queue, state: 'failed' }))!;
      // not a uuid: the replay's claim fails in PostgreSQL, and one attempt is all it has
      await appQueue(t, queue).add('replay', { replayId: 'not-a-uuid' }, { attempts: 1 });
      await eventually(async () => expect(await sample('queue_jobs_dead_total', { queue })).toBe(dead + 1), {
        what: 'the dead job to be counted',
      });
      expect(await sample('queue_jobs', { queue, state: 'failed' })).toBe(failed + 1);
      // a job that is retried is not dead
      await appQueue(t, queue).add('replay', { replayId: 'not-a-uuid-either' }, { attempts: 2, backoff: { type: 'fixed', delay: 60_000 } });
      await eventually(async () => expect(await sample('queue_jobs', { queue, state: 'delayed' })).toBeGreaterThanOrEqual(1), {
        what: 'the retry to be delayed',
      });
      expect(await sample('queue_jobs_dead_total', { queue })).toBe(dead + 1);
    });

    it('log-in throttles: the refusal that starts a cooldown and every refusal during it count as login_identity', async () => {
      const w = await makeWorkspace(t);
      const ip = randomIPv4();
      const before = (await sample('rate_limited_total', { limit: 'login_identity' }))!;
      expect(await sample('rate_limited_total', { limit: 'login_ip' })).toBeDefined();
      for (let i = 1; i <= 9; i++) expect((await logIn(t, { email: w.email, password: 'wrong password' }, { ip })).res.status).toBe(401);
      expect(await sample('rate_limited_total', { limit: 'login_identity' })).toBe(before);
      expect((await logIn(t, { email: w.email, password: 'wrong password' }, { ip })).res.status).toBe(429);
      expect((await logIn(t, w, { ip })).res.status).toBe(429);
      expect(await sample('rate_limited_total', { limit: 'login_identity' })).toBe(before + 2);
    });

    it('sockets: open sockets are a gauge; a client close and a policy close are counted by who ended them', async () => {
      const w = await makeWorkspace(t);
      const { key, credentialId } = await issueKey(t, w, ['sockets:connect']);
      const client = (await sample('socket_disconnections_total', { reason: 'client' }))!;
      const policy = (await sample('socket_disconnections_total', { reason: 'policy' }))!;
      expect(await sample('socket_disconnections_total', { reason: 'ping_timeout' })).toBeDefined();
      expect(await sample('socket_disconnections_total', { reason: 'shutdown' })).toBeDefined();
      const open = async () => SocketClient.open(socketUrl(base, { socket_token: (await mintSocketToken(t, key)).socket_token }));
      const a = await open();
      const b = await open();
      expect(await sample('socket_open_connections')).toBe(2);
      a.ws.close();
      await a.closed;
      await eventually(async () => expect(await sample('socket_disconnections_total', { reason: 'client' })).toBe(client + 1));
      expect(await sample('socket_open_connections')).toBe(1);
      // revoking the key closes its sockets (4401): the server ended it
      await t.app.get(CredentialRevoker).changeStatus(credentialId, w.workspaceId, 'revoked');
      await eventually(async () => expect(await sample('socket_disconnections_total', { reason: 'policy' })).toBe(policy + 1), {
        what: 'the revoked socket to be closed',
      });
      expect((await b.closed).code).toBe(4401);
      expect(await sample('socket_open_connections')).toBe(0);
      expect(await sample('socket_disconnections_total', { reason: 'client' })).toBe(client + 1);
    });
  });

  describe('deploy/monitoring/alerts.yml', () => {
    it('passes promtool check rules and its unit tests (promtool test rules)', () => {
      const check = promtool(['check', 'rules', RULES]);
      expect(check.out).toContain('SUCCESS');
      expect(check.status).toBe(0);
      const tests = promtool(['test', 'rules', RULE_TESTS]);
      expect(tests.out).toContain('SUCCESS');
      expect(tests.status).toBe(0);
    });

    it('every alert has a unit test where it fires and one where it stays quiet', () => {
      const rules = load(readFileSync(RULES, 'utf8')) as RuleFile;
      const suite = load(readFileSync(RULE_TESTS, 'utf8')) as RuleTests;
      const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert).filter((a): a is string => a !== undefined));
      expect(alerts.length).toBeGreaterThanOrEqual(13);
      const cases = suite.tests.flatMap((c) => c.alert_rule_test ?? []);
      for (const alert of alerts) {
        const own = cases.filter((c) => c.alertname === alert);
        expect({
          alert,
          fires: own.some((c) => (c.exp_alerts ?? []).length > 0),
          quiet: own.some((c) => (c.exp_alerts ?? []).length === 0),
        }).toEqual({
          alert,
          fires: true,
          quiet: true,
        });
      }
    });

    it('names only metrics the service exports (read from /metrics)', async () => {
      const exported = exportedNames(await scrape());
      const rules = load(readFileSync(RULES, 'utf8')) as RuleFile;
      const unknown = rules.groups
        .flatMap((g) => g.rules)
        .flatMap((r) => selectedMetrics(r.expr).map((name) => `${r.alert ?? r.record}: ${name}`))
        .filter((entry) => {
          const name = entry.split(': ')[1];
          return !exported.has(name) && !PROMETHEUS_SERIES.has(name);
        });
      expect(unknown).toEqual([]);
      // the lint reads what the rules select: each alert names at least one series
      for (const r of rules.groups.flatMap((g) => g.rules))
        expect({ alert: r.alert, reads: selectedMetrics(r.expr).length > 0 }).toEqual({ alert: r.alert, reads: true });
    });
  });

  describe('deploy/monitoring/grafana-dashboard.json', () => {
    it('is a Grafana dashboard whose every query parses and names a metric the service exports', async () => {
      const exported = exportedNames(await scrape());
      const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
      expect(lintDashboard(dashboard, exported)).toEqual([]);
      // the series the alerts read are all on the dashboard
      const onDashboard = new Set(dashboard.panels.flatMap((p) => p.targets ?? []).flatMap((target) => selectedMetrics(target.expr)));
      const rules = load(readFileSync(RULES, 'utf8')) as RuleFile;
      for (const name of new Set(rules.groups.flatMap((g) => g.rules).flatMap((r) => selectedMetrics(r.expr))))
        expect({ name, onDashboard: onDashboard.has(name) }).toEqual({ name, onDashboard: true });
    });

    it('the lint fails on a misspelled metric, a syntax error, a duplicate panel id and a panel without a query', async () => {
      const exported = exportedNames(await scrape());
      const original = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
      const broken = (change: (d: Dashboard, first: Panel) => void): string[] => {
        const copy = structuredClone(original);
        change(
          copy,
          copy.panels.find((p) => p.type !== 'row')!,
        );
        return lintDashboard(copy, exported);
      };
      expect(
        broken(
          (_d, p) =>
            (p.targets![0].expr = p.targets![0].expr.replace('http_request_duration_seconds_count', 'http_request_duration_second_count')),
        ),
      ).toEqual([expect.stringContaining('http_request_duration_second_count is not exported')]);
      expect(broken((_d, p) => (p.targets![0].expr = 'sum(rate(ready[5m])')).join()).toContain('promtool');
      expect(broken((d, p) => (p.id = d.panels[0].id)).join()).toContain('panel ids are not unique');
      expect(broken((_d, p) => (p.targets = [])).join()).toContain('no targets');
      expect(broken((d) => (d.templating.list = d.templating.list.filter((v) => v.name !== 'datasource'))).join()).toContain(
        'no datasource variable',
      );
    });
  });
});
