import { randomBytes } from 'node:crypto';
import { launchChromium } from './support/browser';
import { makeWorkspace, type Registered } from './support/builders';
import { OidcTestProvider } from './support/oidc-provider';
import { randomIPv4, SESSION_COOKIE } from './support/operator';
import { freePort } from './support/spawned-app';
import { createTestApp, type TestApp } from './support/test-app';
import type { Browser, BrowserContext, Page } from 'playwright-core';

jest.setTimeout(60_000);

const hex = () => randomBytes(4).toString('hex');

/**
 * Single sign-on in a real headless Chromium against a real OpenID provider (oidc-provider on
 * loopback, Okta-shaped, no login page). The app's origin is `localhost` and the provider's
 * `127.0.0.1`, so the provider's redirect back to the callback is a cross-site navigation as in
 * production (the SameSite=Lax session and flow cookies must survive it). The app trusts the
 * loopback proxy and each browser context sends its own x-forwarded-for, so the log-in throttles
 * of other suites never meet these.
 */
describe('single sign-on in headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let idp: OidcTestProvider;
  const contexts: BrowserContext[] = [];
  const domain = `corp-${hex()}.test`;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    t = await createTestApp({ env: { BASE_URL: base, TRUSTED_PROXY_IPS: '127.0.0.1,::1' } });
    await t.app.listen(port, '127.0.0.1');
    [idp, browser] = await Promise.all([
      OidcTestProvider.start({ flavor: 'okta', redirectUris: [`${base}/users/sso/callback`] }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await idp?.close();
    await t?.close();
  });

  /** What Chromium logged as errors (a CSP violation is one), per page. */
  const consoleErrors = new WeakMap<Page, string[]>();

  /** A fresh context (no cookies) with its own client address; the pages' CSP applies. */
  async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': randomIPv4() } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    consoleErrors.set(page, errors);
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    return { context, page };
  }

  /** Clicks and waits for the navigation to `url`; a failed one names what Chromium logged. */
  async function clickTo(page: Page, url: string | RegExp, click: () => Promise<void>): Promise<void> {
    try {
      await Promise.all([page.waitForURL(url), click()]);
    } catch (err) {
      // Chromium logs a blocked navigation (a CSP violation) just after aborting it
      if (consoleErrors.get(page)?.length === 0) await page.waitForEvent('console', { timeout: 1000 }).catch(() => undefined);
      throw new Error(
        `no navigation to ${String(url)}: ${(err as Error).message}\nChromium logged: ${JSON.stringify(consoleErrors.get(page))}`,
        { cause: err },
      );
    }
  }

  const sessionOf = async (context: BrowserContext) => (await context.cookies(base)).find((c) => c.name === SESSION_COOKIE)?.value;

  it('an owner adds a connection and tests it without signing anybody in; a member then signs in by SSO from the log-in page', async () => {
    const owner: Registered = await makeWorkspace(t, { email: `owner-${hex()}@${domain}` });

    // the owner logs in with the password and opens the SSO settings
    const { context: ownerContext, page } = await freshPage();
    await page.goto(`${base}/users/log-in`);
    await page.fill('#email', owner.email);
    await page.fill('#password', owner.password);
    await Promise.all([page.waitForURL(`${base}/app`), page.click('button[type=submit]')]);
    const ownerSession = await sessionOf(ownerContext);
    expect(ownerSession).toBeTruthy();
    await page.goto(`${base}/app/settings/sso`);
    expect(await page.inputValue('#redirect-uri')).toBe(`${base}/users/sso/callback`);
    expect(await page.isVisible('#no-connections')).toBe(true);

    // the add form
    await page.fill('#add-name', 'Okta');
    await page.fill('#add-issuer', idp.issuer);
    await page.fill('#add-client-id', idp.clientId);
    await page.fill('#add-client-secret', idp.clientSecret);
    await page.fill('#add-domains', domain);
    await Promise.all([page.waitForURL(`${base}/app/settings/sso?notice=created`), page.click('#add-connection button[type=submit]')]);
    expect(await page.textContent('#notice')).toContain('Connection added');
    const section = page.locator('section[data-connection-id]');
    expect(await section.count()).toBe(1);
    const connectionId = (await section.getAttribute('data-connection-id'))!;
    expect(await section.textContent()).toContain(idp.issuer);
    expect(await section.textContent()).toContain(domain);

    // "Test sign-in": through the provider and back to the report, signed in as nobody new
    const tester = `tester-${hex()}@${domain}`;
    idp.setAccount({ sub: `00u${hex()}`, email: tester, email_verified: true, name: 'Test Person' });
    // (a form POST answered by a 302 to the provider: the page's CSP form-action must allow it)
    await clickTo(page, /\/users\/sso\/callback\?/, () => page.click(`#test-${connectionId}`));
    expect(idp.requestsTo(idp.endpoints.authorization).length).toBeGreaterThan(0);
    expect(idp.requestsTo(idp.endpoints.token)).toHaveLength(1);
    const report = await page.textContent('#test-result');
    expect(report).toContain(tester);
    expect(report).toContain('just-in-time provisioning is off');
    expect(await page.textContent('body')).toContain('Nobody was signed in by this test.');
    expect(await sessionOf(ownerContext)).toBe(ownerSession);
    await page.goto(`${base}/app`);
    const app = await page.textContent('body');
    expect(app).toContain(owner.email);
    expect(app).not.toContain(tester);

    // the edit form turns just-in-time provisioning on
    await page.goto(`${base}/app/settings/sso`);
    await page.click(`section[data-connection-id="${connectionId}"] summary`);
    await page.check(`#edit-${connectionId} input[name=jit_provisioning]`);
    await Promise.all([
      page.waitForURL(`${base}/app/settings/sso?notice=updated`),
      page.click(`#edit-${connectionId} button[type=submit]`),
    ]);
    const [conn] = (await t.http().get('/api/v1/operator/sso_connections').set('cookie', `${SESSION_COOKIE}=${ownerSession}`).expect(200))
      .body.sso_connections as { id: string; jit_provisioning: boolean; client_id: string; status: string }[];
    expect(conn).toMatchObject({ id: connectionId, jit_provisioning: true, client_id: idp.clientId, status: 'active' });

    // a new address at the domain, from the log-in page of a browser with no cookies
    const member = `member-${hex()}@${domain}`;
    idp.setAccount({ sub: `00u${hex()}`, email: member, email_verified: true, name: 'New Member' });
    const { context, page: memberPage } = await freshPage();
    await memberPage.goto(`${base}/users/log-in`);
    await Promise.all([memberPage.waitForURL(`${base}/users/sso`), memberPage.click('#sso-link')]);
    await memberPage.getByLabel('Work email').fill(member);
    await clickTo(memberPage, `${base}/app`, () => memberPage.getByRole('button', { name: 'Continue' }).click());
    expect(await memberPage.textContent('body')).toContain(member);
    expect(await sessionOf(context)).toBeTruthy();
    expect((await context.cookies(base)).map((c) => c.name)).not.toContain('_agent_ops_sso');
    // a console page loads for the new member
    const members = await memberPage.goto(`${base}/app/members`);
    expect(members?.status()).toBe(200);
    expect(await memberPage.textContent('#members')).toContain(member);
    expect(consoleErrors.get(page)).toEqual([]);
    expect(consoleErrors.get(memberPage)).toEqual([]);
  });

  it('an address whose domain has no connection gets the generic message on /users/sso', async () => {
    const { page } = await freshPage();
    await page.goto(`${base}/users/sso`);
    await page.getByLabel('Work email').fill(`someone@nowhere-${hex()}.test`);
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${base}/users/sso` && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Continue' }).click(),
    ]);
    expect(res.status()).toBe(404);
    expect(await page.textContent('#sso-error')).toContain('Single sign-on is not set up for that address.');
    expect(page.url()).toBe(`${base}/users/sso`);
  });
});
