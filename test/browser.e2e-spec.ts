import { launchChromium } from './support/browser';
import { makeWorkspace } from './support/builders';
import { randomIPv4, resetPath, SESSION_COOKIE, waitForMails } from './support/operator';
import { freePort } from './support/spawned-app';
import { createTestApp, TestApp } from './support/test-app';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const NEW_PASSWORD = 'chromium chose this password';

/**
 * The real pages in headless Chromium. The app listens on a real port whose origin is its
 * BASE_URL, so the browser's Origin and Sec-Fetch-Site pass the cross-origin protection as they
 * would in production. It trusts the loopback proxy and each browser context sends its own
 * x-forwarded-for, so the login and reset throttles of other suites never meet these.
 */
describe('operator pages in headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { BASE_URL: base, TRUSTED_PROXY_IPS: '127.0.0.1,::1' } });
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': randomIPv4() } });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function logInWith(email: string, password: string): Promise<void> {
    await page.goto(`${base}/users/log-in`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await Promise.all([page.waitForURL(/\/(app|users\/log-in)/), page.click('button[type=submit]')]);
  }

  it('logs in, lands on /app, logs out, and /app then sends it back to the login page', async () => {
    const w = await makeWorkspace(t);
    await page.goto(`${base}/users/log-in`);
    expect(await page.title()).toMatch(/Log in/);
    await page.getByLabel('Email').fill(w.email);
    await page.getByLabel('Password').fill(w.password);
    await Promise.all([page.waitForURL(`${base}/app`), page.getByRole('button', { name: 'Log in' }).click()]);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Welcome/);
    expect(await page.textContent('body')).toContain(w.email);
    const cookies = await context.cookies(base);
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false, expires: -1 });
    // HttpOnly: page scripts cannot read it.
    expect(await page.evaluate('document.cookie')).not.toContain(SESSION_COOKIE);
    await page.screenshot({ path: '/tmp/browser-app.png', fullPage: true });

    await Promise.all([page.waitForURL(/\/users\/log-in/), page.getByRole('button', { name: 'Log out' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/users/log-in');
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/logged out/i);
    expect((await context.cookies(base)).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    await page.goto(`${base}/app`);
    expect(new URL(page.url()).pathname).toBe('/users/log-in');
  });

  it('a wrong password shows the generic message on the form, and no session', async () => {
    const w = await makeWorkspace(t);
    await logInWith(w.email, 'definitely not it at all');
    expect(new URL(page.url()).pathname).toBe('/users/log-in');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid email or password.');
    expect((await context.cookies(base)).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('requests a reset, follows the mailed link, sets a new password and logs in with it', async () => {
    const w = await makeWorkspace(t);
    await page.goto(`${base}/users/log-in`);
    await Promise.all([page.waitForURL(`${base}/users/forgot-password`), page.getByRole('link', { name: /forgot/i }).click()]);
    await page.getByLabel('Email').fill(w.email);
    await page.getByRole('button', { name: /send reset link/i }).click();
    await expect(page.locator('#reset-requested').textContent()).resolves.toMatch(/If your email is in our system/);

    // The link as mailed; any node's mailer may have sent it, so it is followed on this app.
    const [mail] = await waitForMails(t, w.email);
    const path = resetPath(mail);
    // The development mailbox answers a client on this machine only: this page's forwarded
    // address is not one, so it reads the mail from a page of its own without the header.
    await page.goto(`${base}/dev/mailbox`);
    expect(await page.locator(`a[href$="${path}"]`).count()).toBe(0);
    const local = await browser.newContext();
    try {
      const mailbox = await local.newPage();
      await mailbox.goto(`${base}/dev/mailbox`);
      expect(await mailbox.locator(`a[href$="${path}"]`).count()).toBe(1);
    } finally {
      await local.close();
    }
    await page.goto(`${base}${path}`);
    await page.fill('#password', NEW_PASSWORD);
    await page.fill('#password_confirmation', NEW_PASSWORD);
    await Promise.all([page.waitForURL(/\/users\/log-in\?notice=reset$/), page.getByRole('button', { name: /reset password/i }).click()]);
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/password has been reset/i);

    // The old password no longer works; the new one does.
    await logInWith(w.email, w.password);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid email or password.');
    await logInWith(w.email, NEW_PASSWORD);
    expect(page.url()).toBe(`${base}/app`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Welcome/);

    // The link was single use.
    await page.goto(`${base}${path}`);
    await expect(page.locator('#reset-dead-end').isVisible()).resolves.toBe(true);
    await Promise.all([
      page.waitForURL(`${base}/users/forgot-password`),
      page.getByRole('link', { name: /request a new reset link/i }).click(),
    ]);
  });
});
