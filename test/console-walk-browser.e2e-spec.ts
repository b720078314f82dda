/// <reference lib="dom" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { WorkspacesService } from '../src/identity/workspaces.service';
import { CONSOLE_NAV } from '../src/sessions/console-chrome';
import { asOperator } from './enrollment-support';
import { startBrowserApp } from './support/browser';
import { uniqueEmail } from './support/builders';
import { addMembership, makeOperator, makePlatformAdmin, type Operator } from './support/console';
import { insertRobots } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { grant, makePartner } from './support/partners';
import { issueKey } from './support/sockets';
import type { TestApp } from './support/test-app';
import type { Browser, BrowserContext, Page } from 'playwright-core';

jest.setTimeout(240_000);

/**
 * Walks the console in Chromium as an owner (also the platform admin), an admin and a member of
 * one seeded workspace (issue 57, ADR 0271). It starts from CONSOLE_NAV, follows what each role's
 * navigation shows and every same-origin console link on those pages, so a page added later is
 * walked without editing this file. Each page: 200, no serious or critical axe-core violation, no
 * horizontal scroll at 360 and 1280 px; each data-entry form, submitted empty or invalid, answers
 * with a refusal (4xx with the error shown), never a 5xx. WALK_TRACE=1 prints each page's time
 * and, at the end, what each role walked.
 */

const OWNER_EMAIL = uniqueEmail('walk-owner');
const WIDTHS = [360, 1280] as const;
/** At most this many pages a role, and this many of one shape (a path with its ids as :id). */
const MAX_PAGES = 60;
const MAX_OF_A_SHAPE = 2;
/** Actions never submitted, even empty: drastic were they to succeed (so are `danger` buttons). */
const DRASTIC_ACTION = /\/(revoke|delete|rotate|cancel|retire|archive)$/;
const SHOTS = mkdtempSync(join(tmpdir(), 'console-walk-'));
const NAV_PATHS = CONSOLE_NAV.flatMap((s) => s.links.map((l) => l.path));
/** The prefixes of the console's pages: /app, and the platform's /admin. */
const PREFIXES = [...new Set(NAV_PATHS.map((p) => `/${p.split('/')[1]}`))];

/** A page's shape: its path with ids as :id (a list's filters and a detail page's tabs are one shape). */
const shapeOf = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id');

interface Walked {
  pages: string[];
  forms: string[];
  problems: string[];
}

