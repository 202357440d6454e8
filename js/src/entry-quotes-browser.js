// `stableroutes/quotes` in browsers and bundlers: the quote verifier alone, from its own smaller
// module (wasm/quote-verifier.wasm, without the gasless and deposit-address verifiers). Loaded as
// the full entry loads verifier.wasm (entry-browser.js): an asset for Vite and webpack 5, compiled
// while downloading when served as application/wasm.
import { instantiateQuoteVerifier } from './verifier.js';

export { CHECK_NAMES } from './verifier.js';

export const quoteVerifierWasmUrl = new URL('../wasm/quote-verifier.wasm', import.meta.url);

export async function loadQuoteVerifier({ wasmModule, wasmBinary, wasmUrl = quoteVerifierWasmUrl, fetch: fetchFn = fetch } = {}) {
  return instantiateQuoteVerifier(wasmModule ?? wasmBinary ?? fetchFn(wasmUrl));
}
