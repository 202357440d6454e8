// The verifier API over the WebAssembly module. Every export of the module takes one JSON string
// and returns {"ok":true,"result":...} or {"ok":false,"error":"..."} (bindings/README.md); this
// file turns that into plain objects and thrown TypeErrors. Host-specific loading (how the
// .wasm bytes or compiled module are obtained) lives in the entry-*.js files.
import createVerifierModule from '../wasm/verifier.mjs';

const CHECK_NAMES = Object.freeze([
  'signature',
  'expiry',
  'intent-hashes',
  'vault',
  'funding-target',
  'funding-calldata',
  'route-matches-request',
  'slippage-bound',
  'competing-quotes',
]);
export { CHECK_NAMES };

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

function call(module, name, args) {
  const reply = JSON.parse(module[name](JSON.stringify(args)));
  if (!reply.ok) throw new TypeError(`${name}: ${reply.error}`);
  return reply.result;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function createVerifierApi(module) {
  return Object.freeze({
    verifyQuote(quote, { chains, request = null, now = nowSeconds() } = {}) {
      if (chains === undefined) throw new TypeError('verifyQuote: options.chains (GET /v1/chains) is required');
      return call(module, 'verify_quote', { quote, chains, request, now });
    },
    verifyGaslessPayload(quote, { standard, payload, signature, chains, tokens, now = nowSeconds() } = {}) {
      if (chains === undefined || tokens === undefined) {
        throw new TypeError('verifyGaslessPayload: options.chains and options.tokens are required');
      }
      return call(module, 'verify_gasless_payload', { quote, standard, payload, signature, chains, tokens, now });
    },
  });
}
