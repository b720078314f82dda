import { startBrowserApp } from './support/browser';
import { uniqueEmail } from './support/builders';
import { makeOperator } from './support/console';
import { waitForMails } from './support/operator';
import type { TestApp } from './support/test-app';
import type { Browser } from 'playwright-core';

jest.setTimeout(90_000);

/** An invitation accepted into a new account from a real Chromium, which then sees the member list (ADR 0242). */
describe('accepting an invitation in a real headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => ({ t, base, browser } = await startBrowserApp()));
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('opens the mailed link, sets a password, lands signed in and sees the members page', async () => {
    const owner = await makeOperator(t);
    const email = uniqueEmail('browser-invitee');
    await t.http().post('/api/v1/operator/invitations').set('cookie', owner.cookie).send({ email, role: 'member' }).expect(201);
    const path = /\/users\/invitations\/[A-Za-z0-9_-]{43}/.exec((await waitForMails(t, email))[0].text)![0];

    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${base}${path}`);
      await page.fill('#password', 'a long enough browser password');
      await page.fill('#password_confirmation', 'a long enough browser password');
      await Promise.all([page.waitForURL(`${base}/app`), page.click('#new-account button[type=submit]')]);
      await Promise.all([page.waitForURL(`${base}/app/members`), page.click('#members-link')]);
      const rows = await page.locator('#members tbody tr').allTextContents();
      expect(rows.some((r) => r.includes(owner.reg.email) && r.includes('owner'))).toBe(true);
      expect(rows.some((r) => r.includes(email) && r.includes('member'))).toBe(true);
      expect(await page.locator('#invite').count()).toBe(0); // a member reads, without the forms
      // the link is used up
      const again = await page.goto(`${base}${path}`);
      expect(again?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });
});
