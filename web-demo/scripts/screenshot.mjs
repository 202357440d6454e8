#!/usr/bin/env node
// Takes the README's screenshot (docs/web-demo.png): the demo on the local stack in headless
// Debian Chromium, a quote verified in the page, funded by the development wallet and delivered.
//   node web-demo/scripts/screenshot.mjs [out.png]
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { launchChromium } from './browser.mjs';
import { startDemoStack } from './local-stack.mjs';

const out = process.argv[2] ?? fileURLToPath(new URL('../../docs/web-demo.png', import.meta.url));
const browser = await launchChromium({ viewport: { width: 1280, height: 860 } });
const stack = await startDemoStack();
try {
  const page = await browser.context.newPage();
  await page.goto(stack.demoUrl);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#quote-button');
  await page.waitForSelector('#checks li');
  await page.click('#fund-button');
  await page.waitForSelector('#status[data-status="filled"], #status[data-status="settled"]', { timeout: 60_000 });
  await page.screenshot({ path: out, fullPage: true });
  // Debian's pngquant, when present, makes the committed PNG a fraction of its size.
  if (existsSync('/usr/bin/pngquant')) {
    execFileSync('/usr/bin/pngquant', ['--force', '--skip-if-larger', '--quality', '60-90', '--output', out, out]);
  }
  console.log(`screenshot: ${out} (${statSync(out).size} bytes)`);
} finally {
  await browser.close();
  await stack.stop();
}
