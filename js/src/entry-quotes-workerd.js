// `stableroutes/quotes` in workerd: the quote-only module arrives compiled (wrangler's default rule
// for .wasm imports), as in entry-workerd.js; or pass loadQuoteVerifier({ wasmModule }).
import bundledModule from '../wasm/quote-verifier.wasm';

import { instantiateQuoteVerifier } from './verifier.js';

export { CHECK_NAMES } from './verifier.js';

export async function loadQuoteVerifier({ wasmModule = bundledModule } = {}) {
  if (!(wasmModule instanceof WebAssembly.Module)) {
    throw new TypeError('loadQuoteVerifier: in workerd, options.wasmModule must be a compiled WebAssembly.Module');
  }
  return instantiateQuoteVerifier(wasmModule);
}
