// The relayer never pays for a failing transaction (openapi.json, "Gasless relaying never pays
// for a failing transaction"): before a funding job exists, the core names the eth_calls that
// tell whether the relayer's transactions would succeed (op "fundingPreflight"), this module
// makes them against the pending block (what the relayer's next transaction will meet), and the
// core judges the answers (op
// "fundingPreflightVerdict": 200, or 422 funding-would-fail with the reason). Nothing is sent and
// no job is created unless the verdict is 200. It runs inside the chain's reservation store
// (funding-reservations.js), which passes the funder's other reservations to the verdict.
import { askCore } from "./core.js";
import { ethCall, rpcUrlOf } from "./chain-rpc.js";
import { HttpError } from "./http.js";
import { relayerKeyAt } from "./relayer-accounts.js";
import { relayerAccountFor, relayerAddressOf } from "./relayer-addresses.js";

/**
 * @param {any} env
 * @param {{ chainId: number }} plan the verified plan of a gasless or deposit submit
 * @param {{ jobId?: string, reserved?: (reservation: { token: string, funder: string }) => { jobId: string, amount: string }[] }} [options]
 *   reserved: the stored reservations of the funding's chain, token and funder (funding-reservations.js),
 *   read before the chain is; the core counts them against the balance
 * @returns {Promise<import("./core.js").CoreAnswer & { reservation: object | null }>} the core's
 *   verdict, and the reservation the funding takes (the core's, null for a plain transfer)
 */
export async function simulateFunding(env, plan, { jobId, reserved } = {}) {
  const url = rpcUrlOf(env, plan.chainId);
  // Simulated from the account that will relay the job (relayer-accounts.js: the one the job is
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
  if (planned.status !== 200) return { ...planned, reservation: null };
  const reservation = planned.body.reservation ?? null;
  const rows = reservation && reserved ? reserved(reservation) : null;
  const results = {};
  try {
    await Promise.all(planned.body.calls.map(async ({ id, ...call }) => {
      results[id] = await ethCall(url, call, "pending");
    }));
  } catch (e) {
    throw new HttpError(500, "internal", `the relayer could not simulate the funding: chain ${plan.chainId} did not answer (${e?.message ?? e}); nothing was sent, retry later`);
  }
  const verdict = await askCore(env, "fundingPreflightVerdict", { plan, results, ...(rows ? { reserved: rows, jobId } : {}) });
  return { ...verdict, reservation };
}
