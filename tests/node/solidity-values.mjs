// Random Solidity atomic types and values in the JSON form both ethers and the core accept
// (integers as decimal strings, bytes as 0x-hex, addresses as strings), for the random
// EIP-712 and ABI suites.
import { ethers } from 'ethers';

const STRING_PIECES = ['a', 'Z', ' ', '0', '"', '\\', 'é', '€', '日本', '😀', '\n', '{}', ','];

export function randomAtomicType(rnd) {
  switch (rnd.int(8)) {
    case 0: return `uint${8 * rnd.range(1, 32)}`;
    case 1: return `int${8 * rnd.range(1, 32)}`;
    case 2: return 'address';
    case 3: return 'bool';
    case 4: return `bytes${rnd.range(1, 32)}`;
    case 5: return 'bytes';
    case 6: return 'string';
    default: return rnd.pick(['uint256', 'address', 'bytes32']);  // the common ones, more often
  }
}

function randomString(rnd) {
  let s = '';
  const n = rnd.int(8);
  for (let i = 0; i < n; i++) s += rnd.pick(STRING_PIECES);
  return s;
}

export function randomAtomicValue(rnd, type) {
  let m;
  if ((m = /^uint(\d+)$/.exec(type))) return rnd.bigint(Number(m[1])).toString();
  if ((m = /^int(\d+)$/.exec(type))) {
    const bits = Number(m[1]);
    const magnitude = rnd.bigint(bits - 1);
    return (rnd.bool() ? -magnitude - (rnd.bool(0.1) ? 1n : 0n) : magnitude).toString();
  }
  if (type === 'address') {
    const a = ethers.getAddress(rnd.hex(20));
    return rnd.bool(0.2) ? a.toLowerCase() : a;
  }
  if (type === 'bool') return rnd.bool();
  if ((m = /^bytes(\d+)$/.exec(type))) return rnd.hex(Number(m[1]));
  if (type === 'bytes') return rnd.hex(rnd.pick([0, 1, 31, 32, 33, rnd.int(100)]));
  if (type === 'string') return randomString(rnd);
  throw new Error(`not an atomic type: ${type}`);
}

// The value as the core prints it back: decimal strings, checksummed addresses, lowercase hex.
export function canonicalAtomic(type, value) {
  if (/^u?int\d+$/.test(type)) return BigInt(value).toString();
  if (type === 'address') return ethers.getAddress(value);
  if (/^bytes\d*$/.test(type)) return value.toLowerCase();
  return value;
}
