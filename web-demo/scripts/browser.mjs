// Debian's Chromium driven by playwright-core: no browser download, a fresh profile each time, and
// nothing that phones home, so the browser test and the screenshot stay on loopback.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.SR_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @returns {Promise<{context: import('playwright-core').BrowserContext, close: () => Promise<void>}>} */
export async function launchChromium({ viewport = { width: 1280, height: 900 } } = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: run scripts/ensure-chromium.sh (apt-get install chromium) first`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'sr-web-demo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
