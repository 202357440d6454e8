// The package's `workerd` entry inside workerd (through miniflare): the package files laid out as
// in node_modules/stableroutes, verifier.wasm imported as a compiled module (wrangler's default
// rule for .wasm), and a worker that verifies a quote with loadVerifier() from 'stableroutes'.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { Miniflare } from 'miniflare';

import * as f from './fixtures.mjs';

const file = (path) => readFile(new URL(`../${path}`, import.meta.url));
const esm = async (path) => ({ type: 'ESModule', path: `node_modules/stableroutes/${path}`, contents: await file(path) });

describe('workerd entry', async () => {
  const mf = new Miniflare({
    modules: [
      {
        type: 'ESModule',
        path: 'worker.mjs',
        contents: `
          import { loadVerifier } from './node_modules/stableroutes/src/entry-workerd.js';
          const ready = loadVerifier();
          export default {
            async fetch(request) {
              const { quote, options } = await request.json();
              return Response.json((await ready).verifyQuote(quote, options));
            },
          };`,
      },
      await esm('src/entry-workerd.js'),
      await esm('src/verifier.js'),
      await esm('src/wasm-host.js'),
      { type: 'CompiledWasm', path: 'node_modules/stableroutes/wasm/verifier.wasm', contents: await file('wasm/verifier.wasm') },
    ],
    compatibilityDate: '2025-01-01',
  });
  after(() => mf.dispose());
  const verify = async (quote) => (await mf.dispatchFetch('http://worker/', {
    method: 'POST', body: JSON.stringify({ quote, options: { chains: f.chains, request: f.request(), now: f.NOW } }),
  })).json();

  it('verifies a quote and catches a tampered one', async () => {
    assert.equal((await verify(f.buildQuote())).ok, true);
    const tampered = f.buildQuote();
    tampered.execution.vault = f.OTHER;
    const report = await verify(tampered);
    // The vault names no listed intent: funded-intent (one intent named everywhere) and vault both see it.
    assert.deepEqual(report.checks.filter((c) => !c.ok).map((c) => c.name), ['funded-intent', 'vault']);
  });
});
