// Compiled (not run) by types.test.mjs with tsc --strict: the declarations describe the API as the
// tests use it, and the @ts-expect-error lines prove they reject misuse.
import { loadVerifier, CHECK_NAMES } from 'stableroutes';
import type { Quote, QuoteRequest, ChainRecord, TokenRecord, VerificationReport, QuoteCheckName, GaslessJob, IntentStatus, Problem } from 'stableroutes';
import { createClient, StableRoutesError } from 'stableroutes/client';

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
  const job: GaslessJob | null = await client.findGaslessJob(fresh.id);
  const submitted = await client.submitErc3009({ quote: fresh, authorization: { from: '0x', to: '0x', value: '1', validAfter: 0, validBefore: 1, nonce: '0x' }, signature: '0x' });
  const recovered: boolean = submitted.recovered;
  try {
    await client.getChains();
  } catch (error) {
    if (error instanceof StableRoutesError && error.status === 429) {
      const code: Problem['code'] | 'timeout' | 'network-error' | null = error.code;
      return [code, error.retryAfterMs];
    }
  }
  // @ts-expect-error unknown status value
  const bad: IntentStatus['status'] = 'done';
  return [names, first, ok, hash, status, job, recovered, bad];
}
