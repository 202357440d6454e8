// ABI round trips against ethers' AbiCoder through both WebAssembly builds: for random type
// lists (atomic types, T[], T[k], nested tuples) and values, the core's encoding equals ethers'
// byte for byte and decoding ethers' bytes gives the values back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ethers } from 'ethers';

import { loadBoth } from './wasm.mjs';
import { Random, seedFromEnv } from './random.mjs';
import { canonicalAtomic, randomAtomicType, randomAtomicValue } from './solidity-values.mjs';

const COUNT = 500;
const coder = ethers.AbiCoder.defaultAbiCoder();

function randomType(rnd, depth) {
  const roll = depth < 3 ? rnd.int(10) : 9;
  if (roll === 0) {
    return `(${Array.from({ length: rnd.range(1, 4) }, () => randomType(rnd, depth + 1)).join(',')})`;
  }
  if (roll === 1) return `${randomType(rnd, depth + 1)}[]`;
  if (roll === 2) return `${randomType(rnd, depth + 1)}[${rnd.range(1, 3)}]`;
  return randomAtomicType(rnd);
}

// Splits "(a,(b,c)[],d)" into its top-level members.
function tupleMembers(type) {
  const members = [];
  let depth = 0, start = 1;
  for (let i = 1; i < type.length - 1; i++) {
    if (type[i] === '(') depth++;
    else if (type[i] === ')') depth--;
    else if (type[i] === ',' && depth === 0) { members.push(type.slice(start, i)); start = i + 1; }
  }
  members.push(type.slice(start, type.length - 1));
  return members;
}

// value is in the input form; canonical is how the core prints it back.
function randomValue(rnd, type) {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const length = array[2] === '' ? rnd.int(4) : Number(array[2]);
    const items = Array.from({ length }, () => randomValue(rnd, array[1]));
    return { value: items.map((x) => x.value), canonical: items.map((x) => x.canonical) };
  }
  if (type.startsWith('(')) {
    const items = tupleMembers(type).map((t) => randomValue(rnd, t));
    return { value: items.map((x) => x.value), canonical: items.map((x) => x.canonical) };
  }
  const value = randomAtomicValue(rnd, type);
  return { value, canonical: canonicalAtomic(type, value) };
}

function randomCase(rnd) {
  const types = Array.from({ length: rnd.range(1, 4) }, () => randomType(rnd, 0));
  const items = types.map((t) => randomValue(rnd, t));
  return { types, values: items.map((x) => x.value), canonical: items.map((x) => x.canonical) };
}

const builds = await loadBoth();
const seed = seedFromEnv(1014);

for (const [name, wasm] of Object.entries(builds)) {
  describe(`${name}.wasm ABI against ethers AbiCoder`, () => {
    it(`encodes and decodes ${COUNT} random type lists like ethers (seed ${seed})`, () => {
      const rnd = new Random(seed);
      for (let i = 0; i < COUNT; i++) {
        const { types, values, canonical } = randomCase(rnd);
        const context = () => `case ${i}: ${JSON.stringify({ types, values })}`;
        const expected = coder.encode(types, values);
        assert.equal(wasm.abiEncode(types, values), expected, context);
        assert.deepEqual(wasm.abiDecode(types, expected), canonical, context);
      }
    });

    it('rejects truncated, padded-with-garbage and out-of-range input', () => {
      const word = (hex) => hex.replace(/^0x/, '').padStart(64, '0');
      const bad = {
        'truncated word': [['uint256'], '0x' + '00'.repeat(31)],
        'trailing byte': [['uint256'], '0x' + word('1') + '00'],
        'uint8 high bits': [['uint8'], '0x' + word('100')],
        'bool 2': [['bool'], '0x' + word('2')],
        'address high bits': [['address'], '0x' + 'ff' + '00'.repeat(31)],
        'offset past end': [['bytes'], '0x' + word('40')],
        'length past end': [['bytes'], '0x' + word('20') + word('21') + '00'.repeat(32)],
        'huge array length': [['uint256[]'], '0x' + word('20') + 'f'.repeat(64)],
        'bytes4 dirty padding': [['bytes4'], '0x' + '11223344' + '00'.repeat(27) + '01'],
      };
      for (const [what, [types, data]] of Object.entries(bad)) {
        assert.throws(() => wasm.abiDecode(types, data), /./, what);
      }
      assert.throws(() => wasm.abiEncode(['uint8'], ['256']), /./);
      assert.throws(() => wasm.abiEncode(['int8'], ['-129']), /./);
      assert.throws(() => wasm.abiEncode(['bytes2'], ['0x112233']), /./);
      assert.throws(() => wasm.abiEncode(['uint256[2]'], [['1']]), /./);
      assert.throws(() => wasm.abiEncode(['uint256', 'bool'], ['1']), /./);
      assert.throws(() => wasm.abiEncode(['uint25'], ['1']), /./);
    });
  });
}
