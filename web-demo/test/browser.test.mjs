// The web demo in a real browser: Debian's Chromium (playwright-core, headless, no download) loads
// the page from the demo backend, which talks to the real worker bundle in workerd (Miniflare)
// configured with two local anvil chains and the reference solver. Checks:
// - a quote verified in the page passes every check of the package, by name;
// - each tamper button makes the named check fail (and the verdict REJECTED), and the original
//   verifies again afterwards;
// - the development wallet funds the quote and the page follows its status to delivery; the
//   recipient's balance on the destination chain grows by at least minAmountOut;
// - no response delivered to the page carries the API key, and the page talks to its own origin only.
// Without /usr/bin/chromium this suite FAILS (scripts/ensure-chromium.sh installs it).
// Needs a core build with the quote engine (build/wasm-release, or SR_WASM_DIR).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { Contract, JsonRpcProvider } from 'ethers';

import { launchChromium } from '../scripts/browser.mjs';
import { DEMO_API_KEY, startDemoStack } from '../scripts/local-stack.mjs';

const CHECK_NAMES = [
  'signature', 'expiry', 'intent-hashes', 'vault', 'funding-target',
  'funding-calldata', 'route-matches-request', 'slippage-bound', 'competing-quotes',
];
// Which check must name each tampered field.
const TAMPER_CAUGHT_BY = {
  amount: 'route-matches-request',
  recipient: 'route-matches-request',
  portal: 'funding-target',
  signature: 'signature',
  expiry: 'expiry',
};

let stack;
let browser;
let page;
const responses = []; // {url, status, headers, body} of everything the page received
const pending = [];

