// Intent hashing and vault addresses as on the protocol page, in small pure functions over ethers
// v6 primitives. Amounts are bigint or decimal strings; addresses any case.
import { AbiCoder, concat, getCreate2Address, keccak256, solidityPacked } from 'ethers';

export const ROUTE_TYPE =
  'tuple(bytes32 salt,uint64 deadline,address portal,uint256 nativeAmount,tuple(address token,uint256 amount)[] tokens,tuple(address target,bytes data,uint256 value)[] calls)';
export const REWARD_TYPE =
  'tuple(uint64 deadline,address creator,address prover,uint256 nativeAmount,tuple(address token,uint256 amount)[] tokens)';

const coder = AbiCoder.defaultAbiCoder();

// The real Portal overloads several names (encoded-route, routeHash and whole-Intent forms);
// ethers needs the full signature to pick one. These are the forms the local scripts use.
const R = '(uint64,address,address,uint256,(address,uint256)[])';
const ROUTE = '(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])';
export const PORTAL_FUNCTIONS = Object.freeze({
  getIntentHash: `getIntentHash(uint64,bytes,${R})`,
  intentVaultAddress: `intentVaultAddress(uint64,bytes,${R})`,
  isIntentFunded: `isIntentFunded(uint64,bytes,${R})`,
  publish: `publish(uint64,bytes,${R})`,
  publishAndFund: `publishAndFund(uint64,bytes,${R},bool)`,
  publishAndFundIntent: `publishAndFund((uint64,${ROUTE},${R}),bool)`,
  publishAndFundFor: `publishAndFundFor(uint64,bytes,${R},bool,address,address)`,
});

export function encodeRoute(route) {
  return coder.encode([ROUTE_TYPE], [route]);
}

export function decodeRoute(encodedRoute) {
  const [r] = coder.decode([ROUTE_TYPE], encodedRoute);
  return {
    salt: r.salt,
    deadline: r.deadline,
    portal: r.portal,
    nativeAmount: r.nativeAmount,
    tokens: r.tokens.map((t) => ({ token: t.token, amount: t.amount })),
    calls: r.calls.map((c) => ({ target: c.target, data: c.data, value: c.value })),
  };
}

export function encodeReward(reward) {
  return coder.encode([REWARD_TYPE], [reward]);
}

/** intentHash = keccak256(uint64 destination ++ routeHash ++ rewardHash), route given encoded. */
export function hashIntent(destination, encodedRoute, reward) {
  const routeHash = keccak256(encodedRoute);
  const rewardHash = keccak256(encodeReward(reward));
  const intentHash = combineIntentHash(destination, routeHash, rewardHash);
  return { intentHash, routeHash, rewardHash };
}

export function combineIntentHash(destination, routeHash, rewardHash) {
  return keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [destination, routeHash, rewardHash]));
}

/** initCodeHash = keccak256(proxyCreationCode ++ abi.encode(vaultImplementation)). */
export function vaultInitCodeHash(proxyCreationCode, vaultImplementation) {
  return keccak256(concat([proxyCreationCode, coder.encode(['address'], [vaultImplementation])]));
}

export function vaultAddress(portal, intentHash, initCodeHash) {
  return getCreate2Address(portal, intentHash, initCodeHash);
}

/** A claimant address as the bytes32 `fulfill` takes. */
export function addressToBytes32(address) {
  return coder.encode(['address'], [address]);
}
