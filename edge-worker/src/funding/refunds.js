// Refunds nobody has to send (openapi.json, "Relayed fundings: who pays"): when the core says an
// intent the service registered is funded and past its reward deadline unproven (op
// "intentStatusCheck", member refundJob: src/service/funding/refund_relay.h), its intent shard's
// watch hands the refund here, and the relayer sends the source Portal's refund itself with the
// relayed fundings' machinery:
// - one job per intent, in the GaslessJobs object named by the job id ("refund:<intent hash>"):
//   a second look at the intent finds it and starts nothing (the job itself runs through
//   reorganisations: a refund a reorganisation removed is sent again with the same signed bytes
//   after simulating them again, so it is mined once, under one hash; gasless-jobs.js);
// - admitted under the partner's sponsorship budget on the chain, as a relayed funding is
//   (reservations.js admit and judge, op "sponsorshipAdmission"; the job's receipts count against
//   it once mined);
// - simulated before the job is stored (relay-simulation.js, eth_simulateV1 against the pending
//   state, as the relayer's account): a refund someone else sent first, or one the Portal does not
//   take yet, reverts there and no job is created; the relayer simulates again right before it
//   signs and before anything is re-sent, so it never pays for a revert.
// Which refunds are owed is the core's. Still decided here, and due for a step op of the core as
// the submit's are (op gaslessSubmitStep): that an existing job means nothing to start, when to
// look at the intent again, and how the simulation's answer becomes the store's verdict.
import { jsonRpc, rpcUrlOf } from "../chain/rpc.js";
import { nowSec } from "../runtime/time.js";
import { jobsOf } from "../runtime/objects.js";
import { relayerAccountFor } from "./relayer-addresses.js";
import { simulateJob } from "./relay-simulation.js";
import { reservationsOf } from "./reservations.js";

/**
 * Starts the refund the core named, unless the intent already has its job.
 * @param {any} env
 * @param {{ jobKey: string, partner: string, job: { id: string, chainId: number }, plan: any, retryAfterSec: number }} refund
 * @param {string} owner who registered the intent ("key:<id>" or "partner:<slug>"), kept with the job
 * @returns {Promise<number | null>} when to look at the intent again (Unix seconds: the refund was
 *   not started now), or null (started, or already started)
 */
export async function startRefund(env, { jobKey, partner, job, plan, retryAfterSec }, owner) {
  const jobs = jobsOf(env, job.id);
  if (await jobs.read()) return null;
  const later = (sec) => nowSec() + Math.max(retryAfterSec, sec ?? 0);
  const rpcUrl = rpcUrlOf(env, job.chainId);
  const relayer = await relayerAccountFor(env, job.id);
  // No endpoint or no relayer key: this deployment sends nothing (the status keeps offering it).
  if (!rpcUrl || !relayer) return null;
  const store = reservationsOf(env, plan.chainId);
  const admitted = await store.admit({ plan, jobId: job.id, partner });
  if (admitted.reply) {
    log("refund-not-admitted", job, admitted.reply.body?.detail);
    return later(Number(admitted.reply.headers?.["Retry-After"] ?? 0));
  }
  const block = await jsonRpc(rpcUrl)("eth_getBlockByNumber", ["latest", false]);
  const refused = await simulateJob({ env, rpcUrl, plan, from: relayer, chainTime: Number(BigInt(block.timestamp)) });
  const verdict = refused ? { status: 422, body: { detail: refused.error } } : { status: 200, body: { ok: true } };
  const judged = await store.judge({ plan, jobId: job.id, partner, state: admitted.state, read: { verdict, reservation: null } });
  if (judged.status !== 200) {
    log("refund-not-sent", job, judged.body?.detail);
    return later(Number(judged.headers?.["Retry-After"] ?? 0));
  }
  const stored = await jobs.submit({ jobKey, owner, job, plan, relayer });
  log("refund-started", job, stored.created ? "created" : "already stored");
  return null;
}

function log(event, job, detail) {
  console.log(JSON.stringify({ event, jobId: job.id, intentHash: job.intentHash, chainId: job.chainId, detail: detail ?? null }));
}
