import { startBrowserApp } from './support/browser';
import { makeOperator, type Operator } from './support/console';
import type { TestApp } from './support/test-app';
import type { Browser } from 'playwright-core';

jest.setTimeout(60_000);

/** /app/account/sessions in a real headless Chromium: the list, and ending another browser's session from it. */
describe('the sessions page in a real headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let op: Operator;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp());
    op = await makeOperator(t); // its log-in is "another browser": a session this test ends from the page
  });
  /** Whether the other browser's session still works. */
  const otherSignedIn = async () => (await t.http().get('/api/v1/operator/me').set('cookie', op.cookie)).status === 200;

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists this browser as current and the other session with an End button; End signs the other out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${base}/users/log-in`);
      await page.fill('#email', op.reg.email);
      await page.fill('#password', op.reg.password);
      await Promise.all([page.waitForURL(`${base}/app`), page.click('button[type=submit]')]);
      await Promise.all([page.waitForURL(`${base}/app/account/sessions`), page.click('#account-sessions')]);

      const rows = page.locator('#sessions tbody tr');
      expect(await rows.count()).toBe(2);
      const current = page.locator('#sessions tr[data-current="true"]');
      expect(await current.textContent()).toContain('This browser');
      expect(await current.textContent()).toContain('HeadlessChrome');
      const other = page.locator('#sessions tbody tr:not([data-current])');
      const otherId = await other.getAttribute('data-session-id');
      expect(await otherSignedIn()).toBe(true);

      // a destructive action asks first: the summary opens the confirmation, its button posts
      await other.locator('summary', { hasText: 'End' }).click();
      expect(await other.textContent()).toContain('That browser is signed out at once.');
      await Promise.all([page.waitForURL(`${base}/app/account/sessions?notice=ended`), page.click(`#end-${otherId}`)]);
      expect(await page.textContent('#notice')).toContain('The session was ended');
      expect(await rows.count()).toBe(1);
      expect(await page.locator(`#sessions tr[data-session-id="${otherId}"]`).count()).toBe(0);
      expect(await page.isVisible('#no-other-sessions')).toBe(true);
      expect(await otherSignedIn()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
