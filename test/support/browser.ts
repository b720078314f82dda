import { existsSync } from 'node:fs';
import { Browser, chromium, LaunchOptions } from 'playwright-core';
import { freePort } from './spawned-app';
import { createTestApp, type TestApp } from './test-app';

/**
 * Real headless Chromium: Debian's package (scripts/test.sh installs it when missing), driven by
 * playwright-core. Never a downloaded browser build.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install the Debian package chromium (scripts/test.sh does)`);
  }
  return chromium.launch(CHROMIUM_LAUNCH);
}

/**
 * The app listening on a port of its own with BASE_URL set to that origin (so the cross-origin
 * check sees the browser's forms as same-origin), and a Chromium to drive it; `env` adds settings.
 */
export async function startBrowserApp(env: Record<string, string> = {}): Promise<{ t: TestApp; base: string; browser: Browser }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { ...env, BASE_URL: base } });
  await t.app.listen(port, '127.0.0.1');
  return { t, base, browser: await launchChromium() };
}
