// Genuine answers of the quote engine (the core WebAssembly module's Service over the local
// configuration) and a lying signer's re-signing of them, for the suites that play that signer:
// every EVM-to-EVM entry's hashes and vault derived again with ethers, execution from the funded
// entry, the publishAndFund calldata, and the signature of the development quote signer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { getCreate2Address } from 'ethers';

import * as f from './fixtures.mjs';

const repo = new URL('../../', import.meta.url);
const coreDir = new URL('build/wasm-release/', repo);
const readConfig = (name) => JSON.parse(readFileSync(new URL(`config/local/${name}.json`, repo), 'utf8'));
export const config = Object.fromEntries(['service', 'chains', 'tokens', 'solvers', 'partners'].map((n) => [n, readConfig(n)]));
export const secrets = readConfig('secrets');
export const NOW = 1763697600;
export const FUNDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
export const OTHER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
export const OPTIMISM_USDC = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
export const KEY = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes', 'all-quotes'] };
export const FIVE_YEARS = 5 * 365 * 86400;
export const SOLANA = 1399811149;

export const exactIn = () => ({
  type: 'exact-in',
  source: { chainId: 8453, token: f.BASE_USDC, amount: '100000000', funder: FUNDER },
  destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT },
  dappId: 'lying-signer-test',
});
export const stitched = () => ({
  type: 'exact-in',
  source: { chainId: 137, token: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', amount: '100000000', funder: FUNDER },
  destination: { chainId: SOLANA, token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', recipient: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
  dappId: 'lying-signer-test',
});

// Every EVM-to-EVM entry's hashes and vault from its intent (ethers), execution from the funded
// entry, the publishAndFund calldata, the top-level hash when there is one, and the signature.
export function resign(quote, [step, index] = [0, 0]) {
  for (const s of quote.steps) {
    for (const e of s.intents) {
      if (e.sourceChainId === SOLANA || e.destinationChainId === SOLANA) continue;
      const { encodedRoute, intentHash } = f.hashIntent(e.intent);
      Object.assign(e, { intentHash, encodedRoute, vault: getCreate2Address(f.PORTAL, intentHash, f.INIT_CODE_HASH) });
    }
  }
  const funded = quote.steps[step].intents[index];
  quote.execution.intent = structuredClone(funded.intent);
  quote.execution.vault = funded.vault;
  quote.execution.transaction.data = f.portalInterface.encodeFunctionData('publishAndFund',
    [funded.intent.destination, funded.encodedRoute, f.rewardTuple(funded.intent.reward), false]);
  if (quote.intentHash !== null) quote.intentHash = funded.intentHash;
  return f.sign(quote);
}

// The core's Service over the local configuration: ask(op, input) answers the op's body and
// asserts its status; quoteFor(body) is acme's quote for a request at NOW.
export async function loadEngine() {
  const { default: createCore } = await import(new URL('core.mjs', coreDir).href);
  const core = await createCore({ wasmBinary: readFileSync(new URL('core.wasm', coreDir)) });
  const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
  const ask = (op, input, status = 200) => {
    const out = JSON.parse(service.handle(op, JSON.stringify(input)));
    assert.equal(out.status, status, JSON.stringify(out.body));
    return out.body;
  };
  const quoteFor = (body) => ask('quote', { body, key: KEY, now: NOW, random: `0x${'5a'.repeat(32)}`, solverAnswers: [] });
  return { ask, quoteFor, chains: ask('chains', { confirmedChains: [] }) };
}
