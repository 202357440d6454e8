#!/usr/bin/env node
// Checks a running deployment against the API contract (edge-worker/openapi.json), as an
// integrator would: it calls every kind of endpoint (service, chains and tokens, a quote with
// its competitors, status lookups, gasless jobs, webhooks, the deposit-address gateway, the
// legacy interface) and the usual mistakes (no key, a wrong key, malformed input, an unknown
// route, a wrong method), and validates each answer's status, headers and body with the same
// oracle the worker tests use.
//
//   npm run check:contract -- [--base http://127.0.0.1:8787] [--key dev-key-acme] [--partner acme]
//
// It creates one quote and one deposit address (nothing is funded). Exit 0 when every answer
// conforms, 1 when one does not or a call failed.
import { parseArgs } from 'node:util';
import { contractViolations } from '../edge-worker/test/contract.mjs';

const { values: options } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8787' },
    key: { type: 'string', default: 'dev-key-acme' },
    partner: { type: 'string', default: 'acme' },
  },
});

// Addresses of nobody in particular: the quote is never funded.
const FUNDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

let failures = 0;
let checked = 0;

/** Calls the deployment, validates the answer, prints one line; answers the parsed body. */
async function call(method, path, { key, body, expect } = {}) {
  const headers = {};
  if (key) headers['x-api-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(new URL(path, options.base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    failures++;
    console.log(`FAIL ${method} ${path}: ${error.message}`);
    return null;
  }
  const text = await response.text();
  const problems = contractViolations(method, response.url, response, text === '' ? null : text);
  if (expect !== undefined && response.status !== expect) problems.push(`expected status ${expect}, got ${response.status}: ${text.slice(0, 300)}`);
  checked++;
  if (problems.length > 0) {
    failures++;
    console.log(`FAIL ${method} ${path} -> ${response.status}\n  ${problems.join('\n  ')}`);
  } else {
    console.log(`ok   ${method} ${path} -> ${response.status}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const key = options.key;
await call('GET', '/health', { expect: 200 });
await call('GET', '/openapi.json', { expect: 200 });
const { chains = [] } = (await call('GET', '/v1/chains', { key, expect: 200 })) ?? {};
const { tokens = [] } = (await call('GET', '/v1/tokens', { key, expect: 200 })) ?? {};
await call('GET', `/v1/tokens?chainId=${chains[0]?.chainId ?? 1}`, { key, expect: 200 });
await call('GET', '/v1/tokens?chainId=zero', { key, expect: 400 });
await call('GET', '/v1/tokens?chainId=4294967295', { key, expect: 422 });
await call('GET', '/v1/chains', { expect: 403 });
await call('GET', '/v1/chains', { key: 'not-a-key', expect: 401 });

// A route between two EVM chains that list a token of the same symbol.
const evm = new Set(chains.filter((c) => c.vm === 'evm').map((c) => c.chainId));
const pair = (() => {
  for (const a of tokens) for (const b of tokens) if (evm.has(a.chainId) && evm.has(b.chainId) && a.chainId !== b.chainId && a.symbol === b.symbol) return [a, b];
  return null;
})();
if (!pair) {
  failures++;
  console.log('FAIL no two EVM chains share a token: no quote to check');
} else {
  const [from, to] = pair;
  const request = {
    type: 'exact-in', dappId: 'check-contract',
    source: { chainId: from.chainId, token: from.address, amount: String(10n ** BigInt(from.decimals)), funder: FUNDER },
    destination: { chainId: to.chainId, token: to.address, recipient: RECIPIENT },
    options: { allQuotes: true },
  };
  const quote = await call('POST', '/v1/quotes', { key, body: request, expect: 200 });
  await call('POST', '/v1/quotes', { key, body: { ...request, type: 'sideways' }, expect: 400 });
  if (quote?.id) {
    const uuid = quote.id.replace(/^quote:/, '');
    await call('GET', `/v1/intents/status?quoteId=${uuid}`, { key, expect: 200 });
    if (quote.intentHash) await call('GET', `/v1/intents/status?intentHash=${quote.intentHash}`, { key, expect: 200 });
    await call('GET', `/v1/gasless/jobs?quoteId=${uuid}`, { key, expect: 404 });
    await call('GET', `/v1/gasless/jobs/job:${uuid}`, { key, expect: 404 });
    // Never funded, so the chain has not shown it created: Eco's intentStatus has no answer (404).
    if (quote.intentHash) await call('POST', '/api/v3/intents/intentStatus', { body: { intentHash: quote.intentHash }, expect: 404 });
  }
  await call('GET', '/v1/intents/status?intentHash=0x12', { key, expect: 400 });
  await call('POST', '/api/v3/quotes/exactIn', {
    body: {
      dAppID: 'check-contract', intentExecutionTypes: ['SELF_PUBLISH'],
      quoteRequest: { sourceChainID: from.chainId, destinationChainID: to.chainId, sourceToken: from.address, destinationToken: to.address, sourceAmount: request.source.amount, funder: FUNDER, recipient: RECIPIENT },
    },
    expect: 200,
  });
  const gateway = `/v1/${options.partner}-gateway`;
  const deposit = await call('POST', `${gateway}/deposit-addresses`, {
    body: { source: { chainId: from.chainId, token: from.address, amount: request.source.amount }, destination: { chainId: to.chainId, token: to.address, recipient: RECIPIENT }, refundRecipient: FUNDER },
  });
  if (deposit?.vaultAddress) {
    await call('GET', `${gateway}/${deposit.vaultAddress}`, { expect: 200 });
    await call('GET', `${gateway}/status?vaultAddress=${deposit.vaultAddress}`, { expect: 200 });
  }
}
await call('GET', '/v1/webhooks', { key });
await call('GET', '/v1/no-such-route', { key, expect: 404 });
await call('DELETE', '/v1/chains', { key, expect: 405 });

console.log(`${checked} answers checked against openapi.json, ${failures} failed`);
process.exit(failures === 0 && checked > 0 ? 0 : 1);
