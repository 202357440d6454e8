// Valid request bodies the bad-input cases start from, and the small language the case files
// use to spoil them. A case names a `template` (a valid body) or a `fixture` (a body signed at
// run time), then `set` / `delete` dotted paths; values may be macros:
//   "$now", "$now+60", "$now-10"      Unix seconds at run time (as a JSON number)
//   "$nowstr-10"                      the same as a decimal string
//   {"$repeat": ["ab", 1000]}         "abab..." (1000 times)
//   {"$nest": 70}                     70 nested arrays [[[...]]]
//   {"$array": [item, 33]}            an array of 33 copies of item
import { hexlify, randomBytes } from "ethers";
import { erc3009Submit, funder, nowSec, permit2Submit, permit3Submit, stranger, vectorQuote, vectors } from "../../edge-worker/test/gasless-helpers.mjs";

export const FUNDER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const RECIPIENT = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
export const USDC = { 1: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 10: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", 8453: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" };
export const SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
export const SOLANA_WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

const TEMPLATES = {
  quote: () => ({
    type: "exact-in",
    source: { chainId: 8453, token: USDC[8453], amount: "25000000", funder: FUNDER },
    destination: { chainId: 10, token: USDC[10], recipient: RECIPIENT },
    dappId: "bad-inputs",
  }),
  quoteOut: () => ({
    type: "exact-out",
    source: { chainId: 8453, token: USDC[8453], funder: FUNDER },
    destination: { chainId: 10, token: USDC[10], recipient: RECIPIENT, amount: "24875000" },
    dappId: "bad-inputs",
  }),
  quoteCustom: () => ({
    type: "custom",
    source: { chainId: 8453, token: USDC[8453], amount: "25000000", funder: FUNDER },
    destination: { chainId: 10, token: USDC[10], recipient: RECIPIENT, calls: [{ target: USDC[10], data: "0xa9059cbb", value: "0" }] },
    dappId: "bad-inputs",
  }),
  quoteToSolana: () => ({
    type: "exact-in",
    source: { chainId: 8453, token: USDC[8453], amount: "25000000", funder: FUNDER },
    destination: { chainId: 1399811149, token: SOLANA_USDC, recipient: SOLANA_WALLET },
    dappId: "bad-inputs",
  }),
  legacy: () => ({
    dAppID: "bad-inputs",
    intentExecutionTypes: ["SELF_PUBLISH"],
    quoteRequest: { sourceChainID: 8453, destinationChainID: 10, sourceToken: USDC[8453], destinationToken: USDC[10], sourceAmount: "25000000", funder: FUNDER, recipient: RECIPIENT },
  }),
  legacyStatus: () => ({ intentHash: vectors.intents[0].intentHash }),
  deposit: () => ({
    source: { chainId: 8453, token: USDC[8453], amount: "25000000" },
    destination: { chainId: 10, token: USDC[10], recipient: RECIPIENT },
    refundRecipient: FUNDER,
  }),
  depositErc3009: () => ({
    vaultAddress: vectors.intents[0].vault,
    authorization: { from: FUNDER, to: vectors.intents[0].vault, value: "25000000", validAfter: "0", validBefore: String(nowSec() + 3600), nonce: "0x" + "5a".repeat(32) },
    signature: "0x" + "11".repeat(65),
  }),
  depositErc2612: () => ({
    vaultAddress: vectors.intents[0].vault,
    permit: { owner: FUNDER, spender: vectors.intents[0].vault, value: "25000000", nonce: "0", deadline: String(nowSec() + 3600) },
    signature: "0x" + "11".repeat(65),
  }),
  chainEvents: () => ({
    chainId: 8453,
    logs: [{ address: vectors.portal, topics: ["0x" + "00".repeat(32)], data: "0x", blockNumber: "0x1", transactionHash: vectors.intents[0].intentHash, logIndex: "0x0" }],
  }),
};

/** Bodies signed with ethers at run time; `options` go to the signing helper (macros resolved). */
const FIXTURES = {
  "gasless.erc3009": async (o, q) => erc3009Submit(await vectorQuote(q), o),
  "gasless.permit2": async (o, q) => permit2Submit(await vectorQuote(q), o),
  "gasless.permit3": async (o, q) => permit3Submit(await vectorQuote(q), o),
  "gasless.erc3009.stranger": async (o, q) => erc3009Submit(await vectorQuote(q), { ...o, wallet: stranger }),
  "gasless.erc3009.quoteByStranger": async (o, q) => erc3009Submit(await vectorQuote({ ...q, signer: stranger }), o),
};

export function resolveMacros(value) {
  if (typeof value === "string") {
    const m = /^\$(now|nowstr)([+-]\d+)?$/.exec(value);
    if (m) {
      const t = nowSec() + Number(m[2] ?? 0);
      return m[1] === "now" ? t : String(t);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(resolveMacros);
  if (value && typeof value === "object") {
    if ("$repeat" in value) return value.$repeat[0].repeat(value.$repeat[1]);
    if ("$array" in value) return Array.from({ length: value.$array[1] }, () => resolveMacros(value.$array[0]));
    if ("$nest" in value) return JSON.parse("[".repeat(value.$nest) + "]".repeat(value.$nest));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveMacros(v)]));
  }
  return value;
}

function splitPath(path) {
  return path.split(".").flatMap((part) => part.split(/[[\]]/).filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
}

export function setPath(target, path, value) {
  const parts = splitPath(path);
  let node = target;
  for (const p of parts.slice(0, -1)) {
    if (node[p] === null || typeof node[p] !== "object") node[p] = {};
    node = node[p];
  }
  node[parts.at(-1)] = value;
}

export function deletePath(target, path) {
  const parts = splitPath(path);
  let node = target;
  for (const p of parts.slice(0, -1)) node = node?.[p];
  if (node && typeof node === "object") delete node[parts.at(-1)];
}

/** The case's body as an object (template/fixture + edits), or undefined when it has none. */
export async function bodyObject(c) {
  let body;
  if (c.template) {
    if (!TEMPLATES[c.template]) throw new Error(`unknown template ${c.template}`);
    body = TEMPLATES[c.template]();
  } else if (c.fixture) {
    if (!FIXTURES[c.fixture]) throw new Error(`unknown fixture ${c.fixture}`);
    body = await FIXTURES[c.fixture](resolveMacros(c.options ?? {}), resolveMacros(c.quoteOptions ?? {}));
  } else if ("json" in c) {
    body = resolveMacros(c.json);
  } else {
    return undefined;
  }
  for (const [path, value] of Object.entries(c.set ?? {})) setPath(body, path, resolveMacros(value));
  for (const path of c.delete ?? []) deletePath(body, path);
  return body;
}

/** A second, different authorization for the quote of `first` (same standard): a conflict. */
export async function otherAuthorization(first, fixture) {
  const standard = fixture.split(".")[1];
  if (standard === "erc3009") return erc3009Submit(first.quote, { nonce: hexlify(randomBytes(32)) });
  if (standard === "permit2") return permit2Submit(first.quote, { amount: String(BigInt(first.quote.source.amount) + 1n) });
  return permit3Submit(first.quote);
}

export { funder };
