// Random EIP-712 documents in eth_signTypedData_v4 form: nested structs, arrays, every atomic
// type, random domain subsets, with and without primaryType and EIP712Domain.
import { randomAtomicType, randomAtomicValue } from './solidity-values.mjs';

const DOMAIN_FIELDS = [
  ['name', 'string'], ['version', 'string'], ['chainId', 'uint256'],
  ['verifyingContract', 'address'], ['salt', 'bytes32'],
];

function randomDomain(rnd) {
  const domain = {};
  for (const [name, type] of DOMAIN_FIELDS) {
    if (!rnd.bool(0.6)) continue;
    if (name === 'chainId') domain.chainId = rnd.bool() ? rnd.range(1, 100000) : rnd.bigint(64).toString();
    else if (name === 'name' || name === 'version') domain[name] = randomAtomicValue(rnd, 'string') || 'x';
    else domain[name] = randomAtomicValue(rnd, type);
  }
  return domain;
}

// Struct i may reference only structs j > i, and every struct j > 0 is referenced by some
// struct before it: no cycles, and struct 0 is the single primary type ethers requires.
function randomTypes(rnd) {
  const count = rnd.range(1, 4);
  const names = Array.from({ length: count }, (_, i) => `${rnd.pick(['Mail', 'Order', 'Permit', 'Item', 'Leg'])}${i}`);
  const types = Object.fromEntries(names.map((n) => [n, []]));
  const wrap = (base) => {
    const roll = rnd.int(6);
    if (roll === 0) return `${base}[]`;
    if (roll === 1) return `${base}[${rnd.range(1, 3)}]`;
    if (roll === 2 && rnd.bool(0.3)) return `${base}[${rnd.range(1, 2)}][]`;
    return base;
  };
  for (let i = 0; i < count; i++) {
    const fields = rnd.range(1, 5);
    for (let f = 0; f < fields; f++) {
      const refersToStruct = i + 1 < count && rnd.bool(0.25);
      const base = refersToStruct ? names[rnd.range(i + 1, count - 1)] : randomAtomicType(rnd);
      types[names[i]].push({ name: `f${f}${rnd.pick(['', '_', 'x', 'Value'])}`, type: wrap(base) });
    }
  }
  for (let j = 1; j < count; j++) {
    types[names[rnd.int(j)]].push({ name: `child${j}`, type: wrap(names[j]) });
  }
  return { types, primaryType: names[0] };
}

function randomValue(rnd, type, types, depth) {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const length = array[2] === '' ? rnd.int(depth > 2 ? 2 : 4) : Number(array[2]);
    return Array.from({ length }, () => randomValue(rnd, array[1], types, depth + 1));
  }
  if (types[type]) {
    return Object.fromEntries(types[type].map((f) => [f.name, randomValue(rnd, f.type, types, depth + 1)]));
  }
  return randomAtomicValue(rnd, type);
}

export function randomDocument(rnd) {
  const domain = randomDomain(rnd);
  const { types, primaryType } = randomTypes(rnd);
  const message = randomValue(rnd, primaryType, types, 0);
  const document = { types: { ...types }, domain, message };
  // The core derives both when absent, as ethers does; exercise both forms.
  if (rnd.bool(0.7)) document.primaryType = primaryType;
  if (rnd.bool(0.5)) {
    document.types.EIP712Domain = DOMAIN_FIELDS
      .filter(([name]) => name in domain).map(([name, type]) => ({ name, type }));
  }
  return { document, domain, types, message };
}
