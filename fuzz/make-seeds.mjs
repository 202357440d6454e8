// Writes the seed corpora fuzz/corpus/<target>/ from the protocol vectors and hand-made valid
// inputs (one per interesting shape). Seeds are committed; re-run after changing this file:
//   node fuzz/make-seeds.mjs [target ...]     (only the named targets' folders are rewritten)
// The quote_verifier seeds are engine answers, so they need the core wasm (bash scripts/build.sh).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { AbiCoder, getBytes, id, zeroPadValue, concat } from "ethers";

const here = dirname(fileURLToPath(import.meta.url));
const vectors = JSON.parse(readFileSync(join(here, "..", "tests", "vectors", "protocol-vectors.json"), "utf8"));
const abi = AbiCoder.defaultAbiCoder();

const corpora = new Map();
function seed(target, name, content) {
  if (!corpora.has(target)) corpora.set(target, []);
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
  corpora.get(target).push([name, bytes]);
}
const json = (value) => JSON.stringify(value);
const withByte = (byte, rest) => Buffer.concat([Buffer.from([byte]), Buffer.isBuffer(rest) ? rest : Buffer.from(rest)]);

// --- primitives
const hash = vectors.intents[0].intentHash;
// Seeds named refused-* start mutation from a refusal on purpose (tests/fuzz/seeds_test.cpp
// checks they stay refused and every other seed reaches its target's accepting path).
for (const [n, t] of Object.entries({ empty: "0x", byte: "0x00", mixed: "0xAbCdEf", hash, bare: "deadbeef", "refused-odd": "0x123", upper: "0XFF" }))
  seed("hex", n, t);
for (const [n, t] of Object.entries({ zero: "0", one: "1", usdc: "25000000", max: (2n ** 256n - 1n).toString(), "refused-over": (2n ** 256n).toString(), hex: "0xff", hexmax: "0x" + "f".repeat(64), "refused-leading": "007" }))
  seed("u256", n, t);
seed("u256", "refused-words", Buffer.concat([Buffer.alloc(31), Buffer.from([7]), Buffer.alloc(32, 0xff), Buffer.alloc(31), Buffer.from([3])]));
seed("address", "checksummed", vectors.portal);
seed("address", "lower", vectors.portal.toLowerCase());
seed("address", "upper", "0x" + vectors.portal.slice(2).toUpperCase());
// One letter's case flipped: no longer the EIP-55 checksum.
seed("address", "refused-bad-checksum", vectors.portal.replace(/[A-F]/, (c) => c.toLowerCase()));
seed("address", "vault", vectors.intents[0].vault);
for (const [n, t] of Object.entries({ system: "11111111111111111111111111111111", usdc: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", token: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", short: "1112", "refused-bad": "0OIl" }))
  seed("base58", n, t);
for (const [n, t] of Object.entries({ empty: "", three: "AQID", pad1: "YWI=", pad2: "YQ==", transfer: "A0BCDwAAAAAA", "refused-urlsafe": "-_-_" }))
  seed("base64", n, t);

// --- ABI: binary mode (first byte selects the type, see fuzz/abi.cpp) and text mode.
vectors.intents.forEach((v, i) => {
  // The tuples' own encodings, without abi.encode's leading offset word (the target decodes the tuple).
  seed("abi", `route-${i}`, withByte(0, getBytes(v.encodedRoute).slice(32)));
  seed("abi", `reward-${i}`, withByte(1, getBytes(v.rewardEncoded).slice(32)));
  seed("abi", `publish-and-fund-${i}`, withByte(3, getBytes("0x" + v.publishAndFundCalldata.slice(10))));
  seed("calldata", `publish-and-fund-${i}`, withByte(0, getBytes(v.publishAndFundCalldata)));
});
const transferArgs = abi.encode(["address", "uint256"], [vectors.portal, 25000000n]);
seed("abi", "text-address-uint", Buffer.concat([Buffer.from("(address,uint256)\n"), getBytes(transferArgs)]));
seed("abi", "text-nested", Buffer.concat([Buffer.from("((bytes,string)[],bool)\n"), getBytes(abi.encode(["(bytes,string)[]", "bool"], [[["0x0102", "hi"], ["0x", ""]], true]))]));
seed("abi", "text-int", Buffer.concat([Buffer.from("(int8,bytes3,string)\n"), getBytes(abi.encode(["int8", "bytes3", "string"], [-5, "0xabcdef", "ü"]))]));
seed("calldata", "approve", withByte(1, getBytes(concat([id("approve(address,uint256)").slice(0, 10), transferArgs]))));
seed("calldata", "transfer", withByte(2, getBytes(concat([id("transfer(address,uint256)").slice(0, 10), transferArgs]))));

