// Compiled (not run) by types.test.mjs with tsc --strict: the declarations describe the API as the
// tests use it, and the @ts-expect-error lines prove they reject misuse.
import { loadVerifier, CHECK_NAMES, DEPOSIT_CHECK_NAMES } from 'stableroutes';
import type { Quote, QuoteRequest, ChainRecord, TokenRecord, VerificationReport, QuoteCheckName, DepositCheckName, DepositAddressRequest, GaslessJob, IntentStatus, Problem } from 'stableroutes';
import { createClient, StableRoutesError, verifyWebhook } from 'stableroutes/client';
import { loadQuoteVerifier, CHECK_NAMES as QUOTE_CHECK_NAMES } from 'stableroutes/quotes';
import type { QuoteVerifier, ChainBoundQuoteVerifier } from 'stableroutes/quotes';
import { loadQuoteVerifier as loadInlineQuoteVerifier } from 'stableroutes/quotes/inline';
import { loadQuoteVerifier as loadEvmQuoteVerifier, CHECK_NAMES as EVM_CHECK_NAMES } from 'stableroutes/quotes/evm';
import type { WebhookDelivery, WebhookEndpointCreated } from 'stableroutes/client';

export async function example(quote: Quote, chains: ChainRecord[], tokens: TokenRecord[], request: QuoteRequest) {
  const verifier = await loadVerifier();
  const report: VerificationReport = verifier.verifyQuote(quote, { chains, request, now: 1 });
  const names: QuoteCheckName[] = report.checks.map((c) => c.name);
  const first: readonly QuoteCheckName[] = CHECK_NAMES;
  const gasless = verifier.verifyGaslessPayload(quote, {
    standard: 'erc3009',
    payload: { from: '0x', to: quote.execution.vault, value: quote.source.amount, validAfter: 0, validBefore: 1, nonce: '0x00' },
    signature: '0x00',
    chains: { chains },
    tokens,
  });
  const ok: boolean = gasless.ok && report.ok;
  // @ts-expect-error chains are required
  verifier.verifyQuote(quote, { now: 1 });
  // @ts-expect-error a Permit2 payload under the erc3009 standard
  verifier.verifyGaslessPayload(quote, { standard: 'erc3009', payload: { details: [], spender: '0x', sigDeadline: 0 }, signature: '0x', chains, tokens });

  const client = createClient({ baseUrl: 'http://127.0.0.1:8787', apiKey: 'dev-key-acme', partner: 'acme' });
  const fresh: Quote = await client.createQuote(request, { signal: new AbortController().signal, timeoutMs: 5000 });
  const hash: string | null = fresh.intentHash;
  const status: IntentStatus = await client.getIntentStatus({ quoteId: fresh.id });
  // An unfilled intent's refund: sent as-is from any wallet, from availableAt on.
  const refundTx: { to: string; data: string; value: '0' } | undefined = status.refund?.transaction;
  const refundAt: number | string | undefined = status.refund?.availableAt;
  const job: GaslessJob | null = await client.findGaslessJob(fresh.id);
  const submitted = await client.submitErc3009({ quote: fresh, authorization: { from: '0x', to: '0x', value: '1', validAfter: 0, validBefore: 1, nonce: '0x' }, signature: '0x' });
  const recovered: boolean = submitted.recovered;
  const record = await client.getDepositAddress('0x99a7FD4F520Ff770A5310e94591aCDa99e790D44');
  const funding: GaslessJob['standard'] | undefined = record.job?.standard;
  // A deposit address is shown only once the browser verified it against its own request.
  const depositRequest: DepositAddressRequest = { source: record.source, destination: record.destination, refundRecipient: '0x' };
  const deposit: VerificationReport<DepositCheckName> = verifier.verifyDepositAddress(record, { chains, request: depositRequest });
  const depositNames: readonly DepositCheckName[] = DEPOSIT_CHECK_NAMES;
  const boundDeposit: boolean = verifier.forChains(chains).verifyDepositAddress(record, { request: depositRequest }).ok && deposit.ok;
  const signedIntent: string = record.signature + record.intent.route.salt;
  // @ts-expect-error the request is required: it alone names the refund recipient
  verifier.verifyDepositAddress(record, { chains });
  // @ts-expect-error a deposit permit needs its spender
  await client.submitDepositErc2612({ vaultAddress: record.vaultAddress, permit: { owner: '0x', value: '1', nonce: 0, deadline: 1 }, signature: '0x' });
  const legacy = await client.legacyExactOut({ dAppID: 'usage', intentExecutionTypes: ['SELF_PUBLISH'], quoteRequest: {
    sourceChainID: 8453, destinationChainID: 10, sourceToken: '0x', destinationToken: '0x', sourceAmount: '1', funder: '0x', recipient: '0x' } });
  const route: string = legacy.data[0].quoteData.quoteResponse.encodedRoute;
  try {
    await client.getChains();
  } catch (error) {
    if (error instanceof StableRoutesError && error.status === 429) {
      const code: Problem['code'] | 'timeout' | 'network-error' | 'invalid-webhook' | null = error.code;
      return [code, error.retryAfterMs];
    }
  }
  // @ts-expect-error unknown status value
  const bad: IntentStatus['status'] = 'done';
  return [names, first, ok, hash, status, job, recovered, funding, route, bad];
}