before(async () => {
  // Chromium first: a missing browser is this suite's failure to report, before any slow setup.
  browser = await launchChromium();
  stack = await startDemoStack();
  const chains = await (await fetch(`${stack.demoUrl}/api/chains`)).json();
  assert.ok(Array.isArray(chains.chains),
    `the worker has no quote engine (build the core: scripts/build.sh, or set SR_WASM_DIR): ${JSON.stringify(chains)}`);
  page = await browser.context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('response', (response) => {
    pending.push(
      response.body()
        .then((body) => responses.push({ url: response.url(), status: response.status(), headers: response.headers(), body: body.toString('latin1') }))
        .catch(() => responses.push({ url: response.url(), status: response.status(), headers: response.headers(), body: '' })),
    );
  });
  page.on('pageerror', (error) => responses.push({ url: 'pageerror', status: 0, headers: {}, body: String(error) }));
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const checkStates = () =>
  page.$$eval('#checks li', (items) => items.map((li) => ({ name: li.dataset.check, ok: li.dataset.ok === 'true', detail: li.textContent })));

describe('web demo in Chromium', { timeout: 90_000 }, () => {
  test('a quote asked through the backend passes every check in the browser', async () => {
    await page.goto(stack.demoUrl);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
    await page.fill('#amount', '25');
    await page.click('#quote-button');
    // Either the report appears or the page says why not (problem+json, a script error).
    await page.waitForFunction(() => document.querySelector('#checks li') ||
      !['', 'Asking for a quote…'].includes(document.getElementById('form-message').textContent), null, { timeout: 20_000 });
    assert.equal(await page.textContent('#form-message'), '', 'the page reported a problem');
    const checks = await checkStates();
    assert.deepEqual(checks.map((c) => c.name), CHECK_NAMES);
    for (const check of checks) assert.ok(check.ok, `check failed on the untouched quote: ${check.detail}`);
    assert.equal(await page.textContent('#verdict'), 'all checks pass');
    assert.match(await page.textContent('#countdown'), /^\d+:\d\d$/);
    assert.ok((await page.$$('#route .intent')).length >= 1, 'the route lists its intents');
    assert.ok((await page.$$('#fees tbody tr')).length >= 1, 'the fees are listed');
  });

  for (const [tamper, caughtBy] of Object.entries(TAMPER_CAUGHT_BY)) {
    test(`tampering with the ${tamper} fails "${caughtBy}"`, async () => {
      await page.click(`[data-tamper="${tamper}"]`);
      await page.waitForSelector(`[data-tamper="${tamper}"].active`);
      const checks = await checkStates();
      const named = checks.find((c) => c.name === caughtBy);
      assert.equal(named.ok, false, `${caughtBy} passed a quote with a tampered ${tamper}: ${named.detail}`);
      assert.equal(await page.textContent('#verdict'), 'REJECTED');
      assert.equal(await page.isDisabled('#fund-button'), true, 'a tampered quote cannot be funded');
    });
  }

  test('the original quote verifies again, is funded by the dev wallet and delivered', async () => {
    await page.click('[data-tamper="none"]');
    const checks = await checkStates();
    assert.ok(checks.every((c) => c.ok), JSON.stringify(checks.filter((c) => !c.ok)));

    await Promise.all(pending);
    const quote = JSON.parse(responses.find((r) => r.url.endsWith('/api/quote')).body);
    assert.equal(await page.textContent('#quote-id'), quote.id);
    const destination = stack.deployment.chains.find((c) => c.chainId === quote.destination.chainId);
    const provider = new JsonRpcProvider(destination.rpcUrl, destination.chainId, { staticNetwork: true });
    const token = new Contract(quote.destination.token, ['function balanceOf(address) view returns (uint256)'], provider);
    const before = await token.balanceOf(quote.destination.recipient);

    await page.click('#fund-button');
    await page.waitForSelector('#fund-log [data-kind="funding"], #fund-log .fail', { timeout: 30_000 });
    assert.equal(await page.$('#fund-log .fail'), null, await page.textContent('#fund-log'));
    await page.waitForSelector('#status[data-status="filled"], #status[data-status="settled"]', { timeout: 45_000 });
    assert.match(await page.textContent('#status'), /delivered/);

    const received = (await token.balanceOf(quote.destination.recipient)) - before;
    provider.destroy();
    const minAmountOut = BigInt(quote.destination.minAmountOut);
    assert.ok(received >= minAmountOut, `recipient got ${received}, the quote promised at least ${minAmountOut}`);
  });

  test('exact-out: the fixed destination amount verifies, and raising it is caught', async () => {
    await page.selectOption('#type', 'exact-out');
    await page.fill('#amount', '10');
    const quoteIdBefore = await page.textContent('#quote-id');
    await page.click('#quote-button');
    await page.waitForFunction((previous) => document.getElementById('quote-id').textContent !== previous ||
      !['', 'Asking for a quote…'].includes(document.getElementById('form-message').textContent), quoteIdBefore);
    assert.equal(await page.textContent('#form-message'), '', 'the page reported a problem');
    const checks = await checkStates();
    assert.ok(checks.every((c) => c.ok), JSON.stringify(checks.filter((c) => !c.ok)));
    await page.click('[data-tamper="amount"]');
    const tampered = await checkStates();
    assert.equal(tampered.find((c) => c.name === 'route-matches-request').ok, false);
  });

  test('no response delivered to the page contains the API key or a development private key', async () => {
    await Promise.all(pending);
    const origin = new URL(stack.demoUrl).origin;
    const urls = responses.map((r) => r.url);
    for (const expected of ['/api/chains', '/api/tokens', '/api/quote', '/api/fund', '/api/status', '/vendor/stableroutes/wasm/verifier.wasm']) {
      assert.ok(urls.some((u) => u.includes(expected)), `the page never fetched ${expected}: ${urls.join(' ')}`);
    }
    assert.deepEqual(responses.filter((r) => r.url === 'pageerror'), [], 'the page threw');
    const devKeys = stack.deployment.accounts.users.map((u) => u.privateKey.slice(2).toLowerCase());
    assert.ok(devKeys.length > 0);
    for (const response of responses) {
      assert.equal(new URL(response.url).origin, origin, `the page talked to another origin: ${response.url}`);
      assert.ok(!response.body.includes(DEMO_API_KEY), `${response.url} delivered the API key in its body`);
      assert.ok(!JSON.stringify(response.headers).includes(DEMO_API_KEY), `${response.url} delivered the API key in a header`);
      const body = response.body.toLowerCase();
      assert.ok(!devKeys.some((key) => body.includes(key)), `${response.url} delivered a development private key`);
    }
  });
});
