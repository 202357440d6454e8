// keccak256, signing and recovery through both WebAssembly builds, cross-checked against ethers
// and the protocol vectors; plus the properties that let the modules run in workerd.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it, before } from 'node:test';
import { ethers } from 'ethers';

import { callJson, loadBoth, wasmDir } from './wasm.mjs';
import { Random, seedFromEnv } from './random.mjs';

const vectors = JSON.parse(
  await readFile(new URL('../vectors/protocol-vectors.json', import.meta.url), 'utf8'));
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hex32 = (v) => '0x' + v.toString(16).padStart(64, '0');

const builds = await loadBoth();

for (const [name, wasm] of Object.entries(builds)) {
  describe(`${name}.wasm primitives`, () => {
    const seed = seedFromEnv(20251121);

    it(`keccak256 equals ethers for random inputs (seed ${seed})`, () => {
      const rnd = new Random(seed);
      for (let i = 0; i < 200; i++) {
        const data = rnd.hex(rnd.int(400));
        assert.equal(wasm.keccak256(data), ethers.keccak256(data), data);
      }
    });

    it('signs the quoteSignature vector to its exact bytes and recovers its signer', () => {
      const q = vectors.quoteSignature;
      assert.equal(wasm.signDigest(q.digest, q.privateKey), q.signature);
      assert.equal(wasm.recoverAddress(q.digest, q.signature), q.signer);
    });

    it('recovers every permit signer in the vectors', () => {
      for (const [kind, p] of Object.entries(vectors.permits)) {
        assert.equal(wasm.recoverAddress(p.digest, p.signature), p.signer ?? p.owner, kind);
      }
    });

    it(`signatures equal ethers' (RFC 6979) and recover to the key's address (seed ${seed})`, () => {
      const rnd = new Random(seed + 1);
      for (let i = 0; i < 100; i++) {
        const key = new ethers.SigningKey(rnd.hex(32));
        const digest = rnd.hex(32);
        const sig = wasm.signDigest(digest, key.privateKey);
        assert.equal(sig, key.sign(digest).serialized);
        const address = ethers.computeAddress(key.publicKey);
        assert.equal(ethers.recoverAddress(digest, sig), address);
        assert.equal(wasm.recoverAddress(digest, sig), address);
      }
    });

    it('rejects high s, bad v, out-of-range r and s, and wrong lengths with a message', () => {
      const key = new ethers.SigningKey(ethers.id('reject'));
      const digest = ethers.id('digest');
      const sig = ethers.Signature.from(wasm.signDigest(digest, key.privateKey));
      const compose = (r, s, v) => ethers.concat([r, s, new Uint8Array([v])]);
      const highS = hex32(N - BigInt(sig.s));
      const cases = {
        'high s': [compose(sig.r, highS, sig.v === 27 ? 28 : 27), /upper half/],
        'v 0': [compose(sig.r, sig.s, 0), /v must be 27 or 28/],
        'v 1': [compose(sig.r, sig.s, 1), /v must be 27 or 28/],
        'v 29': [compose(sig.r, sig.s, 29), /v must be 27 or 28/],
        'r 0': [compose(hex32(0n), sig.s, sig.v), /r is zero/],
        's 0': [compose(sig.r, hex32(0n), sig.v), /s is zero/],
        'r n': [compose(hex32(N), sig.s, sig.v), /r is not below/],
        's n': [compose(sig.r, hex32(N), sig.v), /s is not below/],
        '64 bytes': [ethers.concat([sig.r, sig.s]), /65 bytes/],
      };
      for (const [what, [bad, message]] of Object.entries(cases)) {
        assert.throws(() => wasm.recoverAddress(digest, bad), message, what);
      }
      assert.throws(() => wasm.signDigest(digest, hex32(0n)), /secret key/);
      assert.throws(() => wasm.signDigest(digest, hex32(N)), /secret key/);
      assert.throws(() => wasm.signDigest('0x12', key.privateKey));
    });

    it('answers malformed JSON and missing fields with ok:false instead of throwing', () => {
      for (const input of ['', '{', '[]', '"x"', '{"data":1}', '{}']) {
        const reply = JSON.parse(wasm.module.keccak256(input));
        assert.equal(reply.ok, false, input);
        assert.equal(typeof reply.error, 'string');
      }
      assert.throws(() => callJson(wasm.module, 'recover_address', { digest: ethers.id('x') }),
        /missing field "signature"/);
    });
  });
}

describe('emitted JavaScript', () => {
  for (const name of Object.keys(builds)) {
    it(`${name}.mjs uses no eval, new Function or require`, async () => {
      const js = await readFile(new URL(`${name}.mjs`, wasmDir), 'utf8');
      assert.doesNotMatch(js, /\beval\s*\(/);
      assert.doesNotMatch(js, /new\s+Function\b/);
      assert.doesNotMatch(js, /\brequire\s*\(/);
    });
  }
});
