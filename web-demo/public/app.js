// The demo page: ask this dapp's backend for a quote, verify it here with the stableroutes
// package, show why it can be trusted (or not), fund it with the browser's wallet (an injected
// EIP-1193 provider, window.ethereum) or, on the local chains without one, a development wallet,
// and follow it to delivery on the API's keyless status stream. The page never sees the API key.
// A deposit address (a vault that takes a plain transfer) is asked of the partner's keyless gateway
// directly, verified here the same way, and shown only when every check passes.
import { loadVerifier } from 'stableroutes';
import { createClient } from 'stableroutes/client';

const $ = (id) => document.getElementById(id);

// Each tamper changes one field of a copy of the signed quote; `catches` is the check that names
// that change (the signature check fails too for every signed field). The compromised signer's
// copy is made by the backend instead (`resigned`): changed where an attacker holding the signer's
// key would change it and signed again, so its signature passes and only the route's rule refuses it.
const TAMPERS = {
  amount: {
    label: 'the fixed amount (source.amount for exact-in, destination.amount for exact-out) raised by 1,000,000 base units',
    catches: 'route-matches-request',
    apply(quote, { request }) {
      const side = request.type === 'exact-out' ? quote.destination : quote.source;
      side.amount = (BigInt(side.amount) + 1_000_000n).toString();
    },
  },
  recipient: {
    label: 'destination.recipient replaced by another address',
    catches: 'route-matches-request',
    apply(quote) {
      quote.destination.recipient = '0x000000000000000000000000000000000000dEaD';
    },
  },
  portal: {
    label: 'execution.transaction.to pointed at another contract',
    catches: 'funding-target',
    apply(quote) {
      quote.execution.transaction.to = '0x000000000000000000000000000000000000bEEF';
    },
  },
  signature: {
    label: 'one byte of the signature flipped',
    catches: 'signature',
    apply(quote) {
      const flipped = (parseInt(quote.signature.slice(10, 12), 16) ^ 0x01).toString(16).padStart(2, '0');
      quote.signature = quote.signature.slice(0, 10) + flipped + quote.signature.slice(12);
    },
  },
  expiry: {
    label: 'expiresAt moved to a second ago',
    catches: 'expiry',
    apply(quote, { now }) {
      quote.expiresAt = now - 1;
    },
  },
  'compromised-signer': {
    label: "a compromised signer: the route's transfer to the recipient sent to an attacker, every hash, the vault and the " +
      "calldata derived again, and the quote re-signed with the signer's key (this demo's backend, with the local " +
      'DEVELOPMENT ONLY signer)',
    catches: 'delivery-route',
    resigned: true,
  },
};

// Each deposit tamper changes one field of a copy of the deposit address's answer; as for quotes,
// `catches` is the check that names that change. A tampered answer never shows its address.
const DEPOSIT_TAMPERS = {
  vault: {
    label: 'vaultAddress replaced by another address',
    catches: 'vault',
    apply(answer) {
      answer.vaultAddress = '0x000000000000000000000000000000000000bEEF';
    },
  },
  recipient: {
    label: 'destination.recipient replaced by another address',
    catches: 'matches-request',
    apply(answer) {
      answer.destination.recipient = '0x000000000000000000000000000000000000dEaD';
    },
  },
  minAmountOut: {
    label: 'minAmountOut raised by 1,000,000 base units (more than the route pays)',
    catches: 'route-pays-recipient',
    apply(answer) {
      answer.minAmountOut = (BigInt(answer.minAmountOut) + 1_000_000n).toString();
    },
  },
  signature: {
    label: 'one byte of the signature flipped',
    catches: 'signature',
    apply(answer) {
      const flipped = (parseInt(answer.signature.slice(10, 12), 16) ^ 0x01).toString(16).padStart(2, '0');
      answer.signature = answer.signature.slice(0, 10) + flipped + answer.signature.slice(12);
    },
  },
  deadline: {
    label: 'deadline moved to a second ago',
    catches: 'deadline',
    apply(answer, { now }) {
      answer.deadline = now - 1;
    },
  },
};

const state = {
  verifier: null,
  chains: [],
  tokens: [],
  devWallet: null,
  apiUrl: null, // the API as browsers reach it, for the keyless status stream and deposit gateway
  depositPartner: null, // whose keyless gateway (/v1/{partner}-gateway/...) gives deposit addresses
  wallet: { provider: null, account: null }, // the injected EIP-1193 wallet, when there is one
  request: null, // the request exactly as sent: the verifier checks the quote against it
  quote: null, // the quote exactly as received
  compromisedSigner: false, // whether the backend offers the compromised-signer tamper (local only)
  resigned: null, // {id, quote}: the compromised signer's copy of the quote with that id
  tamper: 'none',
  report: null,
  countdown: null,
  // The deposit address flow: the request exactly as sent, the answer exactly as received.
  deposit: { request: null, answer: null, tamper: 'none', report: null },
  watches: {}, // flow ('quote' | 'deposit') -> AbortController of the status stream it follows
};

