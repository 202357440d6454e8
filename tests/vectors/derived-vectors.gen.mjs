// Derives test data from protocol-vectors.json with implementations independent of the C++ core
// (ethers 6 for ABI, event logs and keccak; node:crypto SHA-256 and @noble/curves' ed25519 point
// decoding for Solana program addresses). The C++ tests read the output, derived-vectors.json.
//   node tests/vectors/derived-vectors.gen.mjs          rewrite derived-vectors.json
//   node tests/vectors/derived-vectors.gen.mjs --check  exit 1 when the committed file is stale
// Run it whenever protocol-vectors.json changes; tests/node/derived-vectors.test.mjs fails until then.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ed25519 } from '@noble/curves/ed25519';
import { AbiCoder, Interface, concat, getAddress, getCreate2Address, decodeBase58, encodeBase58, getBytes, keccak256, solidityPacked, toBeHex, toQuantity, zeroPadValue } from 'ethers';

const here = new URL('./', import.meta.url);
const OUTPUT = new URL('derived-vectors.json', here);

// ---- Solana: base58 pubkeys, program-derived addresses, Borsh ----
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

const pubkey = (text) => getBytes(zeroPadValue(toBeHex(decodeBase58(text)), 32));
const base58 = (bytes) => {
  // ethers drops leading zero bytes; Solana writes each as '1'.
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return '1'.repeat(zeros) + (zeros === bytes.length ? '' : encodeBase58(bytes.slice(zeros)));
};
const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts.map((p) => Buffer.from(p)))).digest();

function onCurve(bytes) {
  try {
    ed25519.ExtendedPoint.fromHex(bytes);
    return true;
  } catch {
    return false;
  }
}

/** findProgramAddress: the first bump from 255 down whose hash is off the ed25519 curve. */
function programAddress(seeds, program) {
  for (let bump = 255; bump >= 0; --bump) {
    const hash = sha256(...seeds, Uint8Array.of(bump), pubkey(program), Buffer.from('ProgramDerivedAddress'));
    if (!onCurve(hash)) return { address: base58(hash), bump };
  }
  throw new Error('no program address');
}

const associatedTokenAccount = (owner, mint) =>
  programAddress([pubkey(owner), pubkey(TOKEN_PROGRAM), pubkey(mint)], ASSOCIATED_TOKEN_PROGRAM).address;

const u64le = (value) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(BigInt(value));
  return out;
};
const u32le = (value) => {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
};

function borshReward({ deadline, creator, prover, nativeAmount, tokens }) {
  return Buffer.concat([
    u64le(deadline), pubkey(creator), pubkey(prover), u64le(nativeAmount), u32le(tokens.length),
    ...tokens.flatMap((t) => [pubkey(t.token), u64le(t.amount)]),
  ]);
}

// ---- the derivations ----
const SOLVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function eventLogs(vectors) {
  const vector = vectors.intents[0];
  const { intent } = vector;
  const portal = new Interface([
    'event IntentPublished(bytes32 indexed intentHash, uint64 destination, bytes route, address indexed creator, address indexed prover, uint64 rewardDeadline, uint256 rewardNativeAmount, (address token, uint256 amount)[] rewardTokens)',
  ]);
  const published = portal.encodeEventLog('IntentPublished', [
    vector.intentHash, intent.destination, vector.encodedRoute, intent.reward.creator, intent.reward.prover,
    intent.reward.deadline, intent.reward.nativeAmount, intent.reward.tokens.map((t) => [t.token, t.amount]),
  ]);
  const erc20 = new Interface(['event Transfer(address indexed from, address indexed to, uint256 value)']);
  const transfer = erc20.encodeEventLog('Transfer', [intent.reward.creator, vector.vault, intent.reward.tokens[0].amount]);
  // The destination Portal's own IntentProven (routes-ts 3.2 IInbox), not the source prover's.
  const destinationPortal = new Interface(['event IntentProven(bytes32 indexed intentHash, bytes32 indexed claimant)']);
  const proofSent = destinationPortal.encodeEventLog('IntentProven', [vector.intentHash, zeroPadValue(SOLVER, 32)]);
  return {
    note: 'Logs as eth_getLogs returns them for vector intents[0]: published by the vector Portal, the reward token moved from the creator to the vault, and the destination Portal proving the fill for a solver.',
    portal: vectors.portal,
    intentPublished: { topics: published.topics, data: published.data },
    rewardTransferToVault: { address: intent.reward.tokens[0].token, topics: transfer.topics, data: transfer.data },
    portalIntentProven: { claimant: SOLVER, topics: proofSent.topics, data: proofSent.data },
  };
}

