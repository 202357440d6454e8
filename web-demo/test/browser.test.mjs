// The web demo in a real browser: Debian's Chromium (playwright-core, headless, no download) loads
// the page from the demo backend, which talks to the real worker bundle in workerd (Miniflare)
// configured with two local anvil chains and the reference solver. Checks:
// - a quote verified in the page passes every check of the package, by name;
// - each tamper button makes the named check fail (and the verdict REJECTED), and the original
//   verifies again afterwards; the compromised-signer tamper (the backend changes the route to pay
//   an attacker and re-signs the quote with the local development quote signer) fails
//   "delivery-route" alone, its signature recovering to the chain's quoteSigner;
// - the development wallet funds the quote and the page follows its status to delivery on the
//   API's keyless status stream (never polling); the recipient's balance on the destination chain
//   grows by exactly amountOut and each fee recipient's by its fee (the page lists who receives
//   each fee and what arrives);
// - with an injected EIP-1193 wallet (window.ethereum, whose eth_sendTransaction the test signs
//   with a development account and sends to the local anvil chain), the page connects it, switches
//   it to the quote's source chain, has it send the approval and the funding transaction, and
//   follows the intent to delivery on the stream; then it sends a verified deposit address its
//   amount as one USDC transfer (the refund recipient following the connected account), which the
//   page follows to delivery too; the backend's development wallet stays unused;
// - a deposit address asked in the page of the keyless gateway passes every check of
//   verifyDepositAddress, by name, and only then is its address shown (the one the gateway
//   answered, whose signature ethers recovers to the source chain's quoteSigner); each deposit
//   tamper fails its named check and hides the address; the development wallet's transfer to the
//   address is followed on the keyless stream to delivery and the recipient's balance grows by at
//   least minAmountOut;
// - no response delivered to the page carries the API key or a development private key (the
//   quote signer's included), and the page talks to its own origin
//   only, apart from the API's keyless status stream and deposit-address gateway.
// Without /usr/bin/chromium this suite FAILS (scripts/ensure-chromium.sh installs it).
// Needs a core build with the quote engine (build/wasm-release, or SR_WASM_DIR).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { readFileSync } from 'node:fs';

import { Contract, Interface, JsonRpcProvider, MaxUint256, Wallet, getAddress, keccak256, verifyTypedData } from 'ethers';

import { loadArtifact } from '../../scripts/chains/compile.mjs';
import { LOCAL_SOLVERS } from '../../scripts/chains/deploy.mjs';
import { ATTACKER } from '../compromised-signer.mjs';
import { launchChromium } from '../scripts/browser.mjs';
import { DEMO_API_KEY, startDemoStack } from '../scripts/local-stack.mjs';

const CHECK_NAMES = [
  'signature', 'expiry', 'intent-hashes', 'funded-intent', 'vault', 'funding-target', 'funding-calldata',
  'route-matches-request', 'first-leg', 'delivery-route', 'deadlines', 'slippage-bound', 'fees', 'competing-quotes',
];
// Which check must name each tampered field.
const TAMPER_CAUGHT_BY = {
  amount: 'route-matches-request',
  recipient: 'route-matches-request',
  portal: 'funding-target',
  signature: 'signature',
  expiry: 'expiry',
};

const DEPOSIT_CHECK_NAMES = [
  'signature', 'deadline', 'intent-hash', 'vault', 'route-pays-recipient',
  'reward-locks-deposit', 'fees', 'matches-request',
];
// Which check must name each tampered field of a deposit address's answer.
const DEPOSIT_TAMPER_CAUGHT_BY = {
  vault: 'vault',
  recipient: 'matches-request',
  minAmountOut: 'route-pays-recipient',
  signature: 'signature',
  deadline: 'deadline',
};

// DEVELOPMENT ONLY: the local quote signer's key, which the backend re-signs with (never the page).
const DEV_SIGNER_KEY = JSON.parse(readFileSync(new URL('../../config/local/secrets.json', import.meta.url), 'utf8')).quoteSignerKey;
const QUOTE_TYPES = { Quote: [{ name: 'id', type: 'string' }, { name: 'intentHashes', type: 'bytes32[]' }, { name: 'expiresAt', type: 'uint64' }] };
const signedHashes = (quote) => [...new Set([quote.intentHash, ...quote.steps.flatMap((s) => s.intents.map((i) => i.intentHash))]
  .filter((h) => h !== null).map((h) => h.toLowerCase()))].sort();

let stack;
let stackStarting; // the stack's start, so that `after` can stop a stack that came up late
const setupLog = []; // how far the stack's start got, reported when `before` gives up
let browser;
let page;
const responses = []; // {url, status, headers, body} of everything the page received
const pending = [];

before(async () => {
  // Chromium first: a missing browser is this suite's failure to report, before any slow setup.
  browser = await launchChromium();
  stackStarting = startDemoStack({ log: (line) => setupLog.push(`${new Date().toISOString()} ${line}`) });
  stack = await stackStarting;
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
  if (!stack && stackStarting) {
    // `before` gave up: say how far the stack got, and stop it if it comes up within 30 s (its
    // chains would otherwise keep this process alive).
    console.error(`the demo stack did not start in time; its start log:\n${setupLog.join('\n') || '(nothing)'}`);
    stack = await Promise.race([stackStarting.catch(() => null), new Promise((resolve) => setTimeout(() => resolve(null), 30_000))]);
  }
  await stack?.stop();
});

