// The demo page: ask this dapp's backend for a quote, verify it here with the stableroutes
// package, show why it can be trusted (or not), and on the local chains fund it with a
// development wallet and follow it to delivery. The page never sees the API key.
import { loadVerifier } from 'stableroutes';

const $ = (id) => document.getElementById(id);

// Each tamper changes one field of a copy of the signed quote; `catches` is the check that names
// that change (the signature check fails too for every signed field).
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
};

const state = {
  verifier: null,
  chains: [],
  tokens: [],
  devWallet: null,
  request: null, // the request exactly as sent: the verifier checks the quote against it
  quote: null, // the quote exactly as received
  tamper: 'none',
  report: null,
  countdown: null,
  statusPoll: null,
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
  stopStatusPoll();
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
    ['Recipient gets', `${amountText(destination.chainId, destination.token, destination.amountOut)} on ${chainName(destination.chainId)}`],
    ['At least', `${amountText(destination.chainId, destination.token, destination.minAmountOut)} (slippage ${(Number(quote.slippage) * 100).toFixed(2)}%)`],
    ['Recipient', destination.recipient],
    ['Solver', `${quote.solver?.name ?? '–'} (${quote.solver?.id ?? '–'})`],
  ];
  $('amounts').replaceChildren(...rows.flatMap(([k, v]) => [element('dt', { textContent: k }), element('dd', { textContent: v })]));

  $('fees').tBodies[0].replaceChildren(
    ...quote.fees.map((fee) =>
      element('tr', {},
        element('td', { textContent: fee.type }),
        element('td', { textContent: `${formatUnits(fee.amount, fee.token.decimals)} ${fee.token.symbol}` }),
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
  $('funding').hidden = !(state.devWallet && sourceChain?.rpcUrl);
  $('fund-log').replaceChildren();
  $('status').textContent = '–';
}

// ---- verification -----------------------------------------------------------------------------

function verify(tamperName) {
  const now = nowSeconds();
  const subject = structuredClone(state.quote);
  const tamper = TAMPERS[tamperName];
  if (tamper) tamper.apply(subject, { request: state.request, now });
  state.tamper = tamperName;
  state.report = state.verifier.verifyQuote(subject, { chains: state.chains, request: state.request, now });
  showReport(tamper);
}

function showReport(tamper) {
  const { report } = state;
  $('verification').hidden = false;
  const verdict = $('verdict');
  verdict.textContent = report.ok ? 'all checks pass' : 'REJECTED';
  verdict.className = `badge ${report.ok ? 'pass' : 'fail'}`;
  $('subject').textContent = tamper
    ? `Tampered copy: ${tamper.label}. Expected to be caught by “${tamper.catches}”.`
    : 'The quote exactly as the API signed it.';
  $('checks').replaceChildren(
    ...report.checks.map((check) =>
      element('li', {
        className: `${check.ok ? 'pass' : 'fail'}${tamper?.catches === check.name ? ' expected' : ''}`,
        dataset: { check: check.name, ok: String(check.ok) },
      },
      element('span', { className: 'mark', textContent: check.ok ? '✓' : '✗' }),
      element('span', { className: 'name', textContent: check.name }),
      element('span', { className: 'detail', textContent: check.detail }))),
  );
  for (const button of document.querySelectorAll('[data-tamper]')) {
    button.classList.toggle('active', button.dataset.tamper === state.tamper);
  }
  // Only the untouched, fully verified quote may be funded.
  $('fund-button').disabled = !(report.ok && state.tamper === 'none');
}

// ---- funding and status (local chains only) ---------------------------------------------------

function stopStatusPoll() {
  clearTimeout(state.statusPoll);
  state.statusPoll = null;
}

const STATUS_EVENTS = ['published', 'funded', 'fulfilled', 'proven', 'withdrawn', 'refunded'];
const FINAL_STATUSES = new Set(['settled', 'refunded']);
const DELIVERED_STATUSES = new Set(['filled', 'settled']);

async function followStatus(quoteUuid, deadline) {
  try {
    const status = await api(`/api/status?${new URLSearchParams({ quoteId: quoteUuid })}`);
    const delivered = DELIVERED_STATUSES.has(status.status);
    $('status').textContent = delivered ? `${status.status} — delivered to the recipient` : status.status;
    $('status').dataset.status = status.status;
    // The intent's life in protocol order, whatever order the polls saw it in.
    const events = STATUS_EVENTS
      .filter((kind) => status.transactions?.[kind])
      .map((kind) => {
        const tx = status.transactions[kind];
        return element('li', { dataset: { kind: `status-${kind}` } },
          `${kind} on ${chainName(tx.chainId)} in block ${tx.blockNumber}: `,
          element('code', { textContent: short(tx.transactionHash), title: tx.transactionHash }));
      });
    const log = $('fund-log');
    for (const old of log.querySelectorAll('[data-kind^="status-"]')) old.remove();
    log.append(...events);
    if (FINAL_STATUSES.has(status.status) || Date.now() > deadline) return;
  } catch (error) {
    $('status').textContent = `status unavailable: ${error.message}`;
  }
  state.statusPoll = setTimeout(() => followStatus(quoteUuid, deadline), 1000);
}

async function fund() {
  const button = $('fund-button');
  button.disabled = true;
  const log = $('fund-log');
  log.replaceChildren(element('li', { textContent: 'The backend is sending the approval and the funding transaction…' }));
  try {
    const sent = await api('/api/fund', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quoteId: state.quote.id }),
    });
    log.replaceChildren(...sent.transactions.map((tx) =>
      element('li', { dataset: { kind: tx.kind } }, `${tx.kind} from ${short(sent.from)} in block ${tx.blockNumber}: `,
        element('code', { textContent: short(tx.hash), title: tx.hash }))));
    stopStatusPoll();
    followStatus(state.quote.id.replace(/^quote:/, ''), Date.now() + 3 * 60_000);
  } catch (error) {
    log.replaceChildren(element('li', { className: 'fail', textContent: error.message }));
    button.disabled = false;
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
    Object.assign(state, { verifier, chains, tokens, devWallet: config.devWallet });
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
  }

  $('quote-form').addEventListener('submit', requestQuote);
  for (const button of document.querySelectorAll('[data-tamper]')) {
    button.addEventListener('click', () => verify(button.dataset.tamper));
  }
  $('fund-button').addEventListener('click', fund);
  $('quote-button').disabled = false;
  message.textContent = '';
  document.body.dataset.ready = 'true';
}

start();