// Logs of one eth_getLogs answer for Base's deposit-vault Transfer filters: two watched vaults,
// the first funded by USDC (vector intents[0]'s vault), the second by USDT; the expected routing
// is ethers' own decoding of the logs it encoded (parseLog), never the core's.
function depositTransfers(vectors) {
  const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
  const usdt = '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2';
  const [usdcVault, usdtVault] = [getAddress(vectors.intents[0].vault), getAddress(keccak256(Buffer.from('usdt vault')).slice(0, 42))];
  const [alice, bob, nobody] = ['alice', 'bob', 'nobody'].map((who) => getAddress(keccak256(Buffer.from(who)).slice(0, 42)));
  const erc20 = new Interface([
    'event Transfer(address indexed from, address indexed to, uint256 value)',
    'event Approval(address indexed owner, address indexed spender, uint256 value)',
  ]);
  const erc721 = new Interface(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);
  const cases = [
    [usdc, erc20, 'Transfer', [alice, usdcVault, 10_000_000n], 100, 0],
    [usdc, erc20, 'Transfer', [bob, usdcVault, 15_000_000n], 101, 3],
    [usdc, erc20, 'Transfer', [alice, usdtVault, 1n], 101, 4], // USDC into the USDT vault
    [usdt, erc20, 'Transfer', [bob, usdtVault, 7n], 102, 0],
    [usdc, erc20, 'Transfer', [alice, nobody, 5n], 102, 1], // into no watched vault
    [usdc, erc721, 'Transfer', [alice, usdcVault, 9n], 103, 0], // an ERC-721 transfer (tokenId indexed)
    [usdc, erc20, 'Approval', [alice, usdcVault, 5n], 103, 1],
  ];
  const watched = new Map([[usdcVault, usdc], [usdtVault, usdt]]);
  const byVault = {};
  const logs = cases.map(([token, abi, event, args, block, logIndex], i) => {
    const { topics, data } = abi.encodeEventLog(event, args);
    const log = { address: token, topics, data, blockNumber: toQuantity(block), transactionHash: keccak256(Buffer.from(`transfer ${i}`)), logIndex: toQuantity(logIndex) };
    const parsed = abi === erc20 ? erc20.parseLog(log) : null;
    if (parsed?.name === 'Transfer' && watched.get(getAddress(parsed.args.to)) === token) {
      (byVault[parsed.args.to.toLowerCase()] ??= []).push({
        transactionHash: log.transactionHash, blockNumber: block, logIndex, token, from: getAddress(parsed.args.from), value: parsed.args.value.toString(),
      });
    }
    return log;
  });
  return {
    note: 'Transfer logs into Base deposit vaults (vault funded by token in deposits) encoded by ethers, and byVault: the transfers each vault counts, decoded by ethers. The other logs are another token, no watched vault, an ERC-721 Transfer and an Approval.',
    chainId: 8453,
    deposits: [...watched].map(([vault, token]) => ({ vault, token })),
    logs,
    byVault,
  };
}

// A Solana-source intent to Optimism funding 25 USDC, with vector 0's route hash.
const SOLANA_FUND = {
  portal: 'EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV',
  destination: 10,
  reward: {
    deadline: 1763704800,
    creator: '3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3',
    prover: 'EcoHDiDaKXryeHsvRwoJNPEeS56uhmPDd9ksuPyF68ky',
    nativeAmount: 0,
    tokens: [{ token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', amount: 25000000 }],
  },
  payer: '3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG',
};

function solana(vectors) {
  const routeHash = vectors.intents[0].routeHash;
  const { portal, destination, reward, payer } = SOLANA_FUND;
  const vaultOfVector = programAddress([Buffer.from('vault'), getBytes(vectors.intents[0].intentHash)], portal);
  const rewardBytes = borshReward(reward);
  const fundIntentHash = keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [destination, routeHash, keccak256(rewardBytes)]));
  const fundVault = programAddress([Buffer.from('vault'), getBytes(fundIntentHash)], portal).address;
  const mint = reward.tokens[0].token;
  const discriminator = sha256(Buffer.from('global:fund')).subarray(0, 8);
  const data = Buffer.concat([discriminator, u64le(destination), getBytes(routeHash), rewardBytes, Uint8Array.of(0)]);
  return {
    note: 'Solana vault PDAs (["vault", intentHash] of the mainnet Portal program) and the Portal fund instruction of SOLANA_FUND in derived-vectors.gen.mjs.',
    vectorIntentVault: vaultOfVector,
    fund: {
      ...SOLANA_FUND,
      routeHash,
      intentHash: fundIntentHash,
      dataBase64: data.toString('base64'),
      accounts: {
        vault: fundVault,
        funderTokenAccount: associatedTokenAccount(reward.creator, mint),
        vaultTokenAccount: associatedTokenAccount(fundVault, mint),
      },
    },
  };
}

