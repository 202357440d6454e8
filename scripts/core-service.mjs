// The core's WebAssembly build loaded in Node, for the tools that judge a configuration before it
// is deployed (scripts/check-chains.mjs, scripts/deploy.mjs) with the same code the worker runs.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './chains/paths.mjs';

/** The core module of build/wasm-release (or $SR_WASM_DIR); throws naming the build to run. */
export async function loadCore() {
  const dir = process.env.SR_WASM_DIR ? pathToFileURL(process.env.SR_WASM_DIR.replace(/\/?$/, '/')) : pathToFileURL(join(REPO_ROOT, 'build', 'wasm-release', '/'));
  const mjs = new URL('core.mjs', dir);
  const wasm = new URL('core.wasm', dir);
  if (!existsSync(mjs) || !existsSync(wasm)) throw new Error(`the core is not built (${dir.pathname}): run bash scripts/build.sh --wasm-only`);
  const { default: create } = await import(mjs.href);
  // Emscripten would fetch() the file: URL, which Node does not implement; hand it the bytes.
  return create({ wasmBinary: readFileSync(wasm) });
}

/** One primitive of the core module (JSON in, {ok, result | error} out). */
export function callPrimitive(core, name, args) {
  const reply = JSON.parse(core[name](JSON.stringify(args)));
  if (!reply.ok) throw new Error(`${name}: ${reply.error}`);
  return reply.result;
}

/**
 * The core's Service over `config`, constructed as the worker constructs it, so it validates the
 * whole configuration (throws the core's message listing every error). The Service refuses to
 * start unless its signer key signs for every chain; the checks do not depend on the signer, so a
 * throwaway key stands in and no real key is ever needed.
 * @returns {(op: string, input: object) => object} a caller of the Service's ops (throws on non-200)
 */
export function serviceOver(core, config) {
  const quoteSignerKey = `0x${randomBytes(32).toString('hex')}`;
  const digest = `0x${'11'.repeat(32)}`;
  const signer = callPrimitive(core, 'recover_address', { digest, signature: callPrimitive(core, 'sign_digest', { digest, privateKey: quoteSignerKey }) });
  const chains = config.chains.map((chain) => ({ ...chain, quoteSigner: signer }));
  const service = new core.Service(JSON.stringify({ ...config, chains }), JSON.stringify({ quoteSignerKey }));
  return (op, input) => {
    const { status, body } = JSON.parse(service.handle(op, JSON.stringify(input)));
    if (status !== 200) throw new Error(`core op ${op} answered ${status}: ${body.detail ?? JSON.stringify(body)}`);
    return body;
  };
}
