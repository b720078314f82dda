import { startBrowserApp } from './support/browser';
import { makeWorkspace, Registered } from './support/builders';
import { AGK_KEY, keyPrefix } from './support/console';
import type { TestApp } from './support/test-app';
import type { Browser } from 'playwright-core';

jest.setTimeout(90_000);

const SCREENSHOT = '/tmp/browser-workspace-key.png';

describe('operator console in a real headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let ws: Registered;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp());
    ws = await makeWorkspace(t);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** POST /api/v1/agent_tokens with the key: the status and the problem detail, if any. */
  const exchange = async (key: string) => {
    const res = await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key).send({});
    return { status: res.status, detail: res.body?.detail as string | undefined, type: res.body?.type as string | undefined };
  };

  it('log in, open /app, generate the workspace key, see it once, reload to only its prefix, rotate; the old key is refused', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      // log in
      await page.goto(`${base}/users/log-in`);
      await page.fill('#email', ws.email);
      await page.fill('#password', ws.password);
      await Promise.all([page.waitForURL(`${base}/app`), page.click('button[type=submit]')]);
      expect(await page.textContent('#current-workspace')).toBe(ws.body.workspace.name);
      const cookies = await context.cookies(base);
      const session = cookies.find((c) => c.name === '_agent_ops_key');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      // the overview links to the key page, which shows register's key by prefix only
      await Promise.all([page.waitForURL(`${base}/app/agents/workspace-key`), page.click('text=Workspace primary key')]);
      expect(await page.textContent('#key-prefix')).toBe(keyPrefix(ws.apiKey));
      expect(await page.content()).not.toContain(ws.apiKey);

      // delete it, so the page offers Generate
      await Promise.all([page.waitForURL(`${base}/app/agents/workspace-key/confirm?action=delete`), page.click('#delete-key')]);
      expect(await page.textContent('#confirm-title')).toBe('Delete the workspace primary key?');
      await Promise.all([page.waitForURL(`${base}/app/agents/workspace-key`), page.click('#confirm-delete')]);
      expect(await page.isVisible('#no-key')).toBe(true);
      expect(await exchange(ws.apiKey)).toMatchObject({ status: 401, detail: 'api_key_revoked' });

      // generate: the key is shown once
      await Promise.all([page.waitForLoadState('load'), page.click('#generate-key')]);
      await page.waitForSelector('#new-key');
      const first = (await page.textContent('#new-key'))!.trim();
      expect(first).toMatch(AGK_KEY);
      expect(await page.textContent('#key-prefix')).toBe(keyPrefix(first));
      expect((await exchange(first)).status).toBe(200);

      // "reload": a fresh GET of the page (page.reload() would re-post the form) shows only the prefix
      await page.goto(`${base}/app/agents/workspace-key`);
      expect(await page.textContent('#key-prefix')).toBe(keyPrefix(first));
      expect(keyPrefix(first)).toMatch(/^agk_[A-Za-z0-9_-]{11}$/);
      expect(await page.locator('#new-key').count()).toBe(0);
      const html = await page.content();
      expect(html).not.toContain(first);
      expect(html).not.toContain(first.split('.')[1]);
      expect(await page.textContent('body')).not.toContain(first);

      // rotate: a confirmation step first
      await Promise.all([page.waitForURL(`${base}/app/agents/workspace-key/confirm?action=rotate`), page.click('#rotate-key')]);
      await Promise.all([page.waitForLoadState('load'), page.click('#confirm-rotate')]);
      await page.waitForSelector('#new-key');
      const second = (await page.textContent('#new-key'))!.trim();
      expect(second).toMatch(AGK_KEY);
      expect(second).not.toBe(first);
      expect(await page.textContent('#key-prefix')).toBe(keyPrefix(second));
      await page.screenshot({ path: SCREENSHOT, fullPage: true });

      // the key seen first is refused by the exchange; the newest works
      const old = await exchange(first);
      expect(old).toEqual({ status: 401, detail: 'api_key_revoked', type: `${base}/problems/unauthorized` });
      expect((await exchange(second)).status).toBe(200);

      // after another fresh GET the newest key is no longer on the page either
      await page.goto(`${base}/app/agents/workspace-key`);
      expect(await page.textContent('#key-prefix')).toBe(keyPrefix(second));
      expect(await page.content()).not.toContain(second);
    } finally {
      await context.close();
    }
  });
});
