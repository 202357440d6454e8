// Permit3's signature scheme (protocol page) in small pure functions over ethers v6: what a wallet
// signs for contracts/Permit3.sol at its canonical address. Not plain EIP-712: the permit leaves
// carry no type hash, and several chains' permit lists are joined by a sorted-pair Merkle root.
import { AbiCoder, TypedDataEncoder, concat, keccak256, solidityPacked, toUtf8Bytes, zeroPadValue } from 'ethers';

export const PERMIT3_ADDRESS = '0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34';
// chainId 1 on every chain: one signature can carry permits for several chains.
export const PERMIT3_DOMAIN = Object.freeze({ name: 'Permit3', version: '1', chainId: 1, verifyingContract: PERMIT3_ADDRESS });
export const PERMIT3_DOMAIN_SEPARATOR = TypedDataEncoder.hashDomain(PERMIT3_DOMAIN);
export const PERMIT3_TYPEHASH = keccak256(toUtf8Bytes('Permit3(address owner,bytes32 salt,uint48 deadline,uint48 timestamp,bytes32 merkleRoot)'));
export const CHAIN_PERMITS_TYPEHASH = keccak256(toUtf8Bytes(
  'ChainPermits(uint64 chainId,AllowanceOrTransfer[] permits)AllowanceOrTransfer(uint48 modeOrExpiration,bytes32 tokenKey,address account,uint160 amountDelta)',
));
export const PERMIT3_MODE = Object.freeze({ transfer: 0, decrease: 1, lock: 2, unlock: 3 });
export const UNLIMITED_AMOUNT = (1n << 160n) - 1n;

export const PERMIT3_ABI = Object.freeze([
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function PERMIT3_TYPEHASH() view returns (bytes32)',
  'function CHAIN_PERMITS_TYPEHASH() view returns (bytes32)',
  'function isNonceUsed(address owner, bytes32 salt) view returns (bool)',
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 timestamp)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function invalidateNonces(bytes32[] salts)',
  'function hashChainPermits((uint64 chainId, (uint48 modeOrExpiration, bytes32 tokenKey, address account, uint160 amountDelta)[] permits) chainPermits) pure returns (bytes32)',
  'function merkleRoot(bytes32 leaf, bytes32[] proof) pure returns (bytes32)',
  'function permitDigest(address owner, bytes32 salt, uint48 deadline, uint48 timestamp, bytes32 root) pure returns (bytes32)',
  'function permit(address owner, bytes32 salt, uint48 deadline, uint48 timestamp, (uint64 chainId, (uint48 modeOrExpiration, bytes32 tokenKey, address account, uint160 amountDelta)[] permits) chainPermits, bytes signature)',
  'function permit(address owner, bytes32 salt, uint48 deadline, uint48 timestamp, (uint64 chainId, (uint48 modeOrExpiration, bytes32 tokenKey, address account, uint160 amountDelta)[] permits) chainPermits, bytes32[] proof, bytes signature)',
  'event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 timestamp)',
  'event NonceUsed(address indexed owner, bytes32 salt)',
  'error SignatureExpired(uint48 deadline, uint256 now_)',
  'error WrongChainId(uint256 expected, uint64 given)',
  'error NonceAlreadyUsed(address owner, bytes32 salt)',
  'error InvalidSignature()',
  'error AllowanceLocked(address owner, bytes32 tokenKey, address spender)',
  'error AllowanceExpired(uint256 deadline)',
  'error InsufficientAllowance(uint256 amount)',
]);
export const PERMIT3_SINGLE = 'permit(address,bytes32,uint48,uint48,(uint64,(uint48,bytes32,address,uint160)[]),bytes)';
export const PERMIT3_MULTI = 'permit(address,bytes32,uint48,uint48,(uint64,(uint48,bytes32,address,uint160)[]),bytes32[],bytes)';

const coder = AbiCoder.defaultAbiCoder();

/** An ERC-20's tokenKey: bytes32(uint256(uint160(token))). */
export function tokenKey(token) {
  return zeroPadValue(token, 32).toLowerCase();
}

export function permitLeafHash({ modeOrExpiration, tokenKey: key, account, amountDelta }) {
  return keccak256(coder.encode(['uint48', 'bytes32', 'address', 'uint160'], [modeOrExpiration, key, account, amountDelta]));
}

export function hashChainPermits({ chainId, permits }) {
  const leaves = permits.map(permitLeafHash);
  return keccak256(coder.encode(['bytes32', 'uint64', 'bytes32'], [CHAIN_PERMITS_TYPEHASH, chainId, keccak256(concat(leaves))]));
}

const hashPair = (a, b) => (BigInt(a) < BigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a])));

/** Sorted-pair root of `leaf` and its proof. */
export function processProof(leaf, proof) {
  return proof.reduce((node, sibling) => hashPair(node, sibling), leaf);
}

/**
 * Root and per-leaf proofs of a sorted-pair tree built level by level from `leaves` in order; an
 * odd node at the end of a level moves up unpaired.
 */
export function merkleTree(leaves) {
  if (leaves.length === 0) throw new Error('no leaves');
  const proofs = leaves.map(() => []);
  let level = leaves.map((hash, i) => ({ hash, members: [i] }));
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) {
      const [left, right] = [level[i], level[i + 1]];
      if (!right) {
        next.push(left);
        continue;
      }
      left.members.forEach((m) => proofs[m].push(right.hash));
      right.members.forEach((m) => proofs[m].push(left.hash));
      next.push({ hash: hashPair(left.hash, right.hash), members: [...left.members, ...right.members] });
    }
    level = next;
  }
  return { root: level[0].hash, proofs };
}

export function permit3Digest({ owner, salt, deadline, timestamp, merkleRoot }) {
  const structHash = keccak256(coder.encode(
    ['bytes32', 'address', 'bytes32', 'uint48', 'uint48', 'bytes32'],
    [PERMIT3_TYPEHASH, owner, salt, deadline, timestamp, merkleRoot],
  ));
  return keccak256(solidityPacked(['bytes2', 'bytes32', 'bytes32'], ['0x1901', PERMIT3_DOMAIN_SEPARATOR, structHash]));
}

/** `wallet` (ethers Wallet) signs Permit3 permits for one or more chains' ChainPermits. */
export function signPermit3(wallet, { salt, deadline, timestamp, chains }) {
  const { root, proofs } = merkleTree(chains.map(hashChainPermits));
  const digest = permit3Digest({ owner: wallet.address, salt, deadline, timestamp, merkleRoot: root });
  const signature = wallet.signingKey.sign(digest).serialized;
  return { owner: wallet.address, salt, deadline, timestamp, merkleRoot: root, digest, signature, proofs };
}