describe('the console walked in Chromium by an owner, an admin and a member (issue 57)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Operator;
  let admin: Operator;
  let member: Operator;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp({ ...TRUST_LOOPBACK, PLATFORM_ADMIN_EMAILS: OWNER_EMAIL }));
    owner = await makePlatformAdmin(t, OWNER_EMAIL);
    await t.app.get(WorkspacesService).update(owner.reg.workspaceId, { plan: 'team' });
    [admin, member] = [await makeOperator(t), await makeOperator(t)];
    await addMembership(t, admin.reg.email, owner.reg.workspaceId, 'admin');
    await addMembership(t, member.reg.email, owner.reg.workspaceId, 'member');
    await seed();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Rows for the list pages, and through them detail pages: through the JSON API as a client would. */
  async function seed() {
    const ws = owner.reg;
    const as = asOperator(t, owner);
    const agent = (key: string) => ({ post: (path: string, body: object) => t.http().post(path).set('x-agent-api-key', key).send(body) });
    const key = (await issueKey(t, ws, ['traces:write', 'eval_suites:write', 'eval_runs:write', 'gateway:check'])).key;
    const expect2xx = async (what: string, req: PromiseLike<{ status: number; text: string; body: any }>) => {
      const res = await req;
      if (res.status >= 400) throw new Error(`seeding ${what}: ${res.status} ${res.text}`);
      return res.body;
    };
    const started = new Date().toISOString();
    await expect2xx(
      'a trace',
      agent(key).post('/api/v1/traces', {
        name: 'checkout.process',
        status: 'ok',
        started_at: started,
        duration_ms: 120,
        attributes: { region: 'eu' },
        spans: [
          { span_id: 's0', name: 'step 0', started_at: started, duration_ms: 100 },
          { span_id: 's1', parent_span_id: 's0', name: 'step 1', started_at: started, duration_ms: 40, status: 'error' },
        ],
      }),
    );
    const suite = await expect2xx(
      'an eval suite',
      agent(key).post('/api/v1/eval_suites', { name: 'Pick and place', cases: [{ input: 'x' }] }),
    );
    await expect2xx('an eval run', agent(key).post('/api/v1/eval_runs', { eval_suite_id: suite.eval_suite.id }));
    await expect2xx('a gateway rule', as.post('/api/v1/operator/gateway_rules', { action: 'deploy.*', effect: 'require_approval' }));
    await expect2xx('an approval', agent(key).post('/api/v1/gateway/check', { action: 'deploy.eu', resource: 'cell 4' }));
    await expect2xx(
      'a webhook subscription',
      as.post('/api/v1/operator/webhook_subscriptions', { url: 'http://127.0.0.1:9/hook', event_types: ['*'] }),
    );
    const { robotIds } = await insertRobots(t, ws.workspaceId, 2);
    await expect2xx(
      'a batch operation',
      as.post('/api/v1/operator/batch_operations', { action: 'tag_robots', target_ids: robotIds, params: { tags: ['east'] } }),
    );
    await grant(t, owner, (await makePartner(t, owner)).id);
    await expect2xx(
      'an invitation',
      t
        .http()
        .post('/app/members/invitations')
        .set('cookie', owner.cookie)
        .type('form')
        .send({ email: uniqueEmail('invitee'), role: 'member' }),
    );
  }

  /** A context carrying `op`'s session, in the owner's workspace. */
  async function contextOf(op: Operator): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const cookies = op.cookie.split('; ').map((c) => {
      const [name, ...rest] = c.split('=');
      return { name, value: rest.join('='), url: base };
    });
    await context.addCookies([...cookies, { name: '_agent_ops_workspace', value: owner.reg.workspaceId, url: base }]);
    return context;
  }

  /**
   * Axe-core in the page (evaluated over CDP, which the page's CSP does not govern: no bypassCSP,
   * the page runs under its own policy), unless `axe` is false; then the widths.
   */
  async function checkPage(page: Page, label: string, problems: string[], opts: { axe: boolean }): Promise<void> {
    if (opts.axe) await runAxe(page, label, problems);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      if (scroll > inner) {
        const shot = join(SHOTS, `${label.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        problems.push(`${label}: scrolls sideways at ${width} px (scrollWidth ${scroll}), see ${shot}`);
      }
    }
  }

  async function runAxe(page: Page, label: string, problems: string[]): Promise<void> {
    await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return (r.violations as axe.Result[])
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
        }));
    });
    for (const v of violations) problems.push(`${label}: axe ${v.impact} ${v.id} (${v.help})\n    ${v.nodes.join('\n    ')}`);
  }

  /**
   * The forms of the page worth submitting empty: data entry (a field to leave empty), nothing
   * drastic, none a script drives (its `data-` hooks: a passkey's), one of each action's shape.
   * `refuses`: a field is required or a choice, so an empty or unknown value must be refused.
   */
  const formsToTry = (page: Page) =>
    page.$$eval(
      'main form',
      (forms, drastic) =>
        forms.flatMap((f, index) => {
          const form = f as HTMLFormElement;
          const action = new URL(form.action, location.href).pathname;
          const entries = [...form.elements].filter(
            (e) =>
              (e instanceof HTMLInputElement && !['hidden', 'submit', 'button', 'reset', 'image'].includes(e.type)) ||
              e instanceof HTMLSelectElement ||
              e instanceof HTMLTextAreaElement,
          );
          const drasticButton = form.querySelector('button.danger, input[type=submit].danger');
          const scripted = Object.keys(form.dataset).length > 0;
          if (!entries.length || drasticButton || scripted || new RegExp(drastic).test(action)) return [];
          const refuses = entries.some((e) => e instanceof HTMLSelectElement || (e as HTMLInputElement).required);
          return [{ index, action, method: (form.getAttribute('method') ?? 'get').toLowerCase(), refuses }];
        }),
      DRASTIC_ACTION.source,
    );

  /**
   * Submits the form of `url` that posts to `action` with its text fields empty, its boxes unticked and its selects on
   * a value none of them offers; the browser's own checks are off, so the server answers.
   */
  async function submitEmpty(page: Page, url: string, action: string, method: string) {
    await page.goto(url);
    const [response] = await Promise.all([
      page.waitForNavigation({ timeout: 5_000 }).catch(() => null),
      page.evaluate(
        ([path, verb]) => {
          // found again by its action, not its position: an earlier form of the walk may have added
          // forms to this page (a key issued adds its archive and revoke forms above the others)
          const form = [...document.querySelectorAll('main form')].find(
            (f) =>
              new URL((f as HTMLFormElement).action, location.href).pathname === path &&
              (f.getAttribute('method') ?? 'get').toLowerCase() === verb &&
              !f.querySelector('button.danger') &&
              f.querySelector(
                'select, textarea, input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image])',
              ) !== null,
          ) as HTMLFormElement;
          form.noValidate = true;
          for (const e of form.elements) {
            if (e instanceof HTMLInputElement && ['checkbox', 'radio'].includes(e.type)) e.checked = false;
            else if (e instanceof HTMLInputElement && !['hidden', 'submit', 'button', 'reset', 'image'].includes(e.type)) e.value = '';
            else if (e instanceof HTMLTextAreaElement) e.value = '';
            else if (e instanceof HTMLSelectElement) {
              const bogus = document.createElement('option');
              bogus.value = 'not-a-choice';
              e.append(bogus);
              e.value = bogus.value;
            }
          }
          form.requestSubmit();
        },
        [action, method] as const,
      ),
    ]);
    return response;
  }

  async function walk(op: Operator, role: string): Promise<Walked> {
    const out: Walked = { pages: [], forms: [], problems: [] };
    const context = await contextOf(op);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      // the navigation: what CONSOLE_NAV has and this role's frame hides is a page it may not open
      await page.goto(`${base}/app`);
      const shown = await page.$$eval('nav.console a', (as) => as.map((a) => a.getAttribute('href')!));
      for (const path of shown)
        if (!NAV_PATHS.includes(path)) out.problems.push(`${role}: the navigation shows ${path}, not in CONSOLE_NAV`);
      for (const path of NAV_PATHS.filter((p) => !shown.includes(p))) {
        const res = await context.request.get(`${base}${path}`, { maxRedirects: 0 });
        if (res.status() !== 403) out.problems.push(`${role}: ${path} is hidden from the navigation but answers ${res.status()}, not 403`);
      }

      const hidden = NAV_PATHS.filter((p) => !shown.includes(p));
      const queue = shown.map((p) => new URL(p, base));
      const seen = new Set(queue.map((u) => u.href));
      const shapes = new Map<string, number>();
      while (queue.length && out.pages.length < MAX_PAGES) {
        const url = queue.shift()!;
        const shape = shapeOf(url.pathname);
        const nth = (shapes.get(shape) ?? 0) + 1;
        if (nth > MAX_OF_A_SHAPE) continue;
        shapes.set(shape, nth);
        const path = url.pathname + url.search;
        const label = `${role} ${path}`;
        await page.setViewportSize({ width: 1280, height: 800 });
        const T = Date.now();
        const res = await page.goto(url.href);
        out.pages.push(path);
        // a page's text may name a page of higher roles (getting-started does): that one refuses
        if (res?.status() === 403 && hidden.includes(url.pathname)) continue;
        if (res?.status() !== 200) {
          out.problems.push(`${label}: answers ${res?.status()}`);
          continue;
        }
        // a second page of a shape is the same template: its widths, not axe again
        await checkPage(page, label, out.problems, { axe: nth === 1 });
        if (process.env.WALK_TRACE) process.stderr.write(`${label} ${Date.now() - T} ms\n`);
        const links = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
        for (const href of links) {
          const next = new URL(href);
          next.hash = '';
          if (next.origin !== base || !PREFIXES.some((p) => next.pathname === p || next.pathname.startsWith(`${p}/`))) continue;
          if (!seen.has(next.href)) {
            seen.add(next.href);
            queue.push(next);
          }
        }
        if (nth > 1) continue; // a shape's forms are tried on its first page
        const actions = new Set<string>();
        for (const form of await formsToTry(page)) {
          if (actions.has(`${form.method} ${shapeOf(form.action)}`)) continue;
          actions.add(`${form.method} ${shapeOf(form.action)}`);
          const what = `${label} form ${form.method.toUpperCase()} ${form.action}`;
          out.forms.push(`${path} ${form.method.toUpperCase()} ${form.action}`);
          const answer = await submitEmpty(page, url.href, form.action, form.method);
          if (!answer) {
            out.problems.push(`${what}: submitting it goes nowhere`);
            continue;
          }
          const status = answer.status();
          const refusal = await page.$$eval('main .error, main [role=alert]', (es) => es.map((e) => e.textContent?.trim()).join(' '));
          if (status >= 500) out.problems.push(`${what}: submitted empty it answers ${status}`);
          else if (status >= 400 && !refusal) out.problems.push(`${what}: the ${status} page shows no error message`);
          else if (status < 400 && form.refuses && form.method === 'post') {
            out.problems.push(
              `${what}: submitted empty it answers ${status} (${answer.request().method()} ${new URL(answer.url()).pathname}), not a refusal`,
            );
          }
          if (status < 500) await checkPage(page, `${what} (answer)`, out.problems, { axe: true });
        }
      }
      const left = queue.filter((u) => (shapes.get(shapeOf(u.pathname)) ?? 0) < MAX_OF_A_SHAPE);
      if (left.length) out.problems.push(`${role}: stopped at ${MAX_PAGES} pages, ${left.length} links not followed`);
      return out;
    } finally {
      await context.close();
    }
  }

  it('every page renders, its links resolve, its forms refuse empty input, axe finds nothing serious, nothing scrolls sideways', async () => {
    const roles = { owner, admin, member };
    const walked = await Promise.all(Object.entries(roles).map(([role, op]) => walk(op, role)));
    if (process.env.WALK_TRACE) {
      for (const [i, role] of Object.keys(roles).entries()) {
        process.stderr.write(
          `${role}: ${walked[i].pages.length} pages, ${walked[i].forms.length} forms\n  ${[...walked[i].pages, ...walked[i].forms].join('\n  ')}\n`,
        );
      }
    }
    // the walk reached what the seed made: detail pages of list rows
    expect(walked[0].pages).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/app\/traces\/./), expect.stringMatching(/^\/app\/webhooks\/./)]),
    );
    expect(walked[2].pages).not.toContain('/app/webhooks');
    expect(walked.flatMap((w) => w.problems).join('\n')).toBe('');
  });
});