const ERC20 = ['function balanceOf(address) view returns (uint256)', 'function allowance(address, address) view returns (uint256)', 'function approve(address, uint256) returns (bool)'];
const APPROVE = new Interface(['function approve(address spender, uint256 amount)']);
const PORTAL = new Interface(loadArtifact('Portal').abi);
const rpcOf = (chainId) => stack.deployment.chains.find((c) => c.chainId === chainId);
const providerOf = (chainId) => new JsonRpcProvider(rpcOf(chainId).rpcUrl, chainId, { staticNetwork: true });
/** The latest quote the backend handed the page. */
const lastQuote = async () => {
  await Promise.all(pending);
  return JSON.parse(responses.findLast((r) => r.url.endsWith('/api/quote')).body);
};

/** Asks the page for an exact-in quote of `amount` `symbol` from `funder`; resolves once it shows it. */
async function pageQuote({ funder, symbol = 'USDC', amount }) {
  await page.selectOption('#type', 'exact-in');
  await page.fill('#funder', funder);
  await page.selectOption('#source-token', { label: symbol });
  await page.selectOption('#destination-token', { label: symbol });
  await page.fill('#amount', amount);
  const quoteIdBefore = await page.textContent('#quote-id');
  await page.click('#quote-button');
  await page.waitForFunction((previous) => document.getElementById('quote-id').textContent !== previous ||
    !['', 'Asking for a quote…'].includes(document.getElementById('form-message').textContent), quoteIdBefore, { timeout: 20_000 });
  assert.equal(await page.textContent('#form-message'), '', 'the page reported a problem');
  assert.equal(await page.textContent('#verdict'), 'all checks pass');
  return lastQuote();
}

/** The transactions the page lists for the wallet: kind, gas limit, estimated or not, approved amount. */
const shownTransactions = () => page.$$eval('#transactions tbody tr', (rows) => rows.map((r) => ({
  kind: r.dataset.kind, gas: r.dataset.gas, estimated: r.dataset.estimated, amount: r.dataset.amount ?? null, text: r.textContent,
})));
/** The allowance, balance and block the page shows as read from the source chain. */
const shownFundingChecks = () => page.$$eval('#funding-checks dd', (cells) => Object.fromEntries(cells.map((c) => [c.dataset.field, { ...c.dataset, text: c.textContent }])));

/**
 * Compares what the page shows of `quote`'s transactions and checks with the API's answer, and
 * the answer with the chain: each approval decoded with ethers (spender the source Portal), the
 * allowance and balance read again with ethers at the block the answer names.
 */
async function assertShownFunding(quote, expectedKinds) {
  const source = rpcOf(quote.source.chainId);
  const approvals = quote.execution.approvals;
  const decoded = approvals.map((tx) => APPROVE.decodeFunctionData('approve', tx.data));
  for (const [spender] of decoded) assert.equal(getAddress(spender), getAddress(source.portal));
  const sent = [...approvals, quote.execution.transaction];
  const shown = await shownTransactions();
  assert.deepEqual(shown.map((t) => t.kind), expectedKinds, JSON.stringify(shown));
  assert.deepEqual(shown.map((t) => [t.gas, t.estimated]), sent.map((tx) => [String(tx.gas), String(tx.gasEstimated)]));
  assert.deepEqual(shown.slice(0, -1).map((t) => t.amount), decoded.map(([, amount]) => amount.toString()));
  // On the local chains the service reads the chain: every limit is estimated, and says so.
  for (const t of shown) assert.match(t.text, /estimated against the chain/);
  assert.equal(await page.isVisible('#no-approval'), approvals.length === 0);

  const { checks } = quote;
  assert.ok(checks, 'the local chains are read: the quote carries checks');
  const shownChecks = await shownFundingChecks();
  assert.deepEqual(
    [shownChecks.allowance.actual, shownChecks.allowance.required, getAddress(shownChecks.allowance.spender), shownChecks.balance.actual, shownChecks.balance.required, shownChecks.block.blockNumber],
    [checks.allowance.actual, checks.allowance.required, getAddress(checks.allowance.spender), checks.balance.actual, checks.balance.required, String(checks.blockNumber)]);
  assert.match(shownChecks.block.text, new RegExp(`block ${checks.blockNumber}\\b`));
  const provider = providerOf(quote.source.chainId);
  try {
    const token = new Contract(quote.source.token, ERC20, provider);
    const blockTag = Number(checks.blockNumber);
    assert.equal((await token.allowance(quote.source.funder, source.portal, { blockTag })).toString(), checks.allowance.actual);
    assert.equal((await token.balanceOf(quote.source.funder, { blockTag })).toString(), checks.balance.actual);
  } finally {
    provider.destroy();
  }
  assert.equal(checks.allowance.required, quote.source.amount);

  // The fill-time estimate: the solver's own (its configuration, which the remote solver answers).
  const solver = LOCAL_SOLVERS.find((s) => s.id === quote.solver.id);
  assert.equal(quote.estimatedFulfillTimeSec, solver.estimatedFulfillTimeSec);
  assert.match(await page.textContent('#amounts [data-field="fill-time"]'), new RegExp(`about ${quote.estimatedFulfillTimeSec} s after funding`));
}

