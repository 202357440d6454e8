// The relayer never pays for a failing transaction (openapi.json, "Gasless relaying never pays
// for a failing transaction"): before a funding job exists, the core names the eth_calls that
// tell whether the relayer's transactions would succeed (op "fundingPreflight"), this module
// makes them against the pending block (what the relayer's next transaction will meet), and the
// core judges the answers (op
// "fundingPreflightVerdict": 200, or 422 funding-would-fail with the reason). Nothing is sent and
// no job is created unless the verdict is 200. The chain's reservation store
// (funding/reservations.js reserveFunding) has the submit read first, in its own request and
// outside any queue, and judges in the turn of the funding's token and funder, passing the
// funder's other reservations to the verdict.
import { askCore } from "../core.js";
import { ethCall, rpcUrlOf } from "../chain/rpc.js";
import { HttpError } from "../http/responses.js";
import { relayerKeyAt } from "./relayer-accounts.js";
import { relayerAccountFor, relayerAddressOf } from "./relayer-addresses.js";

/**
 * The preflight's plan: the calls to read and the reservation the funding takes, as the core
 * names them (op "fundingPreflight"), before anything is read.
 * @param {any} env
 * @param {{ chainId: number }} plan the verified plan of a gasless or deposit submit
 * @param {{ jobId?: string }} [options]
 * @returns {Promise<{ refused: import("../core.js").CoreAnswer } | { url: string, calls: object[], reservation: object | null }>}
 *   refused: the core's 422 when nothing can be simulated; else the reservation the funding
 *   takes (the core's, null for a plain transfer) and the calls to make
 */
export async function planFunding(env, plan, { jobId } = {}) {
  const url = rpcUrlOf(env, plan.chainId);
  // Simulated from the account that will relay the job (funding/relayer-accounts.js: the one the job is
  // pinned to when it is stored), as the relayer's own simulation right before signing is. With
  // no endpoint or no key there is none to look up, and the core refuses the funding (422).
  let relayerAddress = null;
  if (url && env.RELAYER_KEY) {
    try {
      relayerAddress = jobId === undefined ? await relayerAddressOf(env, relayerKeyAt(env, 0)) : await relayerAccountFor(env, jobId);
    } catch {
      throw new HttpError(500, "internal", "the relayer key is unusable");
    }
  }
  const planned = await askCore(env, "fundingPreflight", { plan, relayer: relayerAddress, endpoint: Boolean(url) });
  if (planned.status !== 200) return { refused: planned };
  return { url, calls: planned.body.calls, reservation: planned.body.reservation ?? null };
}

/**
 * The preflight's reads: the calls a plan named, made against the pending block.
 * @returns {Promise<object>} the node's answers by call id
 */
export async function readFunding(plan, { url, calls }) {
  const results = {};
  try {
    await Promise.all(calls.map(async ({ id, ...call }) => {
      results[id] = await ethCall(url, call, "pending");
    }));
  } catch (e) {
    throw new HttpError(500, "internal", `the relayer could not simulate the funding: chain ${plan.chainId} did not answer (${e?.message ?? e}); nothing was sent, retry later`);
  }
  return results;
}

/**
 * The core's verdict on the preflight's reads (op "fundingPreflightVerdict"), counting `reserved`:
 * the stored reservations of the funding's chain, token and funder.
 * @returns {Promise<import("../core.js").CoreAnswer>}
 */
export function judgeFunding(env, plan, results, { jobId, reserved } = {}) {
  return askCore(env, "fundingPreflightVerdict", { plan, results, ...(reserved ? { reserved, jobId } : {}) });
}
