import { generate } from 'otplib';
import { startBrowserApp } from './support/browser';
import { makeWorkspace } from './support/builders';
import { cookieHeader, logIn, randomIPv4, SESSION_COOKIE } from './support/operator';
import type { TestApp } from './support/test-app';
import type { Browser } from 'playwright-core';

/** Real Chromium: a log-in with a password, then the authenticator app's code on the MFA page, lands on /app. */
describe('second factor in the browser', () => {
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

  it('logs in from the page with the password, then the TOTP code from the MFA page, landing on /app', async () => {
    const w = await makeWorkspace(t);
    const { session } = await logIn(t, w, { ip: randomIPv4(), json: true });
    const cookie = cookieHeader({ [SESSION_COOKIE]: session });
    const secret = (await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201)).body.secret as string;
    const codeNow = () => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
    await t
      .http()
      .post('/api/v1/operator/me/mfa/totp/confirm')
      .set('cookie', cookie)
      .send({ code: await codeNow() })
      .expect(200);
    t.clock.advance(30_000); // the confirming code is used: the log-in needs the next one

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base}/users/log-in`);
      await page.getByLabel('Email').fill(w.email);
      await page.getByLabel('Password').fill(w.password);
      await Promise.all([page.waitForURL(`${base}/users/log-in/mfa`), page.getByRole('button', { name: 'Log in' }).click()]);
      expect((await context.cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);
      await page.getByLabel(/authenticator app/).fill(await codeNow());
      await Promise.all([page.waitForURL(`${base}/app`), page.getByRole('button', { name: 'Verify' }).click()]);
      expect(await page.textContent('body')).toContain(w.email);
      const names = (await context.cookies()).map((c) => c.name);
      expect(names).toContain(SESSION_COOKIE);
      expect(names).not.toContain('_agent_ops_mfa');
    } finally {
      await context.close();
    }
  });
});
