// 500 random EIP-712 documents (nested structs, arrays, every atomic type, random domain
// subsets) hashed by both WebAssembly builds and by ethers' TypedDataEncoder; signatures made
// in WebAssembly must recover, in ethers, to the signing key's address.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ethers } from 'ethers';

import { loadBoth } from './wasm.mjs';
import { Random, seedFromEnv } from './random.mjs';
import { randomDocument } from './typed-data-gen.mjs';

const COUNT = 500;
const builds = await loadBoth();
const seed = seedFromEnv(712);

for (const [name, wasm] of Object.entries(builds)) {
  describe(`${name}.wasm EIP-712 against ethers`, () => {
    it(`hashes ${COUNT} random documents like TypedDataEncoder and signs recoverably (seed ${seed})`, () => {
      const rnd = new Random(seed);
      for (let i = 0; i < COUNT; i++) {
        const { document, domain, types, message } = randomDocument(rnd);
        const key = new ethers.SigningKey(rnd.hex(32));
        const context = () => `case ${i}: ${JSON.stringify(document)}`;
        const got = wasm.eip712Hash(document);
        assert.equal(got.domainSeparator, ethers.TypedDataEncoder.hashDomain(domain), context);
        assert.equal(got.structHash, ethers.TypedDataEncoder.from(types).hash(message), context);
        const digest = ethers.TypedDataEncoder.hash(domain, types, message);
        assert.equal(got.digest, digest, context);
        const signature = wasm.signDigest(got.digest, key.privateKey);
        const address = ethers.computeAddress(key.publicKey);
        assert.equal(ethers.verifyTypedData(domain, types, message, signature), address, context);
        assert.equal(wasm.recoverAddress(digest, signature), address, context);
      }
    });

    it('rejects malformed typed data with ok:false and a message', () => {
      const good = { types: { A: [{ name: 'a', type: 'uint8' }] }, primaryType: 'A', domain: {}, message: { a: '1' } };
      const bad = [
        { ...good, message: { a: '256' } },                                   // out of range
        { ...good, message: {} },                                             // missing field
        { ...good, types: { A: [{ name: 'a', type: 'B' }] } },                // unknown type
        { ...good, types: { A: [{ name: 'a', type: 'A' }] }, message: { a: {} } },  // cyclic
        { ...good, domain: { chain: 1 } },                                    // unknown domain field
        { ...good, message: { a: '-1' } },
      ];
      for (const document of bad) {
        assert.throws(() => wasm.eip712Hash(document), /./, JSON.stringify(document));
      }
    });
  });
}