// The relayer's Permit3 permit calls for the vector permit: one chain (merkleRoot = its chain
// hash) and with the three-chain proof, in the call shapes of the local Permit3 contract.
function permit3Relay(vectors) {
  const chainPermits = '(uint64 chainId, (uint48 modeOrExpiration, bytes32 tokenKey, address account, uint160 amountDelta)[] permits) chainPermits';
  const permit3 = new Interface([
    `function permit(address owner, bytes32 salt, uint48 deadline, uint48 timestamp, ${chainPermits}, bytes signature)`,
    `function permit(address owner, bytes32 salt, uint48 deadline, uint48 timestamp, ${chainPermits}, bytes32[] proof, bytes signature)`,
  ]);
  const p = vectors.permits.permit3;
  const permits = [p.chainPermits.chainId, p.chainPermits.permits.map((e) => [e.modeOrExpiration, e.tokenKey, e.account, e.amountDelta])];
  const head = [p.owner, p.salt, p.deadline, p.timestamp, permits];
  const [single, withProof] = permit3.fragments;
  return {
    note: 'Permit3.permit call data for permits.permit3, without a proof and with multichain.proofForFirst.',
    single: permit3.encodeFunctionData(single, [...head, p.signature]),
    withProof: permit3.encodeFunctionData(withProof, [...head, p.multichain.proofForFirst, p.signature]),
  };
}

// The service's vault-derivation probe for Base under the vectors' (production) Portal: the
// intent of chain 8453 to itself with the probe salt, portal and creator = the Portal, prover =
// the vectors' prover, nothing else; the eth_call data of intentVaultAddress and the CREATE2
// vault a Portal with the vectors' vaultInitCodeHash answers.
function vaultProbe(vectors) {
  const chainId = 8453;
  const portal = vectors.portal;
  const prover = vectors.intents[0].intent.reward.prover;
  const abi = AbiCoder.defaultAbiCoder();
  const salt = keccak256(Buffer.from('stableroutes: vault derivation probe'));
  const route = abi.encode(['tuple(bytes32,uint64,address,uint256,tuple(address,uint256)[],tuple(address,bytes,uint256)[])'], [[salt, 0, portal, 0, [], []]]);
  const reward = [0, portal, prover, 0, []];
  const rewardHash = keccak256(abi.encode(['tuple(uint64,address,address,uint256,tuple(address,uint256)[])'], [reward]));
  const intentHash = keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [chainId, keccak256(route), rewardHash]));
  const portalInterface = new Interface([
    'function intentVaultAddress(uint64 destination, bytes route, (uint64 deadline, address creator, address prover, uint256 nativeAmount, (address token, uint256 amount)[] tokens) reward) view returns (address)',
  ]);
  return {
    note: 'The vault derivation probe of chain 8453 with the vectors Portal and vaultInitCodeHash.',
    chainId,
    to: portal,
    data: portalInterface.encodeFunctionData('intentVaultAddress', [chainId, route, reward]),
    expectedVault: getCreate2Address(portal, intentHash, vectors.vaultInitCodeHash),
  };
}

// The Portal's refund(destination, routeHash, reward) for vector intents[0], which an
// IntentStatus of that intent carries as refund.transaction once it is expired or refundable.
function refundCall(vectors) {
  const { intent, encodedRoute } = vectors.intents[0];
  const { reward } = intent;
  const portal = new Interface([
    'function refund(uint64 destination, bytes32 routeHash, (uint64 deadline, address creator, address prover, uint256 nativeAmount, (address token, uint256 amount)[] tokens) reward)',
  ]);
  return {
    note: 'refund(destination, keccak256(encodedRoute), reward) of vector intents[0], sent to the vector Portal; accepted from block.timestamp = reward.deadline.',
    to: vectors.portal,
    data: portal.encodeFunctionData('refund', [
      intent.destination, keccak256(encodedRoute),
      [reward.deadline, reward.creator, reward.prover, reward.nativeAmount, reward.tokens.map((t) => [t.token, t.amount])],
    ]),
    availableAt: reward.deadline,
  };
}

export function derive(vectors) {
  return {
    note: 'Generated by derived-vectors.gen.mjs from protocol-vectors.json; do not edit by hand.',
    vectorsDigest: keccak256(concat([Buffer.from(JSON.stringify(vectors))])),
    events: eventLogs(vectors),
    depositTransfers: depositTransfers(vectors),
    solana: solana(vectors),
    permit3Relay: permit3Relay(vectors),
    vaultProbe: vaultProbe(vectors),
    refund: refundCall(vectors),
  };
}

export function render(vectors) {
  return `${JSON.stringify(derive(vectors), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const vectors = JSON.parse(readFileSync(new URL('protocol-vectors.json', here), 'utf8'));
  const text = render(vectors);
  if (process.argv.includes('--check')) {
    const stale = readFileSync(OUTPUT, 'utf8') !== text;
    if (stale) console.error('derived-vectors.json is stale: run node tests/vectors/derived-vectors.gen.mjs');
    process.exit(stale ? 1 : 0);
  }
  writeFileSync(OUTPUT, text);
  console.log(`wrote ${fileURLToPath(OUTPUT)}`);
}