// Where each flow shows the status of the intent it follows.
const VIEWS = {
  quote: { status: () => $('status'), reason: () => $('status-reason'), log: () => $('fund-log') },
  deposit: { status: () => $('deposit-status'), reason: () => $('deposit-status-reason'), log: () => $('deposit-log') },
};

// ---- small pure helpers -------------------------------------------------------------------

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** "12.5" with 6 decimals -> "12500000"; throws on anything but a plain decimal. */
function parseUnits(text, decimals) {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a decimal amount`);
  const [, whole, fraction = ''] = match;
  if (fraction.length > decimals) throw new Error(`at most ${decimals} decimals`);
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (units === 0n) throw new Error('the amount must be above zero');
  return units.toString();
}

function formatUnits(baseUnits, decimals) {
  const digits = BigInt(baseUnits).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

const short = (hex) => (hex && hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex ?? '–');

function formatDuration(seconds) {
  if (seconds <= 0) return 'expired';
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return `${m}:${s}`;
}

const chainName = (chainId) => state.chains.find((c) => c.chainId === chainId)?.name ?? `chain ${chainId}`;
const tokenOf = (chainId, address) =>
  state.tokens.find((t) => t.chainId === chainId && t.address.toLowerCase() === address.toLowerCase());

function amountText(chainId, address, baseUnits) {
  const token = tokenOf(chainId, address);
  return token ? `${formatUnits(baseUnits, token.decimals)} ${token.symbol}` : `${baseUnits} base units`;
}

/** The backend's answer, or an Error carrying the problem+json title, detail and fields. */
async function api(path, init) {
  const res = await fetch(path, init);
  const body = await res.json().catch(() => null);
  if (res.ok) return body;
  const fields = (body?.errors ?? []).map((e) => `${e.field}: ${e.message}`).join('; ');
  throw new Error([body?.title ?? `HTTP ${res.status}`, body?.detail, fields].filter(Boolean).join(' — '));
}

function element(tag, { dataset = {}, ...props } = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  Object.assign(node.dataset, dataset);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// ---- form -------------------------------------------------------------------------------------

function fillChainSelect(select, preferred) {
  select.replaceChildren(...state.chains.map((c) => element('option', { value: c.chainId, textContent: `${c.name} (${c.chainId})` })));
  if (preferred !== undefined) select.value = String(preferred);
}

function fillTokenSelect(select, chainId, preferredSymbol) {
  const tokens = state.tokens.filter((t) => t.chainId === chainId);
  select.replaceChildren(...tokens.map((t) => element('option', { value: t.address, textContent: t.symbol })));
  const preferred = tokens.find((t) => t.symbol === preferredSymbol);
  if (preferred) select.value = preferred.address;
}

function wireTokenFollowsChain(chainSelect, tokenSelect) {
  chainSelect.addEventListener('change', () => {
    const symbol = tokenSelect.selectedOptions[0]?.textContent;
    fillTokenSelect(tokenSelect, Number(chainSelect.value), symbol);
  });
}

function buildRequest() {
  const type = $('type').value;
  const source = { chainId: Number($('source-chain').value), token: $('source-token').value };
  const destination = { chainId: Number($('destination-chain').value), token: $('destination-token').value };
  const fixedSide = type === 'exact-in' ? source : destination;
  const token = tokenOf(fixedSide.chainId, fixedSide.token);
  fixedSide.amount = parseUnits($('amount').value, token.decimals);
  source.funder = $('funder').value.trim();
  destination.recipient = $('recipient').value.trim();
  return { type, source, destination, dappId: 'web-demo' };
}

async function requestQuote(event) {
  event.preventDefault();
  const message = $('form-message');
  stopWatching('quote');
  let request;
  try {
    request = buildRequest();
  } catch (error) {
    message.textContent = error.message;
    return;
  }
  $('quote-button').disabled = true;
  message.textContent = 'Asking for a quote…';
  try {
    const quote = await api('/api/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    state.request = request;
    state.quote = quote;
    message.textContent = '';
    showQuote();
    verify('none');
  } catch (error) {
    message.textContent = error.message;
  } finally {
    $('quote-button').disabled = false;
  }
}

// ---- quote ------------------------------------------------------------------------------------

function showQuote() {
  const { quote } = state;
  $('quote').hidden = false;
  $('quote-id').textContent = quote.id;

  const { source, destination } = quote;
  const rows = [
    ['Type', quote.type],
    ['You send', `${amountText(source.chainId, source.token, source.amount)} on ${chainName(source.chainId)}`],
    // What arrives: the route transfers exactly amountOut (minAmountOut equals it, slippage 0).
    ['Arrives', `${amountText(destination.chainId, destination.token, destination.amountOut)} on ${chainName(destination.chainId)}` +
      (destination.minAmountOut === destination.amountOut ? ', exactly' : ` (at least ${amountText(destination.chainId, destination.token, destination.minAmountOut)})`)],
    ['Recipient', destination.recipient],
    ['Solver', `${quote.solver?.name ?? '–'} (${quote.solver?.id ?? '–'})`],
    // The solver's own estimate from funding to the recipient's fill; the route deadline bounds it.
    ['Fill time', quote.estimatedFulfillTimeSec === undefined ? 'no estimate'
      : `about ${quote.estimatedFulfillTimeSec} s after funding (the solver's estimate)`, 'fill-time'],
  ];
  $('amounts').replaceChildren(...rows.flatMap(([k, v, field]) =>
    [element('dt', { textContent: k }), element('dd', { textContent: v, dataset: field ? { field } : {} })]));
  showTransactions(quote);
  showFundingChecks(quote);

  $('fees').tBodies[0].replaceChildren(
    ...quote.fees.map((fee) =>
      element('tr', {},
        element('td', { textContent: fee.type }),
        element('td', { textContent: `${formatUnits(fee.amount, fee.token.decimals)} ${fee.token.symbol} on ${chainName(fee.token.chainId)}` }),
        // Who receives it: an address the route pays on chain, or the solver that fills (gas, proving).
        element('td', { className: 'fee-recipient', textContent: fee.recipient ?? `the solver (${quote.solver?.id ?? '–'})` }),
        element('td', { textContent: fee.estimate ? 'estimate' : '' }))),
  );

  $('route').replaceChildren(
    ...quote.steps.map((step) =>
      element('li', {},
        element('strong', { textContent: step.provider }),
        element('ul', {},
          ...step.intents.map((intent) =>
            element('li', { className: 'intent', dataset: { role: intent.role } },
              element('span', { className: 'role', textContent: intent.role }),
              ` ${chainName(intent.sourceChainId)} → ${chainName(intent.destinationChainId)} · intent `,
              element('code', { textContent: short(intent.intentHash), title: intent.intentHash }),
              ' · vault ',
              element('code', { textContent: short(intent.vault), title: intent.vault })))))),
  );

  clearInterval(state.countdown);
  const tick = () => {
    const left = Number(quote.expiresAt) - nowSeconds();
    $('countdown').textContent = formatDuration(left);
    $('countdown').classList.toggle('late', left < 30);
    // At expiry the same quote must now fail its expiry check: verify again to show it.
    if (left <= 0) {
      clearInterval(state.countdown);
      verify(state.tamper);
    }
  };
  tick();
  state.countdown = setInterval(tick, 1000);

  const sourceChain = state.chains.find((c) => c.chainId === source.chainId);
  const evm = quote.execution?.transaction?.type === 'evm';
  // The browser's wallet when there is one; the development wallet only on the local chains.
  const byWallet = Boolean(state.wallet.provider) && evm;
  const byDevWallet = !state.wallet.provider && Boolean(state.devWallet && sourceChain?.rpcUrl);
  $('funding').hidden = !(byWallet || byDevWallet);
  $('dev-badge').hidden = !byDevWallet;
  $('funding-by-wallet').hidden = !byWallet;
  $('funding-by-dev-wallet').hidden = !byDevWallet;
  $('fund-button').textContent = byWallet ? 'Fund with wallet' : 'Fund with dev wallet';
  $('fund-log').replaceChildren();
  $('status').textContent = '–';
  delete $('status').dataset.status;
  showReason($('status-reason'), null);
}

