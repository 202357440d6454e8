// Chain events for suites that drive status by pushing logs to POST /internal/chain-events: a
// registered Base -> Optimism quote of the local configuration, and the Portal and prover logs
// of its life (published and funded, fulfilled, proven) encoded with ethers as eth_getLogs
// returns them, from the production addresses the local configuration uses.
import assert from "node:assert/strict";
import { Interface, id, zeroPadValue } from "ethers";
import { DEV_KEYS } from "./harness.mjs";
import { waitFor } from "./gasless-helpers.mjs";

export const PORTAL = "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df";
export const PROVER = "0xeC0008acc34d3D0CAa6758Ce788091e473812e28";
export const SOLVER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const json = { "content-type": "application/json" };
const events = new Interface([
  "event IntentPublished(bytes32 indexed intentHash, uint64 destination, bytes route, address indexed creator, address indexed prover, uint64 rewardDeadline, uint256 rewardNativeAmount, (address token, uint256 amount)[] rewardTokens)",
  "event IntentFunded(bytes32 intentHash, address funder, bool complete)",
  "event IntentFulfilled(bytes32 indexed intentHash, bytes32 indexed claimant)",
  "event IntentProven(bytes32 indexed intentHash, address indexed claimant, uint64 destination)",
]);

/** A quote from the worker, once the status index knows it (registration runs in the background). */
export async function registeredQuote(worker, dappId = "pushed-events") {
  const res = await worker.fetch("/v1/quotes", {
    method: "POST",
    key: DEV_KEYS.acme,
    headers: json,
    body: JSON.stringify({
      type: "exact-in", dappId,
      source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
      destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
    }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  await waitFor(async () => (await worker.fetch(`/v1/intents/status?intentHash=${body.intentHash}`, { key: DEV_KEYS.acme })).json(), (s) => s.status === "pending");
  return body;
}

let block = 1_000;
const log = (address, encoded) => ({ address, ...encoded, blockNumber: "0x" + (++block).toString(16), transactionHash: id(`pushed-events tx ${block}`), logIndex: "0x0" });

/** The source chain's IntentPublished and IntentFunded of a quote. */
export function publishedAndFunded(quote) {
  const step = quote.steps[0].intents[0];
  const { intent } = step;
  return [
    log(PORTAL, events.encodeEventLog("IntentPublished", [quote.intentHash, intent.destination, step.encodedRoute, intent.reward.creator, intent.reward.prover, intent.reward.deadline, intent.reward.nativeAmount, intent.reward.tokens.map((t) => [t.token, t.amount])])),
    log(PORTAL, events.encodeEventLog("IntentFunded", [quote.intentHash, intent.reward.creator, true])),
  ];
}

/** The source Portal's IntentFunded of any intent hash (complete). */
export const fundedOnly = (intentHash, funder) => [log(PORTAL, events.encodeEventLog("IntentFunded", [intentHash, funder, true]))];

/** The destination Portal's IntentFulfilled of a quote. */
export const fulfilled = (quote) => [log(PORTAL, events.encodeEventLog("IntentFulfilled", [quote.intentHash, zeroPadValue(SOLVER, 32)]))];

/** The source prover's IntentProven of a quote (about destination 10). */
export const proven = (quote) => [log(PROVER, events.encodeEventLog("IntentProven", [quote.intentHash, SOLVER, 10]))];

/** POST /internal/chain-events with the local indexer token. */
export async function pushLogs(worker, chainId, logs) {
  const res = await worker.fetch("/internal/chain-events", { method: "POST", headers: { ...json, authorization: "Bearer dev-indexer-token" }, body: JSON.stringify({ chainId, logs }) });
  assert.equal(res.status, 200, await res.text());
}
