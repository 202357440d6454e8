// The verifier API over the WebAssembly module. Every export of the module takes one UTF-8 JSON
// argument and answers {"ok":true,"result":...} or {"ok":false,"error":"..."} (bindings/README.md,
// bindings/verifier.cpp for the plain C exports the package's module has); this file turns that
// into plain objects and thrown TypeErrors. Host-specific loading (how the .wasm bytes or compiled
// module are obtained) lives in the entry-*.js files.
import createVerifierModule from '../wasm/verifier.mjs';

const CHECK_NAMES = Object.freeze([
  'signature',
  'expiry',
  'intent-hashes',
  'funded-intent',
  'vault',
  'funding-target',
  'funding-calldata',
  'route-matches-request',
  'first-leg',
  'delivery-route',
  'deadlines',
  'slippage-bound',
  'fees',
  'competing-quotes',
]);
export { CHECK_NAMES };

// verifyDepositAddress's checks, in order (src/verify/deposit_verifier.h).
const DEPOSIT_CHECK_NAMES = Object.freeze([
  'signature',
  'deadline',
  'intent-hash',
  'vault',
  'route-pays-recipient',
  'reward-locks-deposit',
  'fees',
  'matches-request',
]);
export { DEPOSIT_CHECK_NAMES };

// `source` is a WebAssembly.Module, bytes (ArrayBuffer or a view), or a Response / Promise of one.
export async function instantiateVerifier(source) {
  // emscripten calls instantiateWasm and waits for receive(); a failure there would otherwise leave
  // the factory's promise pending forever, so it rejects this race instead.
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  const factory = createVerifierModule({
    // The glue would otherwise resolve new URL('verifier.wasm', import.meta.url) up front, which
    // throws where import.meta.url is no URL (workerd); the bytes come from `source` anyway.
    locateFile: (file) => file,
    instantiateWasm(imports, receive) {
      instantiateFrom(source, imports).then(({ instance, module }) => receive(instance, module), fail);
      return {};
    },
  });
  return createVerifierApi(await Promise.race([factory, failed]));
}

async function instantiateFrom(source, imports) {
  if (source instanceof WebAssembly.Module) {
    return { instance: await WebAssembly.instantiate(source, imports), module: source };
  }
  const resolved = await source;
  if (typeof Response !== 'undefined' && resolved instanceof Response) {
    if (!resolved.ok) throw new Error(`verifier.wasm: HTTP ${resolved.status} from ${resolved.url}`);
    if (typeof WebAssembly.instantiateStreaming === 'function' &&
        resolved.headers.get('content-type')?.startsWith('application/wasm')) {
      return WebAssembly.instantiateStreaming(resolved, imports);
    }
    return WebAssembly.instantiate(await resolved.arrayBuffer(), imports);
  }
  return WebAssembly.instantiate(resolved, imports);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// One call of an export: the JSON text goes into a buffer the module allocates (and takes over),
// the reply is read from the module's reply buffer. TextEncoder.encodeInto / TextDecoder do the
// UTF-8 work natively (a UTF-16 code unit never needs more than 3 UTF-8 bytes).
function callText(module, exportName, text, ...leading) {
  const capacity = text.length * 3;
  const pointer = module._sr_alloc(capacity);
  if (!pointer) throw new RangeError(`${exportName}: out of WebAssembly memory for ${capacity} bytes`);
  const { written } = encoder.encodeInto(text, module.HEAPU8.subarray(pointer, pointer + capacity));
  const length = module[exportName](...leading, pointer, written) >>> 0;
  const reply = module._sr_reply() >>> 0;
  return decoder.decode(module.HEAPU8.subarray(reply, reply + length)); // HEAPU8 after the call: memory may grow
}

function call(module, name, args, ...leading) {
  const reply = JSON.parse(callText(module, `_sr_${name}`, JSON.stringify(args), ...leading));
  if (!reply.ok) throw new TypeError(`${name}: ${reply.error}`);
  return reply.result;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function createVerifierApi(module) {
  // Bound chain records live in the module until released; a bound verifier that is garbage
  // collected releases its records (release() does it at once).
  const releaser = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((handle) => module._sr_release_chains(handle))
    : null;

  const api = {
    // maxFeeBps: the dapp's ceiling on the total fee (the core's default, 300, when undefined).
    verifyQuote(quote, { chains, request = null, now = nowSeconds(), maxFeeBps } = {}) {
      if (chains === undefined) throw new TypeError('verifyQuote: options.chains (GET /v1/chains) is required');
      return call(module, 'verify_quote', { quote, chains, request, now, maxFeeBps });
    },
    verifyGaslessPayload(quote, { standard, payload, signature, chains, tokens, now = nowSeconds() } = {}) {
      if (chains === undefined || tokens === undefined) {
        throw new TypeError('verifyGaslessPayload: options.chains and options.tokens are required');
      }
      return call(module, 'verify_gasless_payload', { quote, standard, payload, signature, chains, tokens, now });
    },
    // A deposit address (the answer of POST .../deposit-addresses or GET .../{vaultAddress})
    // against the request the dapp sent, which alone names the refund recipient.
    verifyDepositAddress(answer, { chains, request, now = nowSeconds(), maxFeeBps } = {}) {
      if (chains === undefined || request == null) {
        throw new TypeError('verifyDepositAddress: options.chains (GET /v1/chains) and options.request are required');
      }
      return call(module, 'verify_deposit_address', { answer, request, chains, now, maxFeeBps });
    },
    // The chain records read once (their addresses parsed and checksummed once) for any number of
    // verifications: the same reports as verifyQuote(quote, { chains, ... }), for less work per call.
    // A malformed `chains` throws the TypeError here that verifyQuote would throw on every call.
    forChains(chains) {
      if (chains === undefined) throw new TypeError('forChains: chains (GET /v1/chains) is required');
      const handle = call(module, 'bind_chains', { chains });
      let released = false;
      const bound = Object.freeze({
        verifyQuote(quote, { request = null, now = nowSeconds(), maxFeeBps } = {}) {
          if (released) throw new TypeError('verifyQuote: these chain records were released');
          return call(module, 'verify_quote_bound', { quote, request, now, maxFeeBps }, handle);
        },
        verifyDepositAddress(answer, { request, now = nowSeconds(), maxFeeBps } = {}) {
          if (released) throw new TypeError('verifyDepositAddress: these chain records were released');
          if (request == null) throw new TypeError('verifyDepositAddress: options.request is required');
          return call(module, 'verify_deposit_address_bound', { answer, request, now, maxFeeBps }, handle);
        },
        verifyGaslessPayload(quote, options = {}) {
          return api.verifyGaslessPayload(quote, { ...options, chains });
        },
        release() {
          if (released) return;
          released = true;
          releaser?.unregister(bound);
          module._sr_release_chains(handle);
        },
      });
      releaser?.register(bound, handle, bound);
      return bound;
    },
  };
  return Object.freeze(api);
}
