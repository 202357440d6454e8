// stableroutes/client against the real worker (workerd through Miniflare, on loopback): one call
// of every endpoint it offers, each answer checked for what matters, and then every answer
// written out as an object literal typed with the method's declared return type and compiled by
// tsc --strict. An answer with a field the declarations lack (excess property), or a field of
// another type, fails here: the declarations describe what the API really sends.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hexlify, randomBytes, Wallet } from 'ethers';

import { createClient, StableRoutesError } from 'stableroutes/client';

import { buildBundle, removeBundle, startWorker, tempDir, DEV_KEYS } from '../../edge-worker/test/harness.mjs';
import { ERC3009_TYPES, PERMIT_TYPES, USDC_BASE, erc3009Submit, funder, nowSec, usdcBaseDomain, vectors, waitFor } from '../../edge-worker/test/gasless-helpers.mjs';
import { chainRpcUrls, startChainDouble } from '../../edge-worker/test/chain-double.mjs';
import { publishedAndFunded, pushLogs } from '../../edge-worker/test/pushed-events.mjs';
import { typecheckModule } from './typecheck.mjs';

const OPTIMISM_USDC = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const RECIPIENT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const payer = new Wallet('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'); // anvil #3

let bundleDir, persist, worker, client, chain;
// [client method, what it answered], in call order; type-checked at the end.
const answers = [];
const record = (method, value) => {
  answers.push([method, value]);
  return value;
};

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir('sr-client-worker-');
  // Base (production addresses) answers from a JSON-RPC double that confirms the vault derivation.
  chain = await startChainDouble({ portal: vectors.portal, vaultInitCodeHash: vectors.vaultInitCodeHash });
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { CHAIN_RPC_URLS: chainRpcUrls(chain.url) } });
  client = createClient({ baseUrl: worker.base, apiKey: DEV_KEYS.acme, partner: 'acme', timeoutMs: 30_000 });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await chain?.close();
  if (bundleDir) removeBundle(bundleDir);
});