/** approve(spender, amount) calldata (selector 0x095ea7b3) read back: what the approval allows. */
function approveArguments(data) {
  if (!/^0x095ea7b3[0-9a-f]{128}$/i.test(data)) return null;
  return { spender: `0x${data.slice(34, 74)}`, amount: BigInt(`0x${data.slice(74, 138)}`).toString() };
}

/**
 * What the wallet is asked to send, in order: execution.approvals (none when the allowance read
 * covers the amount; approve(portal, 0) first for a token whose approve over a leftover allowance
 * reverts), then the funding, each with its gas limit and whether the service estimated it
 * against the chain or gave its configured bound.
 */
function showTransactions(quote) {
  const { execution, source } = quote;
  const approvals = execution.approvals ?? (execution.approval ? [execution.approval] : []);
  const rows = approvals.map((tx) => {
    const args = approveArguments(tx.data);
    const kind = args?.amount === '0' ? 'reset' : 'approval';
    const what = !args ? `call to ${short(tx.to)}`
      : kind === 'reset' ? `reset: approve(${short(args.spender)}, 0)`
        : `approve(${short(args.spender)}, ${amountText(source.chainId, source.token, args.amount)})`;
    return { kind, what, tx, amount: args?.amount };
  });
  if (execution.transaction) rows.push({ kind: 'funding', what: `fund: ${short(execution.transaction.to)} (the source Portal)`, tx: execution.transaction });
  $('transactions').tBodies[0].replaceChildren(...rows.map(({ kind, what, tx, amount }) =>
    element('tr', { dataset: { kind, gas: tx.gas ?? '', estimated: String(tx.gasEstimated === true), ...(amount ? { amount } : {}) } },
      element('td', { textContent: what }),
      element('td', { className: 'gas', textContent: tx.gas === undefined ? '–' : String(tx.gas) }),
      element('td', { className: 'estimate', textContent: tx.gas === undefined ? 'no gas limit'
        : tx.gasEstimated ? 'estimated against the chain' : "the service's configured bound (not estimated)" }))));
  $('no-approval').hidden = approvals.length > 0 || execution.transaction?.type !== 'evm';
}

