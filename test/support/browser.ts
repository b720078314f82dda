import { existsSync } from 'node:fs';
import { Browser, chromium, LaunchOptions } from 'playwright-core';

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
