import { DataSource } from 'typeorm';
import { launchChromium } from './support/browser';
import { makeWorkspace, type Registered } from './support/builders';
import { addMembership, makeOperator, sessionCookie } from './support/console';
import { IsolatedInfra } from './support/isolated-infra';
import { cookieHeader } from './support/operator';
import { freePort } from './support/spawned-app';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier';
import { WebhookReceiver } from './support/webhook-receiver';
import type { TestApp } from './support/test-app';
import type { Browser, Page } from 'playwright-core';

jest.setTimeout(90_000);

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe('the webhooks console page in a real headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let ws: Registered;
  const receiver = new WebhookReceiver();
  // Deliveries are made by this suite's own workers only (the shared queues have other suites' workers).
  const infra = new IsolatedInfra();

  beforeAll(async () => {
    await infra.start();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // BASE_URL is the origin the browser uses, so the cross-origin check sees same-origin forms
    t = await infra.app({ BASE_URL: base });
    await t.app.listen(port, '127.0.0.1');
    await receiver.start();
    browser = await launchChromium();
    ws = await makeWorkspace(t);
  });
  afterAll(async () => {
    await browser?.close();
    await infra.stop();
    await receiver.stop();
  });

  const submit = (page: Page, selector: string) => Promise.all([page.waitForLoadState('load'), page.click(selector)]);

  it('add a subscription (secret shown once), receive and retry a delivery, rotate, disable, enable, delete', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${base}/users/log-in`);
      await page.fill('#email', ws.email);
      await page.fill('#password', ws.password);
      await Promise.all([page.waitForURL(`${base}/app`), page.click('button[type=submit]')]);
      await Promise.all([page.waitForURL(`${base}/app/webhooks`), page.click('text=Webhooks')]);
      expect(await page.isVisible('#no-subscriptions')).toBe(true);

      // a refused form comes back with what to fix, and keeps what was typed
      await page.fill('#url', 'ftp://hooks.example.com/x');
      await page.fill('#description', 'kept');
      await submit(page, '#create-subscription');
      expect(await page.textContent('#form-errors')).toContain('event types: must not be empty');
      expect(await page.inputValue('#description')).toBe('kept');
      await page.check('#event-type-robot-claimed');
      await submit(page, '#create-subscription');
      expect(await page.textContent('#form-errors')).toContain('url: must be an http or https URL');
      expect(await page.isChecked('#event-type-robot-claimed')).toBe(true);
      await page.uncheck('#event-type-robot-claimed');

      // add one: the POST redirects to the subscription, whose page shows the secret once
      const url = receiver.url();
      await page.fill('#url', url);
      await page.fill('#description', 'from the console');
      await page.check('#event-type-agent-command-created');
      await submit(page, '#create-subscription');
      await page.waitForSelector('#new-secret');
      const secret = (await page.textContent('#new-secret'))!.trim();
      expect(secret).toMatch(SECRET);
      expect(await page.textContent('#subscription-url')).toBe(url);
      const id = await page.getAttribute('form[action$="/rotate"]', 'action').then((a) => a!.split('/')[3]);
      expect(page.url()).toMatch(new RegExp(`^${base}/app/webhooks/${id}\\?shown=[A-Za-z0-9_-]{22}$`));

      // a reload of that address: no secret, nothing posted again
      await page.reload();
      expect(await page.locator('#new-secret').count()).toBe(0);
      expect(await page.getAttribute('#shown-once-missing', 'data-reason')).toBe('gone');
      await page.goto(`${base}/app/webhooks/${id}`);
      expect(await page.locator('#new-secret').count()).toBe(0);
      expect(await page.content()).not.toContain(secret.slice(6, 20));
      expect(await page.textContent('#subscription-status')).toBe('active');

      // a change makes a delivery the receiver can verify with that secret
      const cookie = cookieHeader(Object.fromEntries((await context.cookies(base)).map((c) => [c.name, c.value])));
      await t
        .http()
        .post('/api/v1/operator/agent_commands')
        .set('cookie', cookie)
        .send({ service_agent_id: ws.defaultAgentId, name: 'wave' })
        .expect(201);
      const [req] = await receiver.waitFor(url);
      verifyStandardWebhook(secret, req.headers, req.rawBody);

      // it shows as succeeded; Retry sends it again with the same webhook-id
      await page.goto(`${base}/app/webhooks/${id}`);
      await page.waitForSelector('#deliveries .delivery-status');
      for (let i = 0; i < 50 && (await page.textContent('#deliveries .delivery-status')) !== 'succeeded'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        await page.reload();
      }
      expect(await page.textContent('#deliveries .delivery-status')).toBe('succeeded');
      await Promise.all([page.waitForURL(`${base}/app/webhooks/${id}?notice=retried`), page.click('#deliveries .retry')]);
      expect(await page.textContent('#notice')).toBe('A new attempt was queued.');
      const [, again] = await receiver.waitFor(url, 2);
      expect(again.headers['webhook-id']).toBe(req.headers['webhook-id']);

      // rotate: a new secret, once, on the page the POST redirects to; a reload rotates nothing
      // destructive actions ask first: the summary opens the confirmation, its button posts
      await page.click('summary:text("Rotate secret…")');
      await submit(page, '#rotate-secret');
      const rotated = (await page.textContent('#new-secret'))!.trim();
      expect(rotated).toMatch(SECRET);
      expect(rotated).not.toBe(secret);
      expect(page.url()).toMatch(new RegExp(`^${base}/app/webhooks/${id}\\?shown=`));
      const rotatedRow = () =>
        t.app.get(DataSource).query<unknown[]>(`SELECT secret_ciphertext FROM webhook_subscriptions WHERE id = $1`, [id]);
      const afterRotation = await rotatedRow();
      await page.reload();
      expect(await page.locator('#new-secret').count()).toBe(0);
      expect(await rotatedRow()).toEqual(afterRotation);

      // disable, enable
      await page.goto(`${base}/app/webhooks/${id}`);
      await page.click('summary:text("Disable…")');
      await Promise.all([page.waitForURL(`${base}/app/webhooks/${id}?notice=disabled`), page.click('#disable-subscription')]);
      expect(await page.textContent('#subscription-status')).toBe('disabled (operator)');
      expect(await page.locator('#deliveries .retry').count()).toBe(1); // any delivery can be retried by hand
      await Promise.all([page.waitForURL(`${base}/app/webhooks/${id}?notice=enabled`), page.click('#enable-subscription')]);
      expect(await page.textContent('#subscription-status')).toBe('active');

      // edit the event types through the settings form
      await page.uncheck('#event-type-agent-command-created');
      await page.check('#event-type-all');
      await Promise.all([page.waitForURL(`${base}/app/webhooks/${id}?notice=saved`), page.click('#save-subscription')]);
      expect(await page.isChecked('#event-type-all')).toBe(true);
      expect(await page.isChecked('#event-type-agent-command-created')).toBe(false);

      // delete
      await page.click('summary:text("Delete…")');
      await Promise.all([page.waitForURL(`${base}/app/webhooks?notice=deleted`), page.click('#delete-subscription')]);
      expect(await page.isVisible('#no-subscriptions')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows only its own notices: a property every object has is no notice', async () => {
    const cookie = await sessionCookie(t, ws);
    const page = (notice: string) =>
      t
        .http()
        .get(`/app/webhooks?notice=${notice}`)
        .set('cookie', cookie)
        .set('x-workspace-id', ws.workspaceId)
        .set('accept', 'text/html')
        .expect(200);
    expect((await page('deleted')).text).toContain('Subscription deleted.');
    for (const notice of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await page(notice);
      expect(res.text).not.toContain('id="notice"');
      expect(res.text).not.toContain('native code');
    }
  });

  it('is for owners and admins: a member gets the 403 page', async () => {
    const member = await makeOperator(t);
    await addMembership(t, member.reg.email, ws.workspaceId, 'member');
    const res = await t
      .http()
      .get('/app/webhooks')
      .set('cookie', member.cookie)
      .set('x-workspace-id', ws.workspaceId)
      .set('accept', 'text/html');
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