/** What the source chain showed of the funder at quote time, or that the service does not read it. */
function showFundingChecks(quote) {
  const { checks, source } = quote;
  const amount = (units) => amountText(source.chainId, source.token, units);
  if (!checks) {
    $('funding-checks').replaceChildren(element('dt', { textContent: 'Allowance, balance' }),
      element('dd', { dataset: { field: 'not-read' }, textContent: `not read: the service does not read ${chainName(source.chainId)}` }));
    return;
  }
  const { allowance, balance, blockNumber } = checks;
  const below = (actual, required) => BigInt(actual) < BigInt(required);
  const rows = [
    ['Allowance', `${amount(allowance.actual)} for ${short(allowance.spender)} (needs ${amount(allowance.required)})` +
      (below(allowance.actual, allowance.required) ? ': an approval is listed' : ': covers it'),
    { field: 'allowance', actual: allowance.actual, required: allowance.required, spender: allowance.spender }],
    ['Balance', `${amount(balance.actual)} (needs ${amount(balance.required)})` +
      (below(balance.actual, balance.required) ? ': short, the funder must receive tokens before funding' : ': covers it'),
    { field: 'balance', actual: balance.actual, required: balance.required }],
    ['Read at', `block ${blockNumber} of ${chainName(source.chainId)}`, { field: 'block', blockNumber: String(blockNumber) }],
  ];
  // A short balance is marked (the funder must receive tokens first); a short allowance is what the listed approval is for.
  $('funding-checks').replaceChildren(...rows.flatMap(([k, v, dataset]) => [
    element('dt', { textContent: k }),
    element('dd', { textContent: v, dataset, className: dataset.field === 'balance' && below(dataset.actual, dataset.required) ? 'short' : '' }),
  ]));
}

// ---- verification -----------------------------------------------------------------------------

function verify(tamperName) {
  const now = nowSeconds();
  const tamper = TAMPERS[tamperName];
  const subject = structuredClone(tamper?.resigned ? state.resigned.quote : state.quote);
  tamper?.apply?.(subject, { request: state.request, now });
  state.tamper = tamperName;
  state.report = state.verifier.verifyQuote(subject, { chains: state.chains, request: state.request, now });
  showReport(tamper);
}

/** A tamper button: the compromised signer's copy is asked of the backend once per quote. */
async function tamperWith(tamperName) {
  if (TAMPERS[tamperName]?.resigned && state.resigned?.id !== state.quote.id) {
    const id = state.quote.id;
    try {
      const quote = await api('/api/compromised-signer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ quoteId: id }),
      });
      state.resigned = { id, quote };
    } catch (error) {
      $('subject').textContent = `The compromised signer could not re-sign this quote: ${error.message}`;
      return;
    }
    if (state.quote.id !== id) return; // another quote arrived meanwhile
  }
  verify(tamperName);
}

/** The verdict badge and every check of `report`, by name; `tamper`'s own check is outlined. */
function showChecks(report, tamper, { verdict, list, detail = (text) => text }) {
  verdict.textContent = report.ok ? 'all checks pass' : 'REJECTED';
  verdict.className = `badge ${report.ok ? 'pass' : 'fail'}`;
  list.replaceChildren(
    ...report.checks.map((check) =>
      element('li', {
        className: `${check.ok ? 'pass' : 'fail'}${tamper?.catches === check.name ? ' expected' : ''}`,
        dataset: { check: check.name, ok: String(check.ok) },
      },
      element('span', { className: 'mark', textContent: check.ok ? '✓' : '✗' }),
      element('span', { className: 'name', textContent: check.name }),
      element('span', { className: 'detail', textContent: detail(check.detail) }))),
  );
}