export async function watchAndVerify(client: ReturnType<typeof createClient>, secret: string, headers: Record<string, string>, body: string) {
  for await (const status of client.watchIntent({ quoteId: 'quote:00000000-0000-4000-8000-000000000000' }, { signal: AbortSignal.timeout(1000) })) {
    const value: string = status.status;
    if (value === 'settled') break;
  }
  const payload = await verifyWebhook(secret, headers, body);
  const type: 'intent.status' = payload.type;
  return [type, payload.data.intentHash];
}

// The webhook management answers, as a server would read them with fetch.
export function webhookSummary(created: WebhookEndpointCreated, deliveries: WebhookDelivery[]) {
  const secret: string = created.secret;
  const pending = deliveries.filter((d) => d.deliveredAt === null && d.nextAttemptAt !== null).map((d) => d.id);
  return { id: created.id, secret, pending, description: created.description ?? null };
}

// The quote-only entry: verifyQuote and forChains(...).verifyQuote as the full verifier's, nothing else.
export async function quotesOnly(quote: Quote, chains: ChainRecord[], request: QuoteRequest) {
  const verifier: QuoteVerifier = await loadQuoteVerifier({ wasmUrl: '/assets/quote-verifier.wasm' });
  const report: VerificationReport<QuoteCheckName> = verifier.verifyQuote(quote, { chains, request, maxFeeBps: 100 });
  const bound: ChainBoundQuoteVerifier = verifier.forChains({ chains });
  const again: boolean = bound.verifyQuote(quote, { request, now: 1 }).ok && report.ok;
  bound.release();
  const names: readonly QuoteCheckName[] = QUOTE_CHECK_NAMES;
  // @ts-expect-error chains are required
  verifier.verifyQuote(quote, { now: 1 });
  // @ts-expect-error the quote-only verifier has no deposit-address check
  verifier.verifyDepositAddress(quote, { chains, request });
  // @ts-expect-error nor a gasless one, bound or not
  bound.verifyGaslessPayload(quote, {});
  return [again, names];
}

// The same verifier with its module inside the script: nothing to point at.
export async function quotesInOneRequest(quote: Quote, chains: ChainRecord[]) {
  const verifier: QuoteVerifier = await loadInlineQuoteVerifier();
  // @ts-expect-error there is no module to name
  await loadInlineQuoteVerifier({ wasmUrl: '/assets/quote-verifier.wasm' });
  return verifier.verifyQuote(quote, { chains }).ok;
}

// The EVM-only verifier: the quote verifier's API; in workerd a compiled module may be handed in.
export async function quotesBetweenEvmChains(quote: Quote, chains: ChainRecord[], module: WebAssembly.Module) {
  const verifier: QuoteVerifier = await loadEvmQuoteVerifier();
  const inWorkerd: QuoteVerifier = await loadEvmQuoteVerifier({ wasmModule: module });
  // @ts-expect-error there is no URL to name
  await loadEvmQuoteVerifier({ wasmUrl: '/assets/quote-verifier-evm.wasm' });
  const names: readonly string[] = EVM_CHECK_NAMES;
  return [verifier.verifyQuote(quote, { chains }).ok, inWorkerd.forChains(chains).verifyQuote(quote).ok, names];
}
