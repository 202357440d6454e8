// Loads the WebAssembly builds for node tests and benchmarks, and turns their JSON-string
// boundary into plain functions that return parsed results and throw on {"ok":false}.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

// SR_WASM_DIR points the suites at another build (e.g. one with other libsecp256k1 options).
export const wasmDir = process.env.SR_WASM_DIR
  ? pathToFileURL(process.env.SR_WASM_DIR.replace(/\/?$/, '/'))
  : new URL('../../build/wasm-release/', import.meta.url);

// The raw embind module. Node gets the binary handed in: emscripten 3.1.6 would otherwise
// try fetch() on a file: URL, which Node does not implement.
export async function instantiate(name, dir = wasmDir) {
  const { default: create } = await import(new URL(`${name}.mjs`, dir).href);
  const wasmBinary = await readFile(new URL(`${name}.wasm`, dir));
  return create({ wasmBinary });
}

// Calls export `name` with args (an object) and returns the parsed result.
export function callJson(module, name, args) {
  if (typeof module[name] !== 'function') throw new Error(`wasm module has no export ${name}`);
  const reply = JSON.parse(module[name](JSON.stringify(args)));
  if (!reply.ok) throw new Error(reply.error);
  return reply.result;
}

function wrap(module) {
  const call = (name, args) => callJson(module, name, args);
  return {
    module,
    call,
    has: (name) => typeof module[name] === 'function',
    keccak256: (data) => call('keccak256', { data }),
    signDigest: (digest, privateKey) => call('sign_digest', { digest, privateKey }),
    recoverAddress: (digest, signature) => call('recover_address', { digest, signature }),
    eip712Hash: (typedData) => call('eip712_hash', typedData),
    abiEncode: (types, values) => call('abi_encode', { types, values }),
    abiDecode: (types, data) => call('abi_decode', { types, data }),
  };
}

export async function loadVerifier() {
  return wrap(await instantiate('verifier'));
}

export async function loadCore() {
  return wrap(await instantiate('core'));
}

// Both builds, for suites that must hold for each.
export async function loadBoth() {
  return { verifier: await loadVerifier(), core: await loadCore() };
}
