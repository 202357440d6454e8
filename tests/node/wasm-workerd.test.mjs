// Both modules run inside workerd (through miniflare): no eval, the wasm handed in as a compiled
// module through instantiateWasm, exactly as the edge worker will load them.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { ethers } from 'ethers';
import { Miniflare } from 'miniflare';

import { wasmDir } from './wasm.mjs';

const worker = (name) => `
import create from './${name}.mjs';
import wasm from './${name}.wasm';

const ready = create({
  locateFile: (file) => file,
  instantiateWasm(imports, receive) {
    WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm));
    return {};
  },
});

export default {
  async fetch(request) {
    const module = await ready;
    const { fn, args } = await request.json();
    return new Response(module[fn](JSON.stringify(args)));
  },
};`;

for (const name of ['verifier', 'core']) {
  describe(`${name} module in workerd`, async () => {
    const mf = new Miniflare({
      modules: [
        { type: 'ESModule', path: 'worker.mjs', contents: worker(name) },
        { type: 'ESModule', path: `${name}.mjs`, contents: await readFile(new URL(`${name}.mjs`, wasmDir), 'utf8') },
        { type: 'CompiledWasm', path: `${name}.wasm`, contents: await readFile(new URL(`${name}.wasm`, wasmDir)) },
      ],
      compatibilityDate: '2025-01-01',
    });
    after(() => mf.dispose());
    const call = async (fn, args) => (await mf.dispatchFetch('http://worker/', {
      method: 'POST', body: JSON.stringify({ fn, args }) })).json();

    it('hashes and recovers like ethers', async () => {
      assert.deepEqual(await call('keccak256', { data: '0x616263' }),
        { ok: true, result: ethers.keccak256('0x616263') });
      const key = new ethers.SigningKey(ethers.id('workerd'));
      const digest = ethers.id('message');
      const signature = key.sign(digest).serialized;
      assert.deepEqual(await call('recover_address', { digest, signature }),
        { ok: true, result: ethers.computeAddress(key.publicKey) });
    });

    it('reports errors as ok:false', async () => {
      const reply = await call('keccak256', { data: 'nothex' });
      assert.equal(reply.ok, false);
      assert.match(reply.error, /0x/);
    });
  });
}