function showReport(tamper) {
  const { report } = state;
  $('verification').hidden = false;
  $('subject').textContent = tamper
    ? `Tampered copy: ${tamper.label}. Expected to be caught by “${tamper.catches}”.`
    : 'The quote exactly as the API signed it.';
  showChecks(report, tamper, { verdict: $('verdict'), list: $('checks') });
  for (const button of document.querySelectorAll('[data-tamper]')) {
    button.classList.toggle('active', button.dataset.tamper === state.tamper);
  }
  // Only the untouched, fully verified quote may be funded.
  $('fund-button').disabled = !(report.ok && state.tamper === 'none');
}

// ---- wallet (injected EIP-1193 provider) -------------------------------------------------------

const toQuantity = (value) => `0x${BigInt(value ?? 0).toString(16)}`;
const sameAddress = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

function showAccount(account) {
  state.wallet.account = account ?? null;
  $('wallet-account').textContent = account ?? 'not connected';
  $('connect-wallet').hidden = Boolean(account);
  if (!account) return;
  // The connected account funds: it is the quote's funder, and a deposit's refunds go back to it
  // unless a refund recipient other than the previous funder was given.
  const refund = $('refund-recipient');
  if (!refund.value.trim() || sameAddress(refund.value.trim(), $('funder').value.trim())) refund.value = account;
  $('funder').value = account;
}

async function connectWallet() {
  try {
    const accounts = await state.wallet.provider.request({ method: 'eth_requestAccounts' });
    showAccount(accounts?.[0]);
  } catch (error) {
    $('form-message').textContent = `The wallet did not connect: ${error.message}`;
  }
}

/** Puts the wallet on `chainId` (wallet_switchEthereumChain; a local chain it lacks is added). */
async function switchChain(provider, chainId) {
  const current = async () => Number(await provider.request({ method: 'eth_chainId' }));
  if ((await current()) === chainId) return;
  const hex = toQuantity(chainId);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
  } catch (error) {
    const chain = state.chains.find((c) => c.chainId === chainId);
    // 4902: the wallet does not know the chain. Only a local chain's RPC URL is ours to give.
    if (error?.code !== 4902 || !chain?.rpcUrl) throw new Error(`switch the wallet to ${chainName(chainId)} (${chainId}): ${error.message}`);
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: hex, chainName: chain.name, rpcUrls: [chain.rpcUrl], nativeCurrency: { name: chain.nativeCurrency.symbol, ...chain.nativeCurrency } }],
    });
  }
  if ((await current()) !== chainId) throw new Error(`the wallet is not on ${chainName(chainId)} (${chainId})`);
}

/** The receipt of a sent transaction, asked of the wallet's own node until it is mined. */
async function receiptOf(provider, hash, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] });
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The wallet sends execution.approvals (none, one, or a reset then one), then execution.transaction, each once mined. */
async function fundWithWallet(quote, note) {
  const { provider } = state.wallet;
  const funding = quote.execution.transaction;
  const [account] = await provider.request({ method: 'eth_requestAccounts' });
  showAccount(account);
  if (!sameAddress(account, funding.from)) {
    throw new Error(`the quote is funded by ${funding.from}, the wallet's account is ${account}: ask for a quote with the connected account as funder`);
  }
  await switchChain(provider, funding.chainId);
  const transactions = [];
  const approvals = quote.execution.approvals ?? (quote.execution.approval ? [quote.execution.approval] : []);
  for (const [kind, tx] of [...approvals.map((a) => ['approval', a]), ['funding', funding]]) {
    note(`Confirm the ${kind} transaction in your wallet${tx.gas ? ` (gas limit ${tx.gas}, ${tx.gasEstimated ? 'estimated' : 'the service\'s bound'})` : ''}…`);
    const params = { from: tx.from, to: tx.to, data: tx.data, value: toQuantity(tx.value), chainId: toQuantity(tx.chainId) };
    if (tx.gas) params.gas = toQuantity(tx.gas);
    const hash = await provider.request({ method: 'eth_sendTransaction', params: [params] });
    note(`Waiting for the ${kind} transaction ${short(hash)}…`);
    const receipt = await receiptOf(provider, hash);
    if (Number(receipt.status) !== 1) throw new Error(`the ${kind} transaction ${hash} reverted`);
    transactions.push({ kind, hash, blockNumber: Number(receipt.blockNumber) });
  }
  return { from: account, transactions };
}

// ---- funding and status -----------------------------------------------------------------------

function stopWatching(flow) {
  state.watches[flow]?.abort();
  delete state.watches[flow];
}

const STATUS_EVENTS = ['published', 'funded', 'fulfilled', 'proven', 'withdrawn', 'refunded'];
const DELIVERED_STATUSES = new Set(['filled', 'settled']);

