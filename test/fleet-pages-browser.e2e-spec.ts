import { AGE_TOKEN, makeFleetOwner, preRegister, uniqueSerial } from './enrollment-support';
import { startBrowserApp } from './support/browser';
import type { TestApp } from './support/test-app';
import type { Browser } from 'playwright-core';

jest.setTimeout(90_000);

/** The console script (/assets/console.js) and a confirmation without script, in a real Chromium (issue 57). */
describe('fleet pages in Chromium: copy buttons, local times, confirmed destructive actions', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp());
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('issues a token, copies it with the script’s button, shows local times on hover, and retires a robot only once confirmed', async () => {
    const owner = await makeFleetOwner(t);
    const robot = await preRegister(t, owner, uniqueSerial('BROWSER'), 'Mover');
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const scriptErrors: string[] = [];
    page.on('pageerror', (err) => scriptErrors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') scriptErrors.push(msg.text());
    });
    try {
      await page.goto(`${base}/users/log-in`);
      await page.fill('#email', owner.reg.email);
      await page.fill('#password', owner.reg.password);
      await Promise.all([page.waitForURL(`${base}/app`), page.click('button[type=submit]')]);

      await page.goto(`${base}/app/enrollment-tokens`);
      await page.fill('#max_claims', '3');
      await Promise.all([page.waitForURL(/\/app\/enrollment-tokens\?shown=/), page.click('text=Issue token')]);
      const token = (await page.textContent('#new-enrollment-token'))!.trim();
      expect(token).toMatch(AGE_TOKEN);
      await page.click('#new-enrollment-token-copy');
      await page.waitForSelector('#new-enrollment-token-copy:text("Copied")');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      // a time's title is the reader's local time, set by the script (the text stays UTC)
      const title = await page.getAttribute('table#enrollment-tokens time', 'title');
      expect(title).toMatch(/\(your time\)$/);
      // a reload shows the token no more
      await page.reload();
      expect(await page.locator('#new-enrollment-token').count()).toBe(0);

      // retire: the first click only opens the confirmation; the second posts it
      await page.goto(`${base}/app/robots`);
      await page.click(`tr[data-robot-id="${robot.id}"] summary:text("Retire…")`);
      expect(await page.isVisible(`#retire-${robot.id}`)).toBe(true);
      expect(await page.textContent(`tr[data-robot-id="${robot.id}"] .status`)).toBe('pending');
      await Promise.all([page.waitForURL(`${base}/app/robots?notice=retired`), page.click(`#retire-${robot.id}`)]);
      expect(await page.textContent(`tr[data-robot-id="${robot.id}"] .status`)).toBe('retired');
      expect(scriptErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
