// workerd (Cloudflare Workers): the module arrives compiled (workerd-module.js says why), from
// wrangler's default rule for this import or as loadVerifier({ wasmModule }).
import bundledModule from '../wasm/verifier.wasm';

import { instantiateVerifier } from './verifier.js';
import { compiledModule } from './workerd-module.js';

export { CHECK_NAMES, DEPOSIT_CHECK_NAMES } from './verifier.js';

export async function loadVerifier({ wasmModule = bundledModule } = {}) {
  return instantiateVerifier(compiledModule(wasmModule, 'loadVerifier'));
}