/** The intent that credits the recipient: the stitched-destination one of a multi-hop route. */
function deliveryIntentHash(quote) {
  const intents = quote.steps.flatMap((step) => step.intents);
  return intents.find((i) => i.role === 'stitched-destination')?.intentHash ?? quote.intentHash ?? intents[0]?.intentHash ?? null;
}

function showStatus(status, view) {
  const delivered = DELIVERED_STATUSES.has(status.status);
  view.status().textContent = delivered ? `${status.status} — delivered to the recipient`
    : status.status === 'refunded' ? 'refunded — the funds went back to the refund recipient' : status.status;
  view.status().dataset.status = status.status;
  // Why it ended as it did (failed, expired, refundable, refunded): the API's stable code and sentence.
  showReason(view.reason(), status.reason);
  // The intent's life in protocol order.
  const events = STATUS_EVENTS
    .filter((kind) => status.transactions?.[kind])
    .map((kind) => {
      const tx = status.transactions[kind];
      return element('li', { dataset: { kind: `status-${kind}` } },
        `${kind} on ${chainName(tx.chainId)} in block ${tx.blockNumber}: `,
        element('code', { textContent: short(tx.transactionHash), title: tx.transactionHash }));
    });
  const log = view.log();
  for (const old of log.querySelectorAll('[data-kind^="status-"]')) old.remove();
  log.append(...events);
}

function showReason(node, reason) {
  node.hidden = !reason;
  if (!reason) {
    node.replaceChildren();
    delete node.dataset.code;
    return;
  }
  node.dataset.code = reason.code;
  node.replaceChildren('Why: ', element('code', { textContent: reason.code }), ' — ', element('span', { className: 'reason-message', textContent: reason.message }));
}

/**
 * Follows the intent on the API's keyless status stream (GET /v1/public/intents/stream): each
 * change arrives as it happens, nothing polls, and no key is needed. watchIntent reconnects with
 * Last-Event-ID when a stream ends early and returns after a final status.
 */
async function watchStatus(intentHash, flow, maxMs = 15 * 60_000) {
  stopWatching(flow);
  const view = VIEWS[flow];
  const watch = new AbortController();
  state.watches[flow] = watch;
  const timer = setTimeout(() => watch.abort(), maxMs);
  view.status().dataset.via = 'stream';
  try {
    const client = createClient({ baseUrl: state.apiUrl });
    for await (const status of client.watchIntent({ intentHash }, { signal: watch.signal })) showStatus(status, view);
  } catch (error) {
    if (!watch.signal.aborted) view.status().textContent = `status unavailable: ${error.message}`;
  } finally {
    clearTimeout(timer);
    if (state.watches[flow] === watch) delete state.watches[flow];
  }
}

async function fund() {
  const button = $('fund-button');
  button.disabled = true;
  const log = $('fund-log');
  const note = (text) => log.replaceChildren(element('li', { textContent: text }));
  const quote = state.quote;
  try {
    // Verified again now: the quote may have expired since it was shown.
    verify('none');
    if (!state.report.ok) throw new Error('the quote no longer verifies; not funding it');
    let sent;
    if (state.wallet.provider) {
      sent = await fundWithWallet(quote, note);
    } else {
      note('The backend is sending the approval and the funding transaction…');
      sent = await api('/api/fund', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ quoteId: quote.id }),
      });
    }
    log.replaceChildren(...sent.transactions.map((tx) =>
      element('li', { dataset: { kind: tx.kind } }, `${tx.kind} from ${short(sent.from)} in block ${tx.blockNumber}: `,
        element('code', { textContent: short(tx.hash), title: tx.hash }))));
    watchStatus(deliveryIntentHash(quote), 'quote');
  } catch (error) {
    log.replaceChildren(element('li', { className: 'fail', textContent: error.message }));
    button.disabled = !(state.report?.ok && state.tamper === 'none');
  }
}

// ---- deposit address ----------------------------------------------------------------------------

/** The deposit request from the transfer form: the amount is what is sent, whatever the type. */
function buildDepositRequest() {
  const source = { chainId: Number($('source-chain').value), token: $('source-token').value };
  const token = tokenOf(source.chainId, source.token);
  source.amount = parseUnits($('amount').value, token.decimals);
  const destination = {
    chainId: Number($('destination-chain').value),
    token: $('destination-token').value,
    recipient: $('recipient').value.trim(),
  };
  return { source, destination, refundRecipient: $('refund-recipient').value.trim() };
}

