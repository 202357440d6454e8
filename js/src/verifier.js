// The verifier API over the WebAssembly module. Every export of the module takes one UTF-8 JSON
// argument and answers {"ok":true,"result":...} or {"ok":false,"error":"..."} (bindings/README.md,
// bindings/verifier.cpp for the plain C exports the package's module has); this file turns that
// into plain objects and thrown TypeErrors. Host-specific loading (how the .wasm bytes or compiled
// module are obtained) lives in the entry-*.js files.
import { instantiateModule } from './wasm-host.js';

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
// Pure: a bundle of the quote-only entry, which does not export it, leaves it out.
const DEPOSIT_CHECK_NAMES = /* @__PURE__ */ Object.freeze([
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
  return createVerifierApi(await instantiateModule(source));
}

// The same for the quote-only module (`stableroutes/quotes`, wasm/quote-verifier.wasm), which
// exports only what verifyQuote and forChains(...).verifyQuote call.
export async function instantiateQuoteVerifier(source) {
  return createQuoteVerifierApi(await instantiateModule(source));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// One call of an export: the JSON text goes into a buffer the module allocates (and takes over),
// the reply is read from the module's reply buffer. TextEncoder.encodeInto / TextDecoder do the
// UTF-8 work natively (a UTF-16 code unit never needs more than 3 UTF-8 bytes).
function callText(wasm, exportName, text, ...leading) {
  const capacity = text.length * 3;
  const pointer = wasm.sr_alloc(capacity);
  if (!pointer) throw new RangeError(`${exportName}: out of WebAssembly memory for ${capacity} bytes`);
  const { written } = encoder.encodeInto(text, new Uint8Array(wasm.memory.buffer, pointer, capacity));
  const length = wasm[exportName](...leading, pointer, written) >>> 0;
  const reply = wasm.sr_reply() >>> 0;
  // The memory's buffer after the call: it is replaced when the memory grows.
  return decoder.decode(new Uint8Array(wasm.memory.buffer, reply, length));
}

function reply(wasm, name, argsText, ...leading) {
  return JSON.parse(callText(wasm, `sr_${name}`, argsText, ...leading));
}

function call(wasm, name, args, ...leading) {
  const answer = reply(wasm, name, JSON.stringify(args), ...leading);
  if (!answer.ok) throw new TypeError(`${name}: ${answer.error}`);
  return answer.result;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// Both APIs: verifyQuote and chain records bound in the module (forChains, and the records of the
// last plain call), on the quote exports both modules have (sr_verify_quote, sr_bind_chains,
// sr_verify_quote_bound, sr_release_chains). The full API adds its methods through `methods`
// (given callWithChains) and its bound methods through `boundMethods` (given the records' handle,
// a function saying whether they were released, and the records). Callbacks rather than a second
// layer of objects: the full browser bundle stays within 0.1 KiB gzip of what it was.
function createApi(wasm, methods, boundMethods) {
  // Bound chain records live in the module until released; a bound verifier that is garbage
  // collected releases its records (release() does it at once).
  const releaser = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((handle) => wasm.sr_release_chains(handle))
    : null;

  // The chain records of the last plain verifyQuote / verifyDepositAddress call, bound in the
  // module under their JSON text: a page checks its quotes against one GET /v1/chains answer, and
  // reading the records again (parsing them, checksumming every address) was a tenth of each
  // verification. The same text reads to the same records, so a bound call answers what the plain
  // call would (forChains' reports are the plain call's); an error reply of either is left to the
  // plain call, so that the message, down to its JSON column, is the one it always was.
  let lastChains = null; // { text, handle }
  function boundChains(chains) {
    const text = JSON.stringify(chains);
    if (text === undefined) return 0;
    if (lastChains?.text === text) return lastChains.handle;
    const bound = reply(wasm, 'bind_chains', `{"chains":${text}}`);
    if (!bound.ok) return 0;
    if (lastChains) wasm.sr_release_chains(lastChains.handle);
    lastChains = { text, handle: bound.result };
    return bound.result;
  }
  function callWithChains(name, args, boundArgs) {
    const handle = boundChains(args.chains);
    if (handle) {
      const answer = reply(wasm, `${name}_bound`, JSON.stringify(boundArgs), handle);
      if (answer.ok) return answer.result;
    }
    return call(wasm, name, args);
  }

  const api = {
    // maxFeeBps: the dapp's ceiling on the total fee (the core's default, 300, when undefined).
    verifyQuote(quote, { chains, request = null, now = nowSeconds(), maxFeeBps } = {}) {
      if (chains === undefined) throw new TypeError('verifyQuote: options.chains (GET /v1/chains) is required');
      return callWithChains('verify_quote', { quote, chains, request, now, maxFeeBps }, { quote, request, now, maxFeeBps });
    },
    ...methods(callWithChains),
    // The chain records read once (their addresses parsed and checksummed once) for any number of
    // verifications: the same reports as verifyQuote(quote, { chains, ... }), for less work per call.
    // A malformed `chains` throws the TypeError here that verifyQuote would throw on every call.
    forChains(chains) {
      if (chains === undefined) throw new TypeError('forChains: chains (GET /v1/chains) is required');
      const handle = call(wasm, 'bind_chains', { chains });
      let released = false;
      const bound = Object.freeze({
        verifyQuote(quote, { request = null, now = nowSeconds(), maxFeeBps } = {}) {
          if (released) throw new TypeError('verifyQuote: these chain records were released');
          return call(wasm, 'verify_quote_bound', { quote, request, now, maxFeeBps }, handle);
        },
        ...boundMethods(handle, () => released, chains),
        release() {
          if (released) return;
          released = true;
          releaser?.unregister(bound);
          wasm.sr_release_chains(handle);
        },
      });
      releaser?.register(bound, handle, bound);
      return bound;
    },
  };
  return Object.freeze(api);
}

// `stableroutes/quotes`: verifyQuote and forChains(...).verifyQuote, nothing else.
const none = () => ({});
export const createQuoteVerifierApi = (wasm) => createApi(wasm, none, none);

export function createVerifierApi(wasm) {
  const api = createApi(wasm, (callWithChains) => ({
    verifyGaslessPayload(quote, { standard, payload, signature, chains, tokens, now = nowSeconds() } = {}) {
      if (chains === undefined || tokens === undefined) {
        throw new TypeError('verifyGaslessPayload: options.chains and options.tokens are required');
      }
      return call(wasm, 'verify_gasless_payload', { quote, standard, payload, signature, chains, tokens, now });
    },
    // A deposit address (the answer of POST .../deposit-addresses or GET .../{vaultAddress})
    // against the request the dapp sent, which alone names the refund recipient.
    verifyDepositAddress(answer, { chains, request, now = nowSeconds(), maxFeeBps } = {}) {
      if (chains === undefined || request == null) {
        throw new TypeError('verifyDepositAddress: options.chains (GET /v1/chains) and options.request are required');
      }
      return callWithChains('verify_deposit_address', { answer, request, chains, now, maxFeeBps },
        { answer, request, now, maxFeeBps });
    },
  }), (handle, isReleased, chains) => ({
    verifyDepositAddress(answer, { request, now = nowSeconds(), maxFeeBps } = {}) {
      if (isReleased()) throw new TypeError('verifyDepositAddress: these chain records were released');
      if (request == null) throw new TypeError('verifyDepositAddress: options.request is required');
      return call(wasm, 'verify_deposit_address_bound', { answer, request, now, maxFeeBps }, handle);
    },
    verifyGaslessPayload(quote, options = {}) {
      return api.verifyGaslessPayload(quote, { ...options, chains });
    },
  }));
  return api;
}