// --- EIP-712 documents.
const q = vectors.quoteSignature;
seed("eip712", "quote", json({ types: q.types, primaryType: "Quote", domain: q.domain, message: q.message }));
for (const name of ["erc3009", "permit2Single"]) {
  const p = vectors.permits[name];
  seed("eip712", name, json({ types: p.types, domain: p.domain, message: p.message }));
}
seed("eip712", "explicit-domain", json({
  types: { EIP712Domain: [{ name: "name", type: "string" }, { name: "chainId", type: "uint256" }], Mail: [{ name: "to", type: "address" }, { name: "contents", type: "string" }, { name: "tags", type: "bytes32[2]" }] },
  primaryType: "Mail", domain: { name: "x", chainId: 1 }, message: { to: vectors.portal, contents: "hi", tags: [hash, hash] },
}));

// --- Authorizations (fuzz/funding_authorization.cpp: byte = standard index 0..3, JSON {authorization, signature}).
const { erc3009, permit2Single, permit3 } = vectors.permits;
seed("funding_authorization", "erc3009", withByte(2, json({ authorization: erc3009.message, signature: erc3009.signature })));
seed("funding_authorization", "permit2", withByte(1, json({
  authorization: { details: [permit2Single.message.details], spender: permit2Single.message.spender, sigDeadline: permit2Single.message.sigDeadline },
  signature: permit2Single.signature,
})));
const permit3Body = { owner: permit3.owner, salt: permit3.salt, deadline: permit3.deadline, timestamp: permit3.timestamp, chainPermits: permit3.chainPermits, proof: [] };
seed("funding_authorization", "permit3", withByte(0, json({ authorization: permit3Body, signature: permit3.signature })));
// The same authorizations for fuzz/permits.cpp (byte = 0 permit3, 1 permit2, 2 erc3009, 3 eip2612).
seed("permits", "permit3", withByte(0, json(permit3Body)));
seed("permits", "permit2-single", withByte(1, json({ details: [permit2Single.message.details], spender: permit2Single.message.spender, sigDeadline: permit2Single.message.sigDeadline })));
seed("permits", "permit2-batch", withByte(1, json({ details: [permit2Single.message.details, { ...permit2Single.message.details, nonce: 1 }], spender: permit2Single.message.spender, sigDeadline: 1763700600 })));
seed("permits", "erc3009", withByte(2, json(erc3009.message)));
seed("permits", "eip2612", withByte(3, json({ owner: erc3009.message.from, spender: erc3009.message.to, value: "25000000", nonce: 0, deadline: "1763700600" })));

// --- Requests.
const base = {
  type: "exact-in",
  source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
  destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
  dappId: "demo-app",
};
seed("quote_request", "exact-in", json(base));
seed("quote_request", "exact-out", json({ ...base, type: "exact-out", source: { ...base.source, amount: undefined }, destination: { ...base.destination, amount: "24875000" } }));
seed("quote_request", "custom", json({ ...base, type: "custom", options: { allQuotes: true }, slippage: 0.01, destination: { ...base.destination, calls: [{ target: base.destination.token, data: "0xa9059cbb", value: "0" }] } }));
seed("quote_request", "to-solana", json({ ...base, destination: { chainId: 1399811149, token: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", recipient: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" } }));
seed("quote_request", "refused-retired", json({ ...base, swapType: "exact-in", funder: base.source.funder }));
const legacy = {
  dAppID: "legacy-dapp", intentExecutionTypes: ["SELF_PUBLISH"],
  quoteRequest: { sourceChainID: 8453, destinationChainID: 10, sourceToken: base.source.token, destinationToken: base.destination.token, sourceAmount: "25000000", funder: base.source.funder, refundRecipient: base.destination.recipient, recipient: base.destination.recipient },
  contracts: { sourcePortal: vectors.portal, destinationPortal: vectors.portal, prover: "0xeC0008acc34d3D0CAa6758Ce788091e473812e28" },
};
seed("legacy_request", "quote", "q" + json(legacy));
seed("legacy_request", "status", "s" + json({ intentHash: hash, intentCreatedHash: hash }));