describe('stableroutes/client against the real worker', () => {
  let quote;
  let deposit;

  it('reads health, the OpenAPI document, chains and tokens', async () => {
    assert.equal(record('health', await client.health()).status, 'ok');
    assert.equal((await client.openapi()).openapi, '3.1.0');
    const chains = record('getChains', await client.getChains());
    assert.ok(chains.some((c) => c.chainId === 8453));
    const tokens = record('getTokens', await client.getTokens({ chainId: 8453 }));
    assert.ok(tokens.length > 0 && tokens.every((t) => t.chainId === 8453));
  });

  it('quotes, and the quote\'s status and (absent) gasless job can be read', async () => {
    quote = record('createQuote', await client.createQuote({
      type: 'exact-in', dappId: 'client-worker-test', options: { allQuotes: true },
      source: { chainId: 8453, token: USDC_BASE, amount: '25000000', funder: funder.address },
      destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT },
    }));
    assert.match(quote.id, /^quote:/);
    assert.ok(quote.competingQuotes.length > 0);
    // The quote is indexed in the background: until then it reads as unknown.
    const indexed = await waitFor(() => client.getIntentStatus({ quoteId: quote.id }), (s) => s.status !== 'unknown');
    assert.equal(record('getIntentStatus', indexed).intentHash, quote.intentHash);
    assert.equal(record('getIntentStatus', await client.getIntentStatus({ intentHash: quote.intentHash })).status, 'pending');
    assert.equal(await client.findGaslessJob(quote.id), null);
  });

  it('submits an ERC-3009 authorization once; the identical submit answers the same job', async () => {
    const payload = await erc3009Submit(quote);
    const first = record('submitErc3009', await client.submitErc3009(payload));
    assert.deepEqual([first.created, first.recovered], [true, false]);
    const again = record('submitGasless', await client.submitGasless('erc3009', payload));
    assert.deepEqual([again.created, again.job.id], [false, first.job.id]);
    assert.equal(record('getGaslessJob', await client.getGaslessJob(first.job.id)).quoteId, first.job.quoteId);
    assert.equal(record('findGaslessJob', await client.findGaslessJob(quote.id)).id, first.job.id);
  });

  it('creates a deposit address, funds it by ERC-3009 and reads its record and status', async () => {
    deposit = record('createDepositAddress', await client.createDepositAddress({
      source: { chainId: 8453, token: USDC_BASE, amount: '25000000' },
      destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT },
      refundRecipient: payer.address,
    }));
    const authorization = { from: payer.address, to: deposit.vaultAddress, value: deposit.source.amount, validAfter: '0',
      validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
    const signature = await payer.signTypedData(usdcBaseDomain, ERC3009_TYPES, authorization);
    const job = record('submitDepositErc3009', await client.submitDepositErc3009({ vaultAddress: deposit.vaultAddress, authorization, signature }));
    assert.equal(job.intentHash, deposit.intentHash);
    const stored = record('getDepositAddress', await client.getDepositAddress(deposit.vaultAddress));
    assert.equal(stored.job.id, job.id);
    const status = record('getDepositStatus', await client.getDepositStatus(deposit.vaultAddress));
    assert.equal(status.intentHash, deposit.intentHash);
  });

  it('funds a second deposit address with an EIP-2612 permit', async () => {
    const other = await client.createDepositAddress({
      source: { chainId: 8453, token: USDC_BASE, amount: '30000000' },
      destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT },
      refundRecipient: payer.address,
    });
    const permit = { owner: payer.address, spender: other.vaultAddress, value: other.source.amount, nonce: '0', deadline: String(nowSec() + 3600) };
    const signature = await payer.signTypedData(usdcBaseDomain, PERMIT_TYPES, permit);
    const job = record('submitDepositErc2612', await client.submitDepositErc2612({ vaultAddress: other.vaultAddress, permit, signature }));
    assert.equal(job.standard, 'erc2612');
  });

  it('calls the legacy v3 interface', async () => {
    const legacy = (sourceAmount) => ({
      dAppID: 'client-worker-test', intentExecutionTypes: ['SELF_PUBLISH'],
      quoteRequest: { sourceChainID: 8453, destinationChainID: 10, sourceToken: USDC_BASE, destinationToken: OPTIMISM_USDC,
        sourceAmount, funder: payer.address, refundRecipient: payer.address, recipient: RECIPIENT },
    });
    const exactIn = record('legacyExactIn', await client.legacyExactIn(legacy('25000000')));
    assert.ok(exactIn.data.length > 0);
    const exactOut = record('legacyExactOut', await client.legacyExactOut(legacy('20000000')));
    assert.equal(exactOut.data[0].quoteData.quoteResponse.destinationAmount, '20000000');
    // Eco's intentStatus has an intentCreated to give only once the chain shows the intent
    // created: an indexer pushes the quote's IntentPublished and IntentFunded first.
    const pushed = publishedAndFunded(quote);
    await pushLogs(worker, 8453, pushed);
    const status = record('legacyIntentStatus', await client.legacyIntentStatus({ intentHash: quote.intentHash }));
    assert.equal(status.data.intentHash, quote.intentHash);
    assert.equal(status.data.intentCreated.chainId, 8453);
    assert.equal(status.data.status.subStatus, 'WaitingToFulfill');
    // The same intent by the transaction the indexer pushed (its publication and funding).
    const byTx = record('getIntentStatus', await client.getIntentStatus({ transactionHash: pushed[1].transactionHash, chainId: 8453 }));
    assert.equal(byTx.intentHash, quote.intentHash);
  });

  it('manages webhook endpoints: create, list, deliveries, delete', async () => {
    const created = record('createWebhook', await client.createWebhook({ url: 'http://127.0.0.1:9/client-worker-test', events: ['intent.status'] }));
    assert.match(created.secret, /^whsec_/);
    const listed = record('listWebhooks', await client.listWebhooks());
    assert.ok(listed.some((w) => w.id === created.id));
    assert.deepEqual(record('getWebhookDeliveries', await client.getWebhookDeliveries(created.id)), []);
    await client.deleteWebhook(created.id);
    assert.ok(!(await client.listWebhooks()).some((w) => w.id === created.id));
    await assert.rejects(client.deleteWebhook(created.id), (e) => e instanceof StableRoutesError && e.status === 404);
  });

  it('throws the problem+json of a refused request', async () => {
    await assert.rejects(client.createQuote({ type: 'exact-in', dappId: 'x' }), (error) => {
      assert.ok(error instanceof StableRoutesError);
      assert.equal(error.status, 400);
      assert.ok(error.problem.errors.some((e) => e.field === 'source'));
      return true;
    });
  });

  it('every answer has the declared type of its method (tsc --strict, no excess properties)', () => {
    assert.ok(answers.length >= 18, `${answers.length} answers recorded`);
    typecheckModule('client-answers.mts', [
      "import type { StableRoutesClient } from 'stableroutes/client';",
      'type Answer<M extends keyof StableRoutesClient> = Awaited<ReturnType<StableRoutesClient[M]>>;',
      ...answers.map(([method, value], i) => `export const a${i}: Answer<'${method}'> = ${JSON.stringify(value, null, 1)};`),
    ]);
  });
});
