// The five deposit-address endpoints of each partner with deposit addresses enabled
// (/v1/<slug>-gateway/...; locally `acme`). Keyless and rate-limited per client network. The
// core builds the quoted per-intent vault (op "depositCreate") and verifies submissions (op
// "depositSubmitVerify"); the vault's Durable Object keeps the record and the transfers into it
// that its chain's reader hands over (deposits/deposit-addresses.js); funding jobs live with the gasless
// jobs (one per quote).
import { askSolvers } from "../quotes/solvers.js";
import { near } from "../runtime/location.js";
import { depositOf, jobsOf, shardOf } from "../runtime/objects.js";
import { HttpError, json } from "../http/responses.js";
import { randomHex } from "../runtime/bytes.js";
import { nowSec } from "../runtime/time.js";
import { askCore } from "../core.js";
import { coreResponse } from "../http/core-response.js";
import { storeJob } from "../funding/handlers.js";
import { confirmedChains } from "../chain/vault-derivation.js";
import { holdDepositSlots, releaseHolds } from "./caps.js";
import { intentStatusBody, registerQuote } from "../status/handlers.js";


/** POST /v1/<slug>-gateway/deposit-addresses */
export async function create(c, slug) {
  const now = nowSec();
  const plan = await askCore(c.env, "depositSolverRequests", { body: c.body, partner: slug, now });
  if (plan.status !== 200) return coreResponse(c, plan);
  const solverAnswers = await askSolvers(plan.body.requests ?? []);
  const answer = await askCore(c.env, "depositCreate", { body: c.body, partner: slug, now: nowSec(), random: randomHex(), solverAnswers, confirmedChains: await confirmedChains(c.env) });
  if (answer.status !== 201) return coreResponse(c, answer);
  const { record } = answer.body;
  const { intent } = answer.body;
  // Counted against the partner's and the client network's open, unfunded addresses before
  // anything is stored or watched (429 deposit-quota-exceeded beyond either cap).
  const holds = await holdDepositSlots(c, slug, record);
  try {
    await depositOf(c.env, record.vaultAddress, near(c.request)).create({ owner: `partner:${slug}`, record, intent, holds });
  } catch (e) {
    await releaseHolds(c.env, holds, record.vaultAddress);
    throw e;
  }
  // Indexed once stored and before it is answered: nobody can look the vault up before this, and
  // a lookup never reaches the vault's own object unless the index names it.
  await shardOf(c.env, record.vaultAddress).indexDeposit(record.vaultAddress, `partner:${slug}`);
  // The status index stores the address's intent as the core registered it.
  await registerQuote(c, null, { owner: `partner:${slug}`, registrations: answer.registrations });
  console.log(JSON.stringify({ event: "deposit-address", requestId: c.requestId, partner: slug, vault: record.vaultAddress, quoteId: record.quoteId }));
  return json(record, 201);
}

/**
 * The stored deposit of `vault` for this partner; throws the core's 400 or 404 (op "depositVault":
 * the core names the vault, then decides from the owner the index and the record hold).
 */
async function depositFor(c, slug, vaultAddress) {
  const ask = async (input) => {
    const answer = await askCore(c.env, "depositVault", { vaultAddress: vaultAddress ?? null, ...input });
    if (answer.status !== 200) throw new HttpError(answer.status, answer.body.code, answer.body.detail, answer.body.errors);
    return answer.body.vault;
  };
  const vault = await ask({});
  // The index first (rows in the fixed set of intent shards): an unknown vault costs no object of
  // its own, and only a vault the index names is read from its object.
  await ask({ partner: slug, owner: await shardOf(c.env, vault).depositOwner(vault) });
  const deposit = await depositOf(c.env, vault).read();
  await ask({ partner: slug, owner: deposit?.owner ?? null });
  return deposit;
}

/** POST /v1/<slug>-gateway/submit/<standard> */
export const submitFor = (standard) => async (c, slug) => {
  const deposit = await depositFor(c, slug, c.body?.vaultAddress);
  const answer = await askCore(c.env, "depositSubmitVerify", { standard, body: c.body, deposit: { record: deposit.record, intent: deposit.intent }, now: nowSec(), confirmedChains: await confirmedChains(c.env) });
  if (answer.status !== 200) return coreResponse(c, answer);
  // The job names the address: one that fails with nothing mined is archived there and never
  // holds it (op gaslessJobStep). A new job releases the address's cap slots (op
  // gaslessSubmitStep, effect depositFunded); its chain's reader keeps reading transfers into it
  // (a vault watched costs a topic in a filter until its deadline): a job can still fail with
  // nothing sent, and the address stays open to transfers until a funding of it is final.
  return storeJob(c, answer.body, deposit.owner, { deposit: deposit.record.vaultAddress.toLowerCase() });
};

async function statusBody(c, deposit) {
  const quoteUuid = deposit.record.quoteId.replace(/^quote:/, "").toLowerCase();
  const job = (await jobsOf(c.env, quoteUuid).read())?.job ?? null;
  const answer = await askCore(c.env, "depositStatus", { deposit: { record: deposit.record, intent: deposit.intent }, job, transfers: deposit.transfers, attempts: deposit.attempts ?? [], intentStatus: await intentStatusOf(c, deposit.record.intentHash), now: nowSec() });
  return answer;
}

/** GET /v1/<slug>-gateway/status?vaultAddress= */
export async function status(c, slug) {
  const vault = c.url.searchParams.get("vaultAddress");
  const deposit = await depositFor(c, slug, vault);
  const answer = await statusBody(c, deposit);
  if (answer.status !== 200) return coreResponse(c, answer);
  return json(answer.body.status);
}

/** GET /v1/<slug>-gateway/{vaultAddress} */
export async function byVault(c, slug) {
  const deposit = await depositFor(c, slug, c.params.vaultAddress);
  const answer = await statusBody(c, deposit);
  if (answer.status !== 200) return coreResponse(c, answer);
  return json(answer.body.record);
}

async function intentStatusOf(c, intentHash) {
  return intentStatusBody(c.env, intentHash);
}
