// Signed quotes and authorizations made in the tests with ethers (an implementation independent
// of the core's), for the gasless and deposit-address tests.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { AbiCoder, TypedDataEncoder, Wallet, hexlify, keccak256, randomBytes, zeroPadValue } from "ethers";
import { DEV_KEYS } from "./harness.mjs";

export const vectors = JSON.parse(readFileSync(new URL("../../tests/vectors/protocol-vectors.json", import.meta.url), "utf8"));

// Anvil #1 is the local quote signer and, in the vectors, the funder; #2 and #3 are strangers.
export const quoteSigner = new Wallet("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
export const funder = quoteSigner;
export const stranger = new Wallet("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
export const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
export const USDT_BASE = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
export const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
export const PERMIT3 = "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34";
export const VAULT = vectors.intents[0].vault;

const QUOTE_TYPES = { Quote: [{ name: "id", type: "string" }, { name: "intentHashes", type: "bytes32[]" }, { name: "expiresAt", type: "uint64" }] };
export const ERC3009_TYPES = vectors.permits.erc3009.types;
export const PERMIT2_TYPES = vectors.permits.permit2Single.types;
export const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

export const nowSec = () => Math.floor(Date.now() / 1000);

/** A quote for `intent` (decoded, with its hash and vault) signed with `signer` for `chainId`. */
export async function signQuote({ intent, intentHash, vault, chainId, token, amount, funderAddress, expiresAt, signer = quoteSigner, id = `quote:${randomUUID()}`, gasFee = "10000" }) {
  const quote = {
    id,
    type: "exact-in",
    source: { chainId, token, amount, funder: funderAddress },
    // A quote's fees as the service lists them: the relayer prices the job at most at what the
    // `gas` entry covers (unsigned, so bounded by the intent's spread), and refuses a quote without one.
    fees: [{ type: "gas", amount: gasFee, token: { chainId, address: token, symbol: "USDC", decimals: 6 }, estimate: false }],
    steps: [{ provider: "test", intents: [{ role: "direct", intentHash, sourceChainId: chainId, destinationChainId: intent.destination, intent: structuredClone(intent), vault }] }],
    intentHash,
    execution: { intent: structuredClone(intent), vault },
    expiresAt,
  };
  quote.signature = await signer.signTypedData({ name: "ServiceQuoteV1", version: "1", chainId }, QUOTE_TYPES, { id, intentHashes: [intentHash.toLowerCase()], expiresAt });
  return quote;
}

/** The vectors' Base -> Optimism intent, quoted now (funder anvil #1, vault VAULT). */
export function vectorQuote({ expiresAt = nowSec() + 120, signer, amount = "25000000" } = {}) {
  const v = vectors.intents[0];
  return signQuote({ intent: v.intent, intentHash: v.intentHash, vault: v.vault, chainId: 8453, token: USDC_BASE, amount, funderAddress: funder.address, expiresAt, signer });
}

export const usdcBaseDomain = { name: "USD Coin", version: "2", chainId: 8453, verifyingContract: USDC_BASE };

export async function erc3009Submit(quote, { to = quote.execution.vault, value = quote.source.amount, validAfter = "0", validBefore = String(nowSec() + 3600), nonce = hexlify(randomBytes(32)), domain = usdcBaseDomain, wallet = funder, from = funder.address } = {}) {
  const authorization = { from, to, value, validAfter, validBefore, nonce };
  return { quote, authorization, signature: await wallet.signTypedData(domain, ERC3009_TYPES, authorization) };
}

export async function permit2Submit(quote, { spender = quote.execution.vault, amount = quote.source.amount, wallet = funder, chainId = 8453, verifyingContract = PERMIT2, expiration = String(nowSec() + 7200), sigDeadline = String(nowSec() + 3600) } = {}) {
  const details = { token: quote.source.token, amount, expiration, nonce: "0" };
  const message = { details, spender, sigDeadline };
  const signature = await wallet.signTypedData({ name: "Permit2", chainId, verifyingContract }, PERMIT2_TYPES, message);
  return { quote, permit2: { details: [details], spender, sigDeadline: message.sigDeadline }, signature };
}

const coder = AbiCoder.defaultAbiCoder();
const PERMIT3_TYPEHASH = keccak256(Buffer.from("Permit3(address owner,bytes32 salt,uint48 deadline,uint48 timestamp,bytes32 merkleRoot)"));
const CHAIN_PERMITS_TYPEHASH = keccak256(
  Buffer.from("ChainPermits(uint64 chainId,AllowanceOrTransfer[] permits)AllowanceOrTransfer(uint48 modeOrExpiration,bytes32 tokenKey,address account,uint160 amountDelta)"),
);

/** The Permit3 digest as the protocol page defines it (leaves without a type hash, chainId-1 domain). */
export function permit3Digest(permit3, domainChainId = 1) {
  const leaves = permit3.chainPermits.permits.map((p) => keccak256(coder.encode(["uint48", "bytes32", "address", "uint160"], [p.modeOrExpiration, p.tokenKey, p.account, p.amountDelta])));
  let root = keccak256(coder.encode(["bytes32", "uint64", "bytes32"], [CHAIN_PERMITS_TYPEHASH, permit3.chainPermits.chainId, keccak256("0x" + leaves.map((l) => l.slice(2)).join(""))]));
  for (const sibling of permit3.proof) root = BigInt(root) < BigInt(sibling) ? keccak256(root + sibling.slice(2)) : keccak256(sibling + root.slice(2));
  const structHash = keccak256(coder.encode(["bytes32", "address", "bytes32", "uint48", "uint48", "bytes32"], [PERMIT3_TYPEHASH, permit3.owner, permit3.salt, permit3.deadline, permit3.timestamp, root]));
  const domainSeparator = TypedDataEncoder.hashDomain({ name: "Permit3", version: "1", chainId: domainChainId, verifyingContract: PERMIT3 });
  return keccak256("0x1901" + domainSeparator.slice(2) + structHash.slice(2));
}

/** A Permit3 submit; modeOrExpiration "0" is a transfer to the vault, a timestamp an allowance until then. */
export function permit3Submit(quote, { account = quote.execution.vault, amountDelta = quote.source.amount, wallet = funder, domainChainId = 1, modeOrExpiration = String(nowSec() + 7200), chainId = quote.source.chainId, salt = hexlify(randomBytes(32)), deadline = nowSec() + 3600, timestamp = nowSec() } = {}) {
  const permit3 = {
    owner: wallet.address,
    salt,
    deadline,
    timestamp,
    chainPermits: { chainId, permits: [{ modeOrExpiration, tokenKey: zeroPadValue(quote.source.token, 32), account, amountDelta }] },
    proof: [],
  };
  return { quote, permit3, signature: wallet.signingKey.sign(permit3Digest(permit3, domainChainId)).serialized };
}

export function fieldsOf(body) {
  return (body.errors ?? []).map((e) => e.field);
}

export async function waitFor(read, done, { timeoutMs = 30_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A keyed exact-in quote (partner acme) of `amount` USDC from chain 31337 to chain 31338 of the
 * local test chains (startTestChains' deployment), paid by `funder` (an address).
 */
export async function localUsdcQuote(worker, deployment, { funder, amount, recipient = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc", dappId }) {
  const [chainA, chainB] = deployment.chains;
  const res = await worker.fetch("/v1/quotes", {
    method: "POST",
    key: DEV_KEYS.acme,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      type: "exact-in",
      source: { chainId: 31337, token: chainA.tokens.USDC, amount, funder },
      destination: { chainId: 31338, token: chainB.tokens.USDC, recipient },
      dappId,
    }),
  });
  const quote = await res.json();
  assert.equal(res.status, 200, JSON.stringify(quote));
  return quote;
}

/** Asserts that every transaction `senders` (addresses) had mined after block `fromBlock` succeeded. */
export async function assertNoneReverted(provider, senders, fromBlock) {
  for (let n = fromBlock + 1; n <= (await provider.getBlockNumber()); n++) {
    const block = await provider.getBlock(n, true);
    for (const tx of block.prefetchedTransactions) {
      if (!senders.includes(tx.from)) continue;
      assert.equal((await provider.getTransactionReceipt(tx.hash)).status, 1, `${tx.hash} reverted`);
    }
  }
}
