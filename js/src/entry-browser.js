// Browsers and bundlers: Vite and webpack 5 emit `new URL(..., import.meta.url)` as an asset;
// esbuild does not (README.md). Compiled while downloading when served as application/wasm.
import { instantiateVerifier } from './verifier.js';

export { CHECK_NAMES, DEPOSIT_CHECK_NAMES } from './verifier.js';

export const verifierWasmUrl = new URL('../wasm/verifier.wasm', import.meta.url);

export async function loadVerifier({ wasmModule, wasmBinary, wasmUrl = verifierWasmUrl, fetch: fetchFn = fetch } = {}) {
  return instantiateVerifier(wasmModule ?? wasmBinary ?? fetchFn(wasmUrl));
}
