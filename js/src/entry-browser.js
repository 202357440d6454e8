// Browsers and bundlers: `new URL(..., import.meta.url)` is the pattern Vite, esbuild and webpack
// recognise to emit verifier.wasm as an asset and rewrite the URL. Fetched and compiled while
// downloading (instantiateStreaming) when the server sends application/wasm.
import { instantiateVerifier } from './verifier.js';

export { CHECK_NAMES } from './verifier.js';

export const verifierWasmUrl = new URL('../wasm/verifier.wasm', import.meta.url);

export async function loadVerifier({ wasmModule, wasmBinary, wasmUrl = verifierWasmUrl, fetch: fetchFn = fetch } = {}) {
  return instantiateVerifier(wasmModule ?? wasmBinary ?? fetchFn(wasmUrl));
}
