// `stableroutes/quotes/evm` in workerd: the EVM-only module arrives compiled (workerd-module.js), from
// wrangler's default rule for this import or as loadQuoteVerifier({ wasmModule }).
import bundledModule from '../wasm/quote-verifier-evm.wasm';

import { instantiateQuoteVerifier } from './verifier.js';
import { compiledModule } from './workerd-module.js';

export { CHECK_NAMES } from './verifier.js';

export async function loadQuoteVerifier({ wasmModule = bundledModule } = {}) {
  return instantiateQuoteVerifier(compiledModule(wasmModule, 'loadQuoteVerifier'));
}