// --- Intents, SVM and logs.
vectors.intents.forEach((v, i) => seed("intent", `evm-${i}`, withByte(0, json(v.intent))));
const svmKey = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const toSvm = { ...vectors.intents[0].intent, destination: 1399811149 };
toSvm.route = { ...toSvm.route, portal: svmKey, tokens: [{ token: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", amount: "24875000" }], calls: [{ target: svmKey, data: "0x0102", value: "0" }] };
seed("intent", "evm-to-svm", withByte(2, json(toSvm)));
const u64 = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(n)); return b; };
const u32 = (n) => { const b = Buffer.alloc(4); b.writeUInt32LE(n); return b; };
const key32 = Buffer.alloc(32, 7);
seed("borsh", "route", withByte(0, Buffer.concat([Buffer.alloc(32, 1), u64(1763701200), key32, u64(0), u32(1), key32, u64(24875000), u32(1), key32, u32(2), Buffer.from([1, 2])])));
seed("borsh", "reward", withByte(1, Buffer.concat([u64(1763704800), key32, key32, u64(0), u32(1), key32, u64(25000000)])));
seed("borsh", "walk", withByte(2, Buffer.concat([Buffer.from([0]), u32(2), Buffer.from([9, 9]), Buffer.from([2, 1])])));
seed("svm_instruction", "transfer", json({
  programId: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  accounts: [{ pubkey: "3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3", isSigner: false, isWritable: true }, { pubkey: "3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG", isSigner: true, isWritable: false }],
  data: "A0BCDwAAAAAA",
}));
seed("svm_instruction", "empty", json({ programId: "11111111111111111111111111111111", accounts: [], data: "" }));

const v0 = vectors.intents[0];
const pad = (a) => zeroPadValue(a, 32);
const reward = v0.intent.reward;
const publishedData = abi.encode(["uint64", "bytes", "uint64", "uint256", "(address,uint256)[]"],
  [v0.intent.destination, v0.encodedRoute, reward.deadline, reward.nativeAmount, reward.tokens.map((t) => [t.token, t.amount])]);
const logs = {
  published: { topics: [id("IntentPublished(bytes32,uint64,bytes,address,address,uint64,uint256,(address,uint256)[])"), v0.intentHash, pad(reward.creator), pad(reward.prover)], data: publishedData },
  funded: { topics: [id("IntentFunded(bytes32,address,bool)")], data: abi.encode(["bytes32", "address", "bool"], [v0.intentHash, reward.creator, true]) },
  fulfilled: { topics: [id("IntentFulfilled(bytes32,bytes32)"), v0.intentHash, pad(reward.creator)], data: "0x" },
  proven: { topics: [id("IntentProven(bytes32,address,uint64)"), v0.intentHash, pad(reward.creator)], data: abi.encode(["uint64"], [10]) },
  withdrawn: { topics: [id("IntentWithdrawn(bytes32,address)"), pad(reward.creator)], data: abi.encode(["bytes32"], [v0.intentHash]) },
  refunded: { topics: [id("IntentRefunded(bytes32,address)"), pad(reward.creator)], data: abi.encode(["bytes32"], [v0.intentHash]) },
  transfer: { topics: [id("Transfer(address,address,uint256)"), pad(reward.creator), pad(v0.vault)], data: abi.encode(["uint256"], [25000000n]) },
  // The destination Portal's IntentProven: the same name as the prover's, another signature.
  "proof-sent": { topics: [id("IntentProven(bytes32,bytes32)"), v0.intentHash, pad(reward.creator)], data: "0x" },
};
const order = ["published", "funded", "fulfilled", "proven", "withdrawn", "refunded", "transfer", "proof-sent"];
for (const [name, log] of Object.entries(logs)) {
  seed("events", name, json({ address: vectors.portal, ...log, blockNumber: "0x1b4", transactionHash: hash, logIndex: "0x0", removed: false }));
  const extra = log.topics.slice(1).map((t) => getBytes(t));
  seed("event_decode", name, Buffer.concat([Buffer.from([order.indexOf(name), extra.length]), ...extra, getBytes(log.data)]));
}
const tx = (chainId, block) => ({ chainId, transactionHash: hash, blockNumber: block, logIndex: 0 });
seed("status_record", "filled", json({
  intentHash: hash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: 1763701200, rewardDeadline: 1763704800, role: "direct", quoteId: "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d", fundedComplete: true, updatedAt: 1763700100,
  transactions: { published: tx(8453, 10), funded: tx(8453, 10), fulfilled: tx(10, 50), proven: null, withdrawn: null, refunded: null },
}));
seed("status_record", "proof-sent", json({
  intentHash: hash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: 1763701200, rewardDeadline: 1763704800, role: "direct", quoteId: null, fundedComplete: true, updatedAt: 1763700100,
  transactions: { published: tx(8453, 10), funded: tx(8453, 10), fulfilled: null, proven: null, withdrawn: null, refunded: null },
  proofSent: tx(10, 51),
}));

// --- Gasless submits (fuzz/gasless.cpp: byte = standard index, then the body): a quote the engine
// issues with the local configuration at 1763697600 (its vault, fees and signature as the service
// makes them today), funded by the edge-worker tests' funder with ERC-3009, Permit2 and Permit3
// authorizations signed with their helpers, every window open at the target's clock (+60 s).
// tests/fuzz/seeds_test.cpp fails when a change to the configuration or the op turns them into refusals.
const helpers = await import("../edge-worker/test/gasless-helpers.mjs").catch(() => null);
const core = await import("../tests/node/wasm.mjs").then((m) => m.instantiate("core")).catch(() => null);
let service;
let localConfig;
const seedKey = { id: "dev-acme", partner: "acme", feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ["quotes", "all-quotes", "gasless"] };
const engineQuote = (body, now = 1763697600) => {
  const out = JSON.parse(service.handle("quote", json({ body, key: seedKey, now, random: `0x${"5a".repeat(32)}`, solverAnswers: [] })));
  if (out.status !== 200) throw new Error(`engine quote for the seeds: ${json(out.body)}`);
  return out.body;
};
if (core) {
  const { loadLocalConfig } = await import("../tests/node/local-config.mjs");
  const { config, secrets } = await loadLocalConfig();
  localConfig = config;
  service = new core.Service(json(config), json(secrets));
}
const usdc = (chainId) => localConfig.tokens.find((t) => t.chainId === chainId && t.symbol === "USDC").address;
if (helpers && core) {
  const quote = engineQuote({ type: "exact-in", dappId: "fuzz-seeds", source: { chainId: 8453, token: usdc(8453), amount: "100000000", funder: helpers.funder.address },
    destination: { chainId: 10, token: usdc(10), recipient: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" } });
  const until = 1763697600 + 3600;
  seed("gasless", "erc3009", withByte(2, json(await helpers.erc3009Submit(quote, { validBefore: String(until), nonce: "0x" + "5a".repeat(32) }))));
  seed("gasless", "permit2", withByte(1, json(await helpers.permit2Submit(quote, { expiration: String(until), sigDeadline: String(until) }))));
  const permit3 = { salt: "0x" + "5b".repeat(32), deadline: until, timestamp: 1763697600 };
  seed("gasless", "permit3", withByte(0, json(helpers.permit3Submit(quote, { ...permit3, modeOrExpiration: String(until) }))));
  // An EIP-2612 permit for fuzz/funding_authorization.cpp's target (the vectors' vault, 25 USDC),
  // signed by the vectors' funder over Base USDC's domain.
  const permit = { owner: helpers.funder.address, spender: vectors.intents[0].vault, value: "25000000", nonce: "0", deadline: "1763700600" };
  seed("funding_authorization", "erc2612", withByte(3, json({ authorization: permit, signature: await helpers.funder.signTypedData(helpers.usdcBaseDomain, helpers.PERMIT_TYPES, permit) })));
  seed("gasless", "permit3-transfer", withByte(0, json(helpers.permit3Submit(quote, { ...permit3, modeOrExpiration: "0" }))));
}

// --- Quotes for the browser verifier (fuzz/quote_verifier.cpp: {quote, request}): the engine's
// answers of every shape, issued by the core module with the local configuration at the
// target's clock, so each seed passes every check and mutations start from real quotes.
if (core) {
  const funder = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  const recipient = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
  const exactIn = { type: "exact-in", dappId: "fuzz-seeds", source: { chainId: 8453, token: usdc(8453), amount: "100000000", funder },
    destination: { chainId: 10, token: usdc(10), recipient } };
  const requests = {
    "exact-in": exactIn,
    "all-quotes": { ...exactIn, options: { allQuotes: true } },
    "exact-out": { ...exactIn, type: "exact-out", source: { ...exactIn.source, amount: undefined }, destination: { ...exactIn.destination, amount: "99840001" } },
    custom: { ...exactIn, type: "custom", slippage: 0.01, destination: { ...exactIn.destination, calls: [{ target: recipient, data: "0xdeadbeef", value: "0" }] } },
    "stitched-to-solana": { ...exactIn, source: { ...exactIn.source, chainId: 137, token: usdc(137) },
      destination: { chainId: 1399811149, token: usdc(1399811149), recipient: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" } },
  };
  for (const [name, body] of Object.entries(requests)) {
    const request = JSON.parse(json(body));
    seed("quote_verifier", name, json({ quote: engineQuote(request), request }));
  }
  seed("quote_verifier", "no-request", json({ quote: JSON.parse(corpora.get("quote_verifier")[0][1]).quote }));
}

// --- The lying signer (fuzz/lying_signer.cpp): byte 0 picks one of the genuine answers the target
// asks the engine for (direct exact-in, exact-out, custom, from a Solana funder, stitched to
// Solana, a deposit address); the bytes after it are (where, how, which value) triples of
// changes. The unchanged answers are the seeds: each passes, so mutation starts from an answer
// the verifier accepts.
for (let shape = 0; shape < 6; shape++) seed("lying_signer", `genuine-shape-${shape}`, Buffer.from([shape]));

// --- money objects: the first byte says whether the job is a deposit address's (odd), then each
// byte is the next result of an effect (fuzz/money_objects.cpp). Relayed, mined and final at
// once; refused by the simulation (failed); a deposit address's job refused so (archived with the
// address); mined but not final, reorganised away (its reservation held again), relayed again
// from its stored bytes and final.
seed("money_objects", "published", Buffer.from([0, 1, 3, 0, 4, 1, 23, 1]));
seed("money_objects", "failed", Buffer.from([0, 1, 2]));
seed("money_objects", "deposit-failed", Buffer.from([1, 1, 2]));
seed("money_objects", "reorganised", Buffer.from([0, 1, 3, 0, 4, 1, 0, 0, 0, 1, 0, 0, 1, 3, 4, 1, 23, 1]));

const only = process.argv.slice(2);
for (const [target, seeds] of corpora) {
  if (only.length > 0 && !only.includes(target)) continue;
  const dir = join(here, "corpus", target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of seeds) writeFileSync(join(dir, name), bytes);
}
console.log(`seeds: ${[...corpora].filter(([t]) => only.length === 0 || only.includes(t)).map(([t, s]) => `${t} ${s.length}`).join(", ")}`);
