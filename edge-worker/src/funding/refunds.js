// Refunds nobody has to send (openapi.json, "Relayed fundings: who pays"): when the core says an
// intent the service registered is funded and past its reward deadline unproven (op
// "intentStatusCheck", member refundJob: src/service/funding/refund_relay.h), its intent shard's
// watch hands the refund here, and the relayer sends the source Portal's refund itself with the
// relayed fundings' machinery. Every decision is op "refundStep"'s
// (src/service/funding/refund_step.h): whether the intent's stored job means nothing to start, a
// look later, or a failed job replaced by the next generation (none of its transactions mined, as
// its object recorded when it released it; at most three in all), how the simulation becomes the store's verdict, and when to look again.
// This driver performs the effects it names:
// - readJob: the intent's GaslessJobs object, named "refund:<intent hash>", which holds one job at
//   a time (a second look finds it; the job runs through reorganisations there: gasless-jobs.js);
// - drop: the chain's store releases the rows of a generation that was admitted but not stored
//   (reservations.js, op relayerStep);
// - admit, judge: the partner's sponsorship budget on the chain, as for a relayed funding
//   (reservations.js, op "sponsorshipAdmission"; the job's receipts count once mined);
// - simulate: the refund as the relayer's account against the pending state (relay-simulation.js,
//   eth_simulateV1): a refund someone else sent first reverts there and no job is stored; the
//   relayer simulates again right before it signs and before anything is re-sent;
// - forget: the relayer's stored transactions of the failed job being replaced;
// - submitJob: stored (or the failed job replaced, if the object still holds it).
import { jsonRpc, rpcUrlOf } from "../chain/rpc.js";
import { askCore } from "../core.js";
import { jobsOf } from "../runtime/objects.js";
import { relayerAccountFor } from "./relayer-addresses.js";
import { jobRelayerOf } from "./relayer-accounts.js";
import { simulateJob } from "./relay-simulation.js";
import { reservationsOf } from "./reservations.js";

/** REFUND_RETRY_SEC (a test's short wait between looks at an intent), else undefined: the core's 10 minutes. */
function retrySec(env) {
  const n = Number(env?.REFUND_RETRY_SEC);
  return env?.REFUND_RETRY_SEC !== undefined && env.REFUND_RETRY_SEC !== "" && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * Starts the refund the core named, as op refundStep says.
 * @param {any} env
 * @param {{ jobKey: string, partner: string, job: { id: string, chainId: number }, plan: any, retryAfterSec: number }} refund
 * @param {string} owner who registered the intent ("key:<id>" or "partner:<slug>"), kept with the job
 * @returns {Promise<number | null>} when to look at the intent again (Unix seconds), or null
 */
export async function startRefund(env, refund, owner) {
  const jobs = jobsOf(env, refund.jobKey);
  const chainId = refund.plan.chainId;
  const rpcUrl = rpcUrlOf(env, chainId);
  const store = reservationsOf(env, chainId);
  // Every generation of the intent's refund is pinned to one account, chosen by the object's name.
  const relayer = (await relayerAccountFor(env, refund.jobKey)) ?? null;
  let admission;
  let stored;
  const perform = async (effect) => {
    switch (effect.kind) {
      case "readJob":
        stored = await jobs.read();
        return { kind: "jobRead", stored: stored ? { job: stored.job } : null };
      case "drop":
        await store.release(effect.jobId);
        return { kind: "dropped" };
      case "admit":
        admission = { input: effect, ...(await store.admit({ plan: effect.plan, jobId: effect.jobId, partner: effect.partner })) };
        return { kind: "admitted", refused: admission.reply ?? null };
      case "simulate":
        try {
          const block = await jsonRpc(rpcUrl)("eth_getBlockByNumber", ["latest", false]);
          return { kind: "simulated", refused: await simulateJob({ env, rpcUrl, plan: effect.plan, from: relayer, chainTime: Number(BigInt(block.timestamp)) }) };
        } catch (e) {
          return { kind: "simulated", thrown: String(e?.message ?? e) };
        }
      case "judge": {
        const { plan, jobId, partner } = admission.input;
        return { kind: "judged", reply: await store.judge({ plan, jobId, partner, state: admission.state, read: { verdict: effect.verdict, reservation: null } }) };
      }
      case "forget":
        await jobRelayerOf(env, chainId, effect.jobId, stored?.relayer ?? null).forget(effect.jobId);
        return { kind: "forgotten" };
      case "submitJob":
        try {
          return { kind: "jobSubmitted", stored: await jobs.submit({ jobKey: effect.jobKey, owner, job: effect.job, plan: effect.plan, relayer, replaces: effect.replaces }) };
        } catch (e) {
          return { kind: "jobSubmitted", thrown: String(e?.message ?? e) };
        }
      default:
        throw new Error(`refundStep named an effect a refund's start does not perform: ${effect.kind}`);
    }
  };
  const state = { refund, owner, endpoint: Boolean(rpcUrl), relayer, ...(retrySec(env) !== undefined ? { retrySec: retrySec(env) } : {}) };
  let event = { kind: "start" };
  for (;;) {
    const answer = await askCore(env, "refundStep", { state: { ...state, nowMs: Date.now() }, event });
    if (answer.status !== 200) throw new Error(`refundStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    const step = answer.body;
    for (const { level, line } of step.logs) console[level](JSON.stringify(line));
    const [effect] = step.effects;
    if (!effect) return step.reply.recheckAt;
    state.context = step.state.context;
    event = await perform(effect);
  }
}
