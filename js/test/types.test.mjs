// The hand-written declarations type-check the way the package is used (tsc --strict, Node16
// resolution through the package's own `exports` map), reject misuse, and describe what the API
// really sends: the core's answers, written out as object literals, must be assignable to the
// declared types, so a field the declarations lack (excess property) or mistype fails here.
import assert from 'node:assert/strict';
import { it } from 'node:test';

import { instantiate } from '../../tests/node/wasm.mjs';
import { loadLocalConfig } from '../../tests/node/local-config.mjs';
import { typecheck, typecheckModule } from './typecheck.mjs';

it('types/index.d.ts and types/client.d.ts compile against a usage file', () => {
  typecheck(new URL('types/usage.ts', import.meta.url));
});

it('the core\'s chains, tokens and quotes of every shape are assignable to ChainRecord, TokenRecord and Quote', async () => {
  const { config, secrets } = await loadLocalConfig();
  const core = await instantiate('core');
  const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
  const call = (op, input) => {
    const out = JSON.parse(service.handle(op, JSON.stringify(input)));
    assert.equal(out.status, 200, `${op}: ${JSON.stringify(out.body)}`);
    return out.body;
  };
  const key = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes', 'all-quotes', 'gasless'] };
  const quote = (body) => call('quote', { body, key, now: 1763697600, random: `0x${'5a'.repeat(32)}`, solverAnswers: [] });
  const funder = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  const recipient = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
  const source = { chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', funder };
  const destination = { chainId: 10, token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', recipient };
  const dappId = 'types-test';
  const quotes = [
    quote({ type: 'exact-in', source: { ...source, amount: '100000000' }, destination, dappId, options: { allQuotes: true } }),
    quote({ type: 'exact-out', source, destination: { ...destination, amount: '99000000' }, dappId }),
    quote({ type: 'custom', source: { ...source, amount: '100000000' }, dappId,
      destination: { ...destination, calls: [{ target: recipient, data: '0xdeadbeef', value: '0' }] } }),
    // Multi-hop to Solana: stitched intents, an SVM destination and every role.
    quote({ type: 'exact-in', dappId, options: { allQuotes: true },
      source: { chainId: 137, token: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', amount: '100000000', funder },
      destination: { chainId: 1399811149, token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', recipient: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' } }),
  ];
  assert.ok(quotes[0].competingQuotes?.length > 0, 'the allQuotes answer lists competing quotes');
  assert.ok(quotes[3].steps.some((s) => s.intents.some((i) => i.role === 'stitched-destination')), 'a stitched route');
  const { chains } = call('chains', {});
  const { tokens } = call('tokens', {});
  // The local chain stack's records: an rpcUrl, no explorer (null), and a confirmed Portal.
  const [first, ...rest] = config.chains;
  const localConfig = { ...config, chains: [{ ...first, blockExplorerUrl: null, rpcUrl: 'http://127.0.0.1:8545' }, ...rest] };
  const local = JSON.parse(new core.Service(JSON.stringify(localConfig), JSON.stringify(secrets))
    .handle('chains', JSON.stringify({ confirmedChains: [first.chainId] }))).body.chains[0];
  assert.equal(local.blockExplorerUrl, null);
  assert.equal(local.vaultDerivation, 'confirmed');
  chains.push(local);

  typecheckModule('payloads.mts', [
    "import type { ChainRecord, TokenRecord, Quote } from 'stableroutes';",
    `export const chains: ChainRecord[] = ${JSON.stringify(chains, null, 1)};`,
    `export const tokens: TokenRecord[] = ${JSON.stringify(tokens, null, 1)};`,
    `export const quotes: Quote[] = ${JSON.stringify(quotes, null, 1)};`,
  ]);
});