async function requestDepositAddress(event) {
  event.preventDefault();
  const message = $('deposit-message');
  stopWatching('deposit');
  let request;
  try {
    request = buildDepositRequest();
  } catch (error) {
    message.textContent = error.message;
    return;
  }
  $('deposit-button').disabled = true;
  message.textContent = 'Asking for a deposit address…';
  try {
    // Keyless: asked of the partner's gateway directly, as the status stream is read, so its
    // per-address limit counts this user and nothing passes through the backend.
    const answer = await api(`${state.apiUrl}/v1/${state.depositPartner}-gateway/deposit-addresses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    state.deposit = { request, answer, tamper: 'none', report: null };
    message.textContent = '';
    $('deposit-log').replaceChildren();
    $('deposit-status').textContent = '–';
    delete $('deposit-status').dataset.status;
    showReason($('deposit-status-reason'), null);
    verifyDeposit('none');
  } catch (error) {
    message.textContent = error.message;
  } finally {
    $('deposit-button').disabled = false;
  }
}

function verifyDeposit(tamperName) {
  const now = nowSeconds();
  const subject = structuredClone(state.deposit.answer);
  const tamper = DEPOSIT_TAMPERS[tamperName];
  if (tamper) tamper.apply(subject, { now });
  state.deposit.tamper = tamperName;
  // Against the page's OWN request (only it names the refund recipient) and its chain list.
  state.deposit.report = state.verifier.verifyDepositAddress(subject, { chains: state.chains, request: state.deposit.request, now });
  showDeposit(subject, tamper);
}

function showDeposit(answer, tamper) {
  const { report, request } = state.deposit;
  $('deposit-verification').hidden = false;
  $('deposit-subject').textContent = tamper
    ? `Tampered copy: ${tamper.label}. Expected to be caught by “${tamper.catches}”.`
    : 'The answer exactly as the gateway sent it.';
  const { source, destination } = answer;
  const rows = [
    ['You send', `${amountText(source.chainId, source.token, source.amount)} on ${chainName(source.chainId)}`],
    ['Recipient gets at least', `${amountText(destination.chainId, destination.token, answer.minAmountOut)} on ${chainName(destination.chainId)}`],
    ['Recipient', destination.recipient],
    ['Refunds to', request.refundRecipient],
    ['Send before', new Date(Number(answer.deadline) * 1000).toLocaleString()],
  ];
  $('deposit-amounts').replaceChildren(...rows.flatMap(([k, v]) => [element('dt', { textContent: k }), element('dd', { textContent: v })]));

  // The address exists on the page only for the untouched answer that passed every check: a
  // wrong address loses the money, and nothing between the transfer and the vault checks it.
  // Otherwise the check details name it as withheld rather than print it (the vault check
  // recomputes it, so its detail would show it).
  const shown = report.ok && state.deposit.tamper === 'none';
  const addresses = [answer.vaultAddress, state.deposit.answer.vaultAddress].filter((a) => /^0x[0-9a-f]{40}$/i.test(a ?? ''));
  const withhold = (text) => addresses.reduce((out, address) => out.replace(new RegExp(address, 'gi'), '(address withheld)'), text);
  showChecks(report, tamper, { verdict: $('deposit-verdict'), list: $('deposit-checks'), detail: shown ? undefined : withhold });
  for (const button of document.querySelectorAll('[data-deposit-tamper]')) {
    button.classList.toggle('active', button.dataset.depositTamper === state.deposit.tamper);
  }
  $('deposit-address-box').hidden = !shown;
  $('deposit-withheld').hidden = shown;
  $('deposit-address').textContent = shown ? answer.vaultAddress : '';
  if (!shown) return;

  const sourceChain = state.chains.find((c) => c.chainId === source.chainId);
  // As for quotes: the browser's wallet when there is one, the development wallet only locally.
  const byWallet = Boolean(state.wallet.provider) && sourceChain?.vm === 'evm';
  const byDevWallet = !state.wallet.provider && Boolean(state.devWallet && sourceChain?.rpcUrl);
  $('deposit-send').hidden = !(byWallet || byDevWallet);
  $('deposit-send-button').textContent = byWallet ? 'Send with wallet' : 'Send with dev wallet';
  $('deposit-send-button').disabled = false;
}

/** ERC-20 transfer(to, amount) calldata: selector 0xa9059cbb, then both words. */
function transferCalldata(to, amount) {
  const word = (hex) => hex.padStart(64, '0');
  return `0xa9059cbb${word(to.slice(2).toLowerCase())}${word(BigInt(amount).toString(16))}`;
}

/** The wallet sends source.amount of source.token to the vault: a plain ERC-20 transfer. */
async function sendDepositWithWallet(answer, note) {
  const { provider } = state.wallet;
  const [account] = await provider.request({ method: 'eth_requestAccounts' });
  showAccount(account);
  await switchChain(provider, answer.source.chainId);
  note('Confirm the transfer in your wallet…');
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: account, to: answer.source.token, data: transferCalldata(answer.vaultAddress, answer.source.amount), value: '0x0', chainId: toQuantity(answer.source.chainId) }],
  });
  note(`Waiting for the transfer ${short(hash)}…`);
  const receipt = await receiptOf(provider, hash);
  if (Number(receipt.status) !== 1) throw new Error(`the transfer ${hash} reverted`);
  return { from: account, transactions: [{ kind: 'transfer', hash, blockNumber: Number(receipt.blockNumber) }] };
}

async function sendDeposit() {
  const button = $('deposit-send-button');
  button.disabled = true;
  const log = $('deposit-log');
  const note = (text) => log.replaceChildren(element('li', { textContent: text }));
  const { answer, request } = state.deposit;
  try {
    // Verified again now: the deadline may have passed since it was shown.
    verifyDeposit('none');
    if (!state.deposit.report.ok) throw new Error('the deposit address no longer verifies; not sending to it');
    let sent;
    if (state.wallet.provider) {
      sent = await sendDepositWithWallet(answer, note);
    } else {
      note('The backend is sending the transfer from the funder…');
      // The backend reads the answer from the gateway again and verifies it itself.
      sent = await api('/api/deposit-transfer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ vaultAddress: answer.vaultAddress, request, from: $('funder').value.trim() }),
      });
    }
    log.replaceChildren(...sent.transactions.map((tx) =>
      element('li', { dataset: { kind: tx.kind } }, `${tx.kind} from ${short(sent.from)} in block ${tx.blockNumber}: `,
        element('code', { textContent: short(tx.hash), title: tx.hash }))));
    watchStatus(answer.intentHash, 'deposit');
  } catch (error) {
    log.replaceChildren(element('li', { className: 'fail', textContent: error.message }));
    button.disabled = !(state.deposit.report?.ok && state.deposit.tamper === 'none');
  }
}

// ---- start --------------------------------------------------------------------------------------

async function start() {
  const message = $('form-message');
  message.textContent = 'Loading chains, tokens and the verifier…';
  try {
    const [verifier, { chains }, { tokens }, config] = await Promise.all([
      loadVerifier(),
      api('/api/chains'),
      api('/api/tokens'),
      api('/api/config'),
    ]);
    Object.assign(state, {
      verifier, chains, tokens, devWallet: config.devWallet, apiUrl: config.apiUrl, depositPartner: config.depositPartner,
      compromisedSigner: config.compromisedSigner === true,
    });
  } catch (error) {
    message.textContent = `Could not start: ${error.message}`;
    return;
  }
  fillChainSelect($('source-chain'), state.chains[0]?.chainId);
  fillChainSelect($('destination-chain'), (state.chains[1] ?? state.chains[0])?.chainId);
  fillTokenSelect($('source-token'), Number($('source-chain').value), 'USDC');
  fillTokenSelect($('destination-token'), Number($('destination-chain').value), 'USDC');
  wireTokenFollowsChain($('source-chain'), $('source-token'));
  wireTokenFollowsChain($('destination-chain'), $('destination-token'));

  const accounts = state.devWallet?.accounts ?? [];
  $('dev-accounts').replaceChildren(...accounts.map((a) => element('option', { value: a.address, label: `dev account #${a.index}` })));
  // Local chains: prefill a development funder and recipient so one click gets a quote.
  if (accounts.length >= 2) {
    $('funder').value = accounts[1].address;
    $('recipient').value = accounts.at(-1).address;
    // The dev wallet sends a deposit from the funder: a refund goes back to it.
    $('refund-recipient').value = accounts[1].address;
  }

  $('quote-form').addEventListener('submit', requestQuote);
  for (const button of document.querySelectorAll('[data-tamper]')) {
    button.addEventListener('click', () => tamperWith(button.dataset.tamper));
  }
  // Only a local deployment signed by the development quote signer offers it.
  document.querySelector('[data-tamper="compromised-signer"]').hidden = !state.compromisedSigner;
  $('fund-button').addEventListener('click', fund);
  $('deposit-form').addEventListener('submit', requestDepositAddress);
  for (const button of document.querySelectorAll('[data-deposit-tamper]')) {
    button.addEventListener('click', () => verifyDeposit(button.dataset.depositTamper));
  }
  $('deposit-send-button').addEventListener('click', sendDeposit);

  // An injected wallet (EIP-1193) funds instead of the development wallet.
  const provider = globalThis.ethereum;
  if (provider && typeof provider.request === 'function') {
    state.wallet.provider = provider;
    $('wallet').hidden = false;
    $('connect-wallet').addEventListener('click', connectWallet);
    provider.on?.('accountsChanged', (accounts) => showAccount(accounts?.[0]));
    // An account this site may already use connects without a prompt.
    provider.request({ method: 'eth_accounts' }).then((accounts) => accounts?.[0] && showAccount(accounts[0])).catch(() => {});
  }
  $('quote-button').disabled = false;
  $('deposit-button').disabled = !state.depositPartner;
  message.textContent = '';
  document.body.dataset.ready = 'true';
}

start();
