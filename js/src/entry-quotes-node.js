// `stableroutes/quotes` in Node: the quote-only module read from the package folder.
import { readFile } from 'node:fs/promises';

import { instantiateQuoteVerifier } from './verifier.js';

export { CHECK_NAMES } from './verifier.js';

export const quoteVerifierWasmUrl = new URL('../wasm/quote-verifier.wasm', import.meta.url);

export async function loadQuoteVerifier({ wasmModule, wasmBinary } = {}) {
  return instantiateQuoteVerifier(wasmModule ?? wasmBinary ?? readFile(quoteVerifierWasmUrl));
}