const checkStates = (list = '#checks') =>
  page.$$eval(`${list} li`, (items) => items.map((li) => ({ name: li.dataset.check, ok: li.dataset.ok === 'true', detail: li.textContent })));
const depositChecks = () => checkStates('#deposit-checks');
/** The latest deposit address the gateway answered the page. */
const depositAnswer = () => JSON.parse(responses.findLast((r) => r.url.endsWith('/v1/acme-gateway/deposit-addresses')).body);
/** What the page shows of the deposit address: nothing unless every check passed. */
const shownAddress = async () => ({
  hidden: await page.isHidden('#deposit-address-box'),
  text: await page.textContent('#deposit-address'),
});

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
    // Each fee says who receives it (an address paid on chain, or the solver), and what arrives.
    await Promise.all(pending);
    const quote = JSON.parse(responses.find((r) => r.url.endsWith('/api/quote')).body);
    const shown = await page.$$eval('#fees tbody tr .fee-recipient', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(shown, quote.fees.map((f) => f.recipient ?? `the solver (${quote.solver.id})`));
    assert.ok(quote.fees.some((f) => f.type === 'gateway' && f.recipient !== null), 'the partner fee names its recipient');
    assert.match(await page.textContent('#amounts'), /Arrives.*exactly/);
    // A fresh funder has given the Portal no allowance: one approval of the amount, then the funding.
    await assertShownFunding(quote, ['approval', 'funding']);
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

  test('a compromised signer\'s quote (the route paying an attacker, re-signed) fails "delivery-route" alone: its signature passes', async () => {
    const button = '[data-tamper="compromised-signer"]';
    assert.equal(await page.isVisible(button), true, 'the local demo offers the compromised-signer tamper');
    await page.click(button);
    // The backend re-signs it (or the page says why not).
    await page.waitForFunction((selector) => document.querySelector(`${selector}.active`) ||
      document.getElementById('subject').textContent.startsWith('The compromised signer could not'), button);
    assert.equal(await page.$(`${button}.active`) !== null, true, await page.textContent('#subject'));
    await Promise.all(pending);
    const genuine = JSON.parse(responses.find((r) => r.url.endsWith('/api/quote')).body);
    const resigned = JSON.parse(responses.findLast((r) => r.url.endsWith('/api/compromised-signer')).body);
    // The copy's route pays the attacker where the genuine one pays the recipient (read with ethers).
    const transfer = new Interface(['function transfer(address to, uint256 amount)']);
    const payees = (quote) => quote.execution.intent.route.calls.map((c) => getAddress(transfer.decodeFunctionData('transfer', c.data).to));
    assert.equal(payees(genuine)[0], getAddress(genuine.destination.recipient));
    assert.deepEqual(payees(resigned), [getAddress(ATTACKER), ...payees(genuine).slice(1)]);
    assert.notEqual(resigned.intentHash, genuine.intentHash);
    // Properly signed: ethers recovers the source chain's quoteSigner from the new hashes.
    const chain = (await (await fetch(`${stack.demoUrl}/api/chains`)).json()).chains.find((c) => c.chainId === resigned.source.chainId);
    const signer = verifyTypedData({ name: 'ServiceQuoteV1', version: '1', chainId: resigned.source.chainId }, QUOTE_TYPES,
      { id: resigned.id, intentHashes: signedHashes(resigned), expiresAt: resigned.expiresAt }, resigned.signature);
    assert.equal(signer, chain.quoteSigner);
    assert.equal(signer, new Wallet(DEV_SIGNER_KEY).address);

    const checks = await checkStates();
    assert.ok(checks.find((c) => c.name === 'signature').ok, 'the re-signed quote\'s signature passes');
    assert.deepEqual(checks.filter((c) => !c.ok).map((c) => c.name), ['delivery-route'], JSON.stringify(checks.filter((c) => !c.ok)));
    // The rule names the call that pays the attacker.
    assert.match(checks.find((c) => c.name === 'delivery-route').detail, /intent\.route\.calls\[0\] is not the call the asked route makes/);
    assert.equal(await page.textContent('#verdict'), 'REJECTED');
    assert.equal(await page.isDisabled('#fund-button'), true, 'a re-signed quote cannot be funded');
  });

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
    const paidFees = quote.fees.filter((f) => f.recipient !== null && f.amount !== '0');
    const feesBefore = await Promise.all(paidFees.map((f) => token.balanceOf(f.recipient)));

    await page.click('#fund-button');
    await page.waitForSelector('#fund-log [data-kind="funding"], #fund-log .fail', { timeout: 30_000 });
    assert.equal(await page.$('#fund-log .fail'), null, await page.textContent('#fund-log'));
    await page.waitForSelector('#status[data-status="filled"], #status[data-status="settled"]', { timeout: 45_000 });
    assert.match(await page.textContent('#status'), /delivered/);
    assert.equal(await page.getAttribute('#status', 'data-via'), 'stream');

    const received = (await token.balanceOf(quote.destination.recipient)) - before;
    const feesReceived = await Promise.all(paidFees.map(async (f, i) => (await token.balanceOf(f.recipient)) - feesBefore[i]));
    provider.destroy();
    // The approval and the funding went with the gas limits the page showed (read back with ethers).
    const hashes = await page.$$eval('#fund-log [data-kind="approval"] code, #fund-log [data-kind="funding"] code', (codes) => codes.map((c) => c.title));
    const sourceProvider = providerOf(quote.source.chainId);
    const limits = await Promise.all(hashes.map(async (h) => (await sourceProvider.getTransaction(h)).gasLimit.toString()));
    sourceProvider.destroy();
    assert.deepEqual(limits, (await shownTransactions()).map((t) => t.gas));
    // Exactly what the answer says arrives, and each fee reaches the recipient it names.
    assert.equal(received, BigInt(quote.destination.amountOut));
    assert.equal(quote.destination.minAmountOut, quote.destination.amountOut);
    assert.ok(paidFees.length >= 1, 'the gateway fee is paid on chain');
    assert.deepEqual(feesReceived, paidFees.map((f) => BigInt(f.amount)));
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

  test('a deposit address asked in the page passes every check, and only then is it shown', async () => {
    assert.equal(await shownAddress().then((a) => a.hidden), true, 'no address before one was asked for');
    const refund = stack.deployment.accounts.users[1].address;
    assert.equal(await page.inputValue('#refund-recipient'), refund, 'the refund recipient is prefilled with the funder');
    await page.fill('#amount', '12.5');
    await page.click('#deposit-button');
    await page.waitForFunction(() => document.querySelector('#deposit-checks li') ||
      !['', 'Asking for a deposit address…'].includes(document.getElementById('deposit-message').textContent), null, { timeout: 20_000 });
    assert.equal(await page.textContent('#deposit-message'), '', 'the page reported a problem');
    const checks = await depositChecks();
    assert.deepEqual(checks.map((c) => c.name), DEPOSIT_CHECK_NAMES);
    for (const check of checks) assert.ok(check.ok, `check failed on the untouched answer: ${check.detail}`);
    assert.equal(await page.textContent('#deposit-verdict'), 'all checks pass');

    // The address shown is the gateway's answer to the page's own request, signed by the source
    // chain's quoteSigner (recovered here with ethers, independently of the package).
    await Promise.all(pending);
    const created = responses.findLast((r) => r.url.endsWith('/v1/acme-gateway/deposit-addresses'));
    assert.equal(created?.status, 201, created?.body);
    const answer = JSON.parse(created.body);
    assert.deepEqual(await shownAddress(), { hidden: false, text: answer.vaultAddress });
    assert.equal(answer.source.amount, '12500000');
    assert.equal(answer.destination.recipient, await page.inputValue('#recipient'));
    assert.equal(answer.intent.reward.creator, refund);
    const sourceChain = (await (await fetch(`${stack.demoUrl}/api/chains`)).json()).chains.find((c) => c.chainId === answer.source.chainId);
    const signer = verifyTypedData({ name: 'ServiceQuoteV1', version: '1', chainId: answer.source.chainId },
      { Quote: [{ name: 'id', type: 'string' }, { name: 'intentHashes', type: 'bytes32[]' }, { name: 'expiresAt', type: 'uint64' }] },
      { id: `quote:${answer.quoteId}`, intentHashes: [answer.intentHash], expiresAt: answer.deadline }, answer.signature);
    assert.equal(signer, sourceChain.quoteSigner);
    assert.equal(await page.isDisabled('#deposit-send-button'), false);
  });

  for (const [tamper, caughtBy] of Object.entries(DEPOSIT_TAMPER_CAUGHT_BY)) {
    test(`tampering with the deposit address's ${tamper} fails "${caughtBy}" and hides the address`, async () => {
      await page.click(`[data-deposit-tamper="${tamper}"]`);
      await page.waitForSelector(`[data-deposit-tamper="${tamper}"].active`);
      await Promise.all(pending);
      const checks = await depositChecks();
      const named = checks.find((c) => c.name === caughtBy);
      assert.equal(named.ok, false, `${caughtBy} passed an answer with a tampered ${tamper}: ${named.detail}`);
      assert.equal(await page.textContent('#deposit-verdict'), 'REJECTED');
      assert.deepEqual(await shownAddress(), { hidden: true, text: '' }, 'a tampered answer shows no address');
      assert.equal(await page.isVisible('#deposit-withheld'), true);
      // Nor does any check's detail print it (the vault check recomputes it).
      const vault = depositAnswer().vaultAddress.toLowerCase();
      assert.ok(!(await page.textContent('#deposit-verification')).toLowerCase().includes(vault), 'the address is printed in the report');
    });
  }

  test('the original deposit address is shown again, the dev wallet sends to it and it is delivered', async () => {
    await page.click('[data-deposit-tamper="none"]');
    const checks = await depositChecks();
    assert.ok(checks.every((c) => c.ok), JSON.stringify(checks.filter((c) => !c.ok)));
    await Promise.all(pending);
    const answer = depositAnswer();
    assert.deepEqual(await shownAddress(), { hidden: false, text: answer.vaultAddress });

    const destination = stack.deployment.chains.find((c) => c.chainId === answer.destination.chainId);
    const provider = new JsonRpcProvider(destination.rpcUrl, destination.chainId, { staticNetwork: true });
    const token = new Contract(answer.destination.token, ['function balanceOf(address) view returns (uint256)'], provider);
    const before = await token.balanceOf(answer.destination.recipient);

    await page.click('#deposit-send-button');
    await page.waitForSelector('#deposit-log [data-kind="transfer"], #deposit-log .fail', { timeout: 30_000 });
    assert.equal(await page.$('#deposit-log .fail'), null, await page.textContent('#deposit-log'));
    await page.waitForSelector('#deposit-status[data-status="filled"], #deposit-status[data-status="settled"]', { timeout: 60_000 });
    assert.match(await page.textContent('#deposit-status'), /delivered/);
    assert.equal(await page.getAttribute('#deposit-status', 'data-via'), 'stream');

    const received = (await token.balanceOf(answer.destination.recipient)) - before;
    provider.destroy();
    assert.ok(received >= BigInt(answer.minAmountOut), `recipient got ${received}, the answer promised at least ${answer.minAmountOut}`);
    await Promise.all(pending);
    assert.ok(responses.some((r) => r.url.includes(`/v1/public/intents/stream?intentHash=${answer.intentHash}`)), 'followed on the keyless stream');
  });

  test('an injected EIP-1193 wallet funds the quote and a deposit address, followed on the keyless stream', async () => {
    // The wallet: a development account on the local chains, starting on the destination chain
    // so that the page has to switch it. Its eth_sendTransaction is signed here and sent to anvil.
    const user = stack.deployment.accounts.users[2];
    const rpcOf = (chainId) => stack.deployment.chains.find((c) => c.chainId === chainId)?.rpcUrl;
    let chainId = stack.deployment.chains[1].chainId;
    let connected = false;
    const calls = [];
    const sentFrom = [];
    async function wallet(method, params = []) {
      calls.push(method);
      switch (method) {
        case 'eth_requestAccounts':
          connected = true;
          return [user.address];
        case 'eth_accounts': // nothing until the site was allowed
          return connected ? [user.address] : [];
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`;
        case 'wallet_switchEthereumChain': {
          const wanted = Number(params[0].chainId);
          if (!rpcOf(wanted)) throw new Error(`4902 unknown chain ${wanted}`);
          chainId = wanted;
          return null;
        }
        case 'eth_sendTransaction': {
          const [tx] = params;
          assert.equal(tx.from.toLowerCase(), user.address.toLowerCase());
          assert.equal(Number(tx.chainId), chainId, 'the page sent on the chain the wallet is on');
          const provider = new JsonRpcProvider(rpcOf(chainId), chainId, { staticNetwork: true });
          try {
            const signer = new Wallet(user.privateKey, provider);
            const nonce = await provider.getTransactionCount(user.address, 'pending');
            const sent = await signer.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? 0), chainId, nonce });
            sentFrom.push({ hash: sent.hash, chainId });
            return sent.hash;
          } finally {
            provider.destroy();
          }
        }
        default: {
          // Reads (eth_getTransactionReceipt, ...) go to the node of the wallet's current chain.
          const provider = new JsonRpcProvider(rpcOf(chainId), chainId, { staticNetwork: true });
          try {
            return await provider.send(method, params);
          } finally {
            provider.destroy();
          }
        }
      }
    }

    const walletPage = await browser.context.newPage();
    walletPage.setDefaultTimeout(10_000);
    const seen = [];
    const bodies = [];
    walletPage.on('response', (response) => {
      seen.push(response.url());
      bodies.push(response.body().then((body) => ({ url: response.url(), body: body.toString('latin1') }), () => ({ url: response.url(), body: '' })));
    });
    const errors = [];
    walletPage.on('pageerror', (error) => errors.push(String(error)));
    try {
      await walletPage.exposeFunction('__srTestWallet', wallet);
      await walletPage.addInitScript(() => {
        const listeners = {};
        window.ethereum = {
          request: ({ method, params }) => window.__srTestWallet(method, params ?? []),
          on: (event, listener) => (listeners[event] ??= []).push(listener),
          removeListener: (event, listener) => { listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener); },
        };
      });
      await walletPage.goto(stack.demoUrl);
      await walletPage.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
      await walletPage.click('#connect-wallet');
      await walletPage.waitForFunction((address) => document.getElementById('funder').value === address, user.address);
      assert.equal(await walletPage.textContent('#wallet-account'), user.address);

      await walletPage.selectOption('#type', 'exact-in');
      await walletPage.fill('#amount', '25');
      await walletPage.click('#quote-button');
      await walletPage.waitForFunction(() => document.querySelector('#checks li') ||
        !['', 'Asking for a quote…'].includes(document.getElementById('form-message').textContent), null, { timeout: 20_000 });
      assert.equal(await walletPage.textContent('#form-message'), '', 'the page reported a problem');
      assert.equal(await walletPage.textContent('#verdict'), 'all checks pass');
      assert.equal(await walletPage.textContent('#fund-button'), 'Fund with wallet');
      assert.equal(await walletPage.isHidden('#dev-badge'), true, 'no development wallet with a real one');

      const quote = JSON.parse((await Promise.all(bodies)).findLast((r) => r.url.endsWith('/api/quote')).body);
      assert.equal(quote.execution.transaction.from, user.address);
      const destination = stack.deployment.chains.find((c) => c.chainId === quote.destination.chainId);
      // The deposit below goes to the same recipient on the same chain.
      const provider = new JsonRpcProvider(destination.rpcUrl, destination.chainId, { staticNetwork: true });
      const token = new Contract(quote.destination.token, ['function balanceOf(address) view returns (uint256)'], provider);
      const before = await token.balanceOf(quote.destination.recipient);

      await walletPage.click('#fund-button');
      await walletPage.waitForSelector('#fund-log [data-kind="funding"], #fund-log .fail', { timeout: 60_000 });
      assert.equal(await walletPage.$('#fund-log .fail'), null, await walletPage.textContent('#fund-log'));
      await walletPage.waitForSelector('#status[data-status="filled"], #status[data-status="settled"]', { timeout: 45_000 });
      assert.match(await walletPage.textContent('#status'), /delivered/);
      const received = (await token.balanceOf(quote.destination.recipient)) - before;
      assert.ok(received >= BigInt(quote.destination.minAmountOut), `recipient got ${received}, the quote promised at least ${quote.destination.minAmountOut}`);

      // The wallet was asked as a dapp asks one, and sent both transactions on the source chain.
      for (const method of ['eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain', 'eth_sendTransaction', 'eth_getTransactionReceipt']) {
        assert.ok(calls.includes(method), `the page never called ${method}: ${calls.join(' ')}`);
      }
      const expectedSends = quote.execution.approval ? 2 : 1;
      assert.equal(sentFrom.length, expectedSends);
      assert.ok(sentFrom.every((s) => s.chainId === quote.source.chainId));
      const funded = await walletPage.$$eval('#fund-log [data-kind="funding"] code', (codes) => codes.map((c) => c.title));
      assert.deepEqual(funded, [sentFrom.at(-1).hash]);

      // A deposit address, sent its amount by the same wallet: one plain USDC transfer to the
      // verified address, on the source chain; the refunds go back to the connected account.
      assert.equal(await walletPage.inputValue('#refund-recipient'), user.address, 'the refund recipient follows the connected account');
      await walletPage.fill('#amount', '7');
      await walletPage.click('#deposit-button');
      await walletPage.waitForFunction(() => document.querySelector('#deposit-checks li') ||
        !['', 'Asking for a deposit address…'].includes(document.getElementById('deposit-message').textContent), null, { timeout: 20_000 });
      assert.equal(await walletPage.textContent('#deposit-message'), '', 'the page reported a problem');
      assert.equal(await walletPage.textContent('#deposit-verdict'), 'all checks pass');
      assert.equal(await walletPage.textContent('#deposit-send-button'), 'Send with wallet');
      const deposit = JSON.parse((await Promise.all(bodies)).findLast((r) => r.url.endsWith('/v1/acme-gateway/deposit-addresses')).body);
      assert.equal(deposit.intent.reward.creator, user.address);
      assert.equal(await walletPage.textContent('#deposit-address'), deposit.vaultAddress);
      const source = stack.deployment.chains.find((c) => c.chainId === deposit.source.chainId);
      const sourceProvider = new JsonRpcProvider(source.rpcUrl, source.chainId, { staticNetwork: true });
      const usdc = new Contract(deposit.source.token, ['function balanceOf(address) view returns (uint256)'], sourceProvider);
      const delivered = new Contract(deposit.destination.token, ['function balanceOf(address) view returns (uint256)'], provider);
      const depositBefore = await delivered.balanceOf(deposit.destination.recipient);
      const depositFees = deposit.fees.filter((f) => f.recipient !== null && f.amount !== '0');
      const depositFeesBefore = await Promise.all(depositFees.map((f) => delivered.balanceOf(f.recipient)));
      const sendsBefore = sentFrom.length;
      await walletPage.click('#deposit-send-button');
      await walletPage.waitForSelector('#deposit-log [data-kind="transfer"], #deposit-log .fail', { timeout: 30_000 });
      assert.equal(await walletPage.$('#deposit-log .fail'), null, await walletPage.textContent('#deposit-log'));
      assert.deepEqual(sentFrom.slice(sendsBefore).map((s) => s.chainId), [deposit.source.chainId], 'one transaction, on the source chain');
      assert.equal(await usdc.balanceOf(deposit.vaultAddress), BigInt(deposit.source.amount), 'the vault holds the deposit');
      // A transfer counts at the worker's confirmation depth, and anvil mines only when something
      // is sent: mine the blocks that time would bring on a live chain.
      await sourceProvider.send('anvil_mine', ['0xc']);
      await walletPage.waitForSelector('#deposit-status[data-status="filled"], #deposit-status[data-status="settled"]', { timeout: 45_000 });
      assert.match(await walletPage.textContent('#deposit-status'), /delivered/);
      const depositReceived = (await delivered.balanceOf(deposit.destination.recipient)) - depositBefore;
      const depositFeesReceived = await Promise.all(depositFees.map(async (f, i) => (await delivered.balanceOf(f.recipient)) - depositFeesBefore[i]));
      sourceProvider.destroy();
      provider.destroy();
      // Exactly what the answer says: minAmountOut to the recipient, each named fee to its recipient.
      assert.equal(depositReceived, BigInt(deposit.minAmountOut));
      assert.ok(depositFees.some((f) => f.type === 'gateway'), 'the gateway fee is paid on chain');
      assert.deepEqual(depositFeesReceived, depositFees.map((f) => BigInt(f.amount)));

      // Followed on the keyless stream by intent hash; no status polling, no backend funding.
      assert.ok(seen.some((u) => u.includes(`/v1/public/intents/stream?intentHash=${quote.intentHash}`)), seen.join(' '));
      assert.ok(seen.some((u) => u.includes(`/v1/public/intents/stream?intentHash=${deposit.intentHash}`)), seen.join(' '));
      assert.deepEqual(seen.filter((u) => /\/(api|v1\/intents)\/status|\/api\/fund|\/api\/deposit-transfer/.test(u)), []);
      assert.deepEqual(errors, [], 'the page threw');
    } finally {
      await walletPage.close();
    }
  });

  test('approvals only when needed: a leftover USDT allowance is reset first, a covering USDC allowance needs none', async () => {
    const user = stack.deployment.accounts.users[4];
    const sourceChainId = Number(await page.inputValue('#source-chain'));
    const source = rpcOf(sourceChainId);
    const provider = providerOf(sourceChainId);
    try {
      const wallet = new Wallet(user.privateKey, provider);
      // A leftover USDT allowance (the test USDT's approve over it reverts, as USDT's on Ethereum)
      // and a USDC allowance that covers any amount.
      // Nonces counted here: ethers caches the count for a moment (as dev-wallet.mjs notes).
      const nonce = await provider.getTransactionCount(wallet.address, 'pending');
      await (await new Contract(source.tokens.USDT, ERC20, wallet).approve(source.portal, 1n, { nonce })).wait();
      await (await new Contract(source.tokens.USDC, ERC20, wallet).approve(source.portal, MaxUint256, { nonce: nonce + 1 })).wait();
    } finally {
      provider.destroy();
    }
    const usdt = await pageQuote({ funder: user.address, symbol: 'USDT', amount: '3' });
    assert.equal(usdt.checks.allowance.actual, '1');
    await assertShownFunding(usdt, ['reset', 'approval', 'funding']);
    assert.deepEqual((await shownTransactions()).slice(0, 2).map((t) => t.amount), ['0', usdt.source.amount]);
    assert.match(await page.textContent('#funding-checks'), /an approval is listed/);

    const usdc = await pageQuote({ funder: user.address, symbol: 'USDC', amount: '3' });
    assert.deepEqual(usdc.execution.approvals, []);
    assert.equal(usdc.execution.approval, null);
    assert.equal(usdc.checks.allowance.actual, MaxUint256.toString());
    await assertShownFunding(usdc, ['funding']);
    assert.match(await page.textContent('#funding-checks'), /covers it/);
  });

  test('a quote on a chain the service does not read shows its checks as not read and its gas as the configured bound', async () => {
    // The local chains are all read, so the API's answer is changed on its way to the page (the
    // page only renders it): checks null and the bounds unestimated, as on such a chain.
    await page.route('**/api/quote', async (route) => {
      const response = await route.fetch();
      const quote = await response.json();
      quote.checks = null;
      for (const tx of [...quote.execution.approvals, quote.execution.transaction]) tx.gasEstimated = false;
      await route.fulfill({ response, json: quote });
    });
    try {
      await page.fill('#funder', stack.deployment.accounts.users[1].address);
      await page.fill('#amount', '2');
      const quoteIdBefore = await page.textContent('#quote-id');
      await page.click('#quote-button');
      await page.waitForFunction((previous) => document.getElementById('quote-id').textContent !== previous, quoteIdBefore);
      const checks = await shownFundingChecks();
      assert.deepEqual(Object.keys(checks), ['not-read']);
      assert.match(checks['not-read'].text, /^not read: the service does not read /);
      const shown = await shownTransactions();
      assert.ok(shown.length >= 1);
      for (const t of shown) assert.match(t.text, /the service's configured bound \(not estimated\)/);
      assert.ok(shown.every((t) => t.estimated === 'false'));
    } finally {
      await page.unroute('**/api/quote');
    }
  });

  // Last of the tests that use the chains: it moves both chains' clocks past the intent's deadlines.
  test('an intent its solver never fills is refunded by the relayer: the page shows refunded, its reason and the refund transaction', async () => {
    const user = stack.deployment.accounts.users[5];
    const quote = await pageQuote({ funder: user.address, symbol: 'USDC', amount: '4' });
    const { route, reward } = quote.execution.intent;
    const source = rpcOf(quote.source.chainId);
    const sourceProvider = providerOf(quote.source.chainId);
    const destinationProvider = providerOf(quote.destination.chainId);
    const usdc = new Contract(quote.source.token, ERC20, sourceProvider);
    try {
      // The solvers never fill it: the destination chain's clock is past the route deadline
      // (scripts/chains/solver.mjs skips "route deadline too close").
      await destinationProvider.send('evm_setNextBlockTimestamp', [Number(route.deadline) + 1]);
      await destinationProvider.send('evm_mine', []);
      // The source chain's clock 20 s before the reward deadline, seen by the worker's chain
      // reader before the funding, so the intent's watch looks again when the deadline comes by
      // that clock (as edge-worker/test/funding/refunds-chains.test.mjs arranges it).
      const near = Number(reward.deadline) - 20;
      await sourceProvider.send('evm_setNextBlockTimestamp', [near]);
      await sourceProvider.send('evm_mine', []);
      const readers = await stack.worker.mf.getDurableObjectNamespace('CHAIN_READERS');
      const reader = readers.get(readers.idFromName(`chain:${quote.source.chainId}`));
      for (let i = 0; i < 100 && !((await reader.cursor())?.headTime >= near); i++) await new Promise((r) => setTimeout(r, 200));
      assert.ok((await reader.cursor())?.headTime >= near, 'the worker never read the moved clock');
      // The worker caches the chain clocks for 5 s (chain/clocks.js).
      await new Promise((r) => setTimeout(r, 5_500));

      const before = await usdc.balanceOf(user.address);
      await page.click('#fund-button');
      await page.waitForSelector('#fund-log [data-kind="funding"], #fund-log .fail', { timeout: 30_000 });
      assert.equal(await page.$('#fund-log .fail'), null, await page.textContent('#fund-log'));
      assert.equal(await usdc.balanceOf(user.address), before - BigInt(quote.source.amount));
      await page.waitForSelector('#fund-log [data-kind="status-funded"]', { timeout: 30_000 });
      // The reward deadline passes, unproven: the relayer sends the Portal's refund by itself.
      await sourceProvider.send('evm_setNextBlockTimestamp', [Number(reward.deadline)]);
      await sourceProvider.send('evm_mine', []);
      await page.waitForSelector('#status[data-status="refunded"]', { timeout: 90_000 });
      assert.match(await page.textContent('#status'), /refunded/);

      // The page shows what the API says (asked here with the key, by intent hash) ...
      const res = await stack.worker.fetch(`/v1/intents/status?intentHash=${quote.intentHash}`, { key: DEMO_API_KEY });
      const status = await res.json();
      assert.equal(status.status, 'refunded', JSON.stringify(status));
      assert.equal(await page.getAttribute('#status-reason', 'data-code'), status.reason.code);
      assert.equal(await page.textContent('#status-reason code'), status.reason.code);
      assert.equal(await page.textContent('#status-reason .reason-message'), status.reason.message);
      assert.equal(status.reason.code, 'not-filled');
      const refundHash = status.transactions.refunded.transactionHash;
      assert.deepEqual(await page.$$eval('#fund-log [data-kind="status-refunded"] code', (codes) => codes.map((c) => c.title)), [refundHash]);
      // ... and the chain (ethers) shows the relayer's call of Portal.refund with the quote's own
      // intent, and the funder (the refund recipient) has its tokens back.
      const refund = await sourceProvider.getTransaction(refundHash);
      const relayers = [stack.deployment.accounts.relayer, ...stack.deployment.accounts.extraRelayers].map((a) => getAddress(a.address));
      assert.ok(relayers.includes(refund.from), `${refund.from} is not one of the relayer's accounts`);
      assert.equal(refund.to, getAddress(source.portal));
      assert.equal(refund.data, PORTAL.encodeFunctionData('refund', [quote.execution.intent.destination, keccak256(quote.steps[0].intents[0].encodedRoute), reward]));
      assert.equal((await sourceProvider.getTransactionReceipt(refundHash)).status, 1);
      assert.equal(await usdc.balanceOf(user.address), before);
    } finally {
      sourceProvider.destroy();
      destinationProvider.destroy();
    }
  });

  test('no response delivered to the page contains the API key or a development private key', async () => {
    await Promise.all(pending);
    const origin = new URL(stack.demoUrl).origin;
    const urls = responses.map((r) => r.url);
    for (const expected of ['/api/chains', '/api/tokens', '/api/quote', '/api/fund', '/v1/public/intents/stream?intentHash=', '/vendor/stableroutes/wasm/verifier.wasm',
      '/v1/acme-gateway/deposit-addresses', '/api/deposit-transfer', '/api/compromised-signer']) {
      assert.ok(urls.some((u) => u.includes(expected)), `the page never fetched ${expected}: ${urls.join(' ')}`);
    }
    assert.deepEqual(urls.filter((u) => /\/(api|v1\/intents)\/status/.test(u)), [], 'the page polled a status endpoint');
    assert.deepEqual(responses.filter((r) => r.url === 'pageerror'), [], 'the page threw');
    const devKeys = [...stack.deployment.accounts.users.map((u) => u.privateKey), DEV_SIGNER_KEY].map((k) => k.slice(2).toLowerCase());
    assert.ok(devKeys.length > 0);
    const apiOrigin = new URL(stack.worker.base).origin;
    for (const response of responses) {
      const url = new URL(response.url);
      // The keyless status stream and deposit-address gateway are asked of the API directly
      // (CORS-open, no key).
      const keyless = url.origin === apiOrigin &&
        (url.pathname === '/v1/public/intents/stream' || url.pathname === '/v1/acme-gateway/deposit-addresses');
      assert.ok(url.origin === origin || keyless, `the page talked to another origin: ${response.url}`);
      assert.ok(!response.body.includes(DEMO_API_KEY), `${response.url} delivered the API key in its body`);
      assert.ok(!JSON.stringify(response.headers).includes(DEMO_API_KEY), `${response.url} delivered the API key in a header`);
      const body = response.body.toLowerCase();
      assert.ok(!devKeys.some((key) => body.includes(key)), `${response.url} delivered a development private key`);
    }
  });
});
