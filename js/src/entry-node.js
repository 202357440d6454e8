// Node: the binary is read from the package folder (emscripten's default would fetch() a file:
// URL, which Node cannot).
import { readFile } from 'node:fs/promises';

import { instantiateVerifier } from './verifier.js';

export { CHECK_NAMES, DEPOSIT_CHECK_NAMES } from './verifier.js';

export const verifierWasmUrl = new URL('../wasm/verifier.wasm', import.meta.url);

export async function loadVerifier({ wasmModule, wasmBinary } = {}) {
  return instantiateVerifier(wasmModule ?? wasmBinary ?? readFile(verifierWasmUrl));
}
