// workerd (Cloudflare Workers): code generation from bytes is forbidden at run time, so the module
// must arrive compiled. Wrangler's default rules turn this import into a WebAssembly.Module; a
// host with other rules can pass its own as loadVerifier({ wasmModule }).
import bundledModule from '../wasm/verifier.wasm';

import { instantiateVerifier } from './verifier.js';

export { CHECK_NAMES, DEPOSIT_CHECK_NAMES } from './verifier.js';

export async function loadVerifier({ wasmModule = bundledModule } = {}) {
  if (!(wasmModule instanceof WebAssembly.Module)) {
    throw new TypeError('loadVerifier: in workerd, options.wasmModule must be a compiled WebAssembly.Module');
  }
  return instantiateVerifier(wasmModule);
}
