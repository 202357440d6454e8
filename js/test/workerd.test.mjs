// The package's `workerd` entries inside workerd (through miniflare): the package files laid out as
// in node_modules/stableroutes, verifier.wasm (quote-verifier.wasm for `stableroutes/quotes`,
// quote-verifier-evm.wasm for `stableroutes/quotes/evm`) imported as a compiled module (wrangler's
// default rule for .wasm), and a worker that verifies a quote with loadVerifier() from
// 'stableroutes' (loadQuoteVerifier() from the quote entries).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { Miniflare } from 'miniflare';

import * as f from './fixtures.mjs';

const file = (path) => readFile(new URL(`../${path}`, import.meta.url));
const esm = async (path) => ({ type: 'ESModule', path: `node_modules/stableroutes/${path}`, contents: await file(path) });

// A worker on one of the package's workerd entries: `entry` (a file of src/), the wasm it imports,
// and the loader it names.
function workerOn(entry, wasm, loader) {
  return async () => {
    const mf = new Miniflare({
      modules: [
        {
          type: 'ESModule',
          path: 'worker.mjs',
          contents: `
            import { ${loader} } from './node_modules/stableroutes/src/${entry}';
            const ready = ${loader}();
            export default {
              async fetch(request) {
                const { quote, options } = await request.json();
                const verifier = await ready;
                return Response.json({ report: verifier.verifyQuote(quote, options), methods: Object.keys(verifier) });
              },
            };`,
        },
        await esm(`src/${entry}`),
        await esm('src/verifier.js'),
        await esm('src/wasm-host.js'),
        await esm('src/replayed-errors.js'),
        await esm('src/workerd-module.js'),
        { type: 'CompiledWasm', path: `node_modules/stableroutes/wasm/${wasm}`, contents: await file(`wasm/${wasm}`) },
      ],
      compatibilityDate: '2025-01-01',
    });
    after(() => mf.dispose());
    const verify = async (quote) => (await mf.dispatchFetch('http://worker/', {
      method: 'POST', body: JSON.stringify({ quote, options: { chains: f.chains, request: f.request(), now: f.NOW } }),
    })).json();

    it('verifies a quote and catches a tampered one', async () => {
      assert.equal((await verify(f.buildQuote())).report.ok, true);
      const tampered = f.buildQuote();
      tampered.execution.vault = f.OTHER;
      const { report } = await verify(tampered);
      // The vault names no listed intent: funded-intent (one intent named everywhere) and vault both see it.
      assert.deepEqual(report.checks.filter((c) => !c.ok).map((c) => c.name), ['funded-intent', 'vault']);
    });

    it(`offers the ${loader === 'loadVerifier' ? 'full' : 'quote-only'} API`, async () => {
      const { methods } = await verify(f.buildQuote());
      assert.deepEqual(methods, loader === 'loadVerifier'
        ? ['verifyQuote', 'verifyGaslessPayload', 'verifyDepositAddress', 'forChains']
        : ['verifyQuote', 'forChains']);
    });
  };
}

describe('workerd entry', workerOn('entry-workerd.js', 'verifier.wasm', 'loadVerifier'));
describe('workerd entry of stableroutes/quotes', workerOn('entry-quotes-workerd.js', 'quote-verifier.wasm', 'loadQuoteVerifier'));
describe('workerd entry of stableroutes/quotes/evm', workerOn('entry-quotes-evm-workerd.js', 'quote-verifier-evm.wasm', 'loadQuoteVerifier'));
