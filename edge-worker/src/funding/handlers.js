// Gasless submits and jobs. The core proves the submit (op "gaslessVerify": quote signature and
// expiry, recomputed intent hashes, token support, the binding to the vault, the authorization's
// signer and domain, amounts, windows, and that a vault paid directly is one the chain confirmed)
// and answers the job it creates; the relayer's transactions are simulated, and the funder's
// balance reserved, before a job exists (funding/preflight.js, funding/reservations.js); the quote's Durable Object makes the job idempotent; the relayer
// publishes it. Job ids and lookup queries are the core's to check (op "gaslessJobLookup").
import { HttpError, json } from "../http/responses.js";
import { depositOf, jobsOf } from "../runtime/objects.js";
import { near } from "../runtime/location.js";
import { reservationsOf, reserveFunding } from "./reservations.js";
import { confirmedChains } from "../chain/vault-derivation.js";
import { nowSec } from "../runtime/time.js";
import { askCore } from "../core.js";
import { coreResponse } from "../http/core-response.js";
import { keyForCore } from "../keys/api-keys.js";
import { relayerAccountFor } from "./relayer-addresses.js";
import { countRefusedWork } from "../limits/client-limits.js";

/**
 * Gasless endpoints need a key mapped to a configured partner and enabled for gasless: the core
 * decides from the key record (op "authorizeKey": 403 partner-not-mapped, then 403
 * feature-not-enabled), as it decides options.allQuotes for quotes.
 */
export async function requireGasless(c, next) {
  const answer = await askCore(c.env, "authorizeKey", { key: keyForCore(c.key), feature: "gasless" });
  if (answer.status !== 200) return coreResponse(c, answer);
  return next();
}

/** Webhook endpoints belong to a partner: the core's one partner rule (op "authorizeKey", 403 partner-not-mapped). */
export async function requirePartner(c, next) {
  const answer = await askCore(c.env, "authorizeKey", { key: keyForCore(c.key), feature: "webhooks" });
  if (answer.status !== 200) return coreResponse(c, answer);
  return next();
}

/**
 * Stores a verified submit in its quote's object: 202 created, 200 the same job, 409 another.
 * A quote without a job gets one only if the simulation says its funding would succeed with what
 * its funder's balance has left after its other accepted, unsettled fundings on the chain (else
 * 422 funding-would-fail, nothing sent); funding/reservations.js reserveFunding reads the chain in
 * this request, outside any queue, and the chain's reservation store judges and reserves (the
 * verdicts of one token and funder one after the other), after the core has admitted the funding
 * under the partner's sponsorship limits (429 sponsorship-exhausted otherwise, its detail naming
 * the limit, with the core's Retry-After and RateLimit-* headers; nothing simulated or sent). A
 * quote with a job answers from it (a retried submit whose authorization the relayer already
 * spent must still get its job back). Every one of these answers is op gaslessSubmitStep's
 * (src/service/funding/gasless_submit_step.h): this driver performs the effects it names.
 */
export async function storeJob(c, verified, owner, { deposit } = {}) {
  const jobs = jobsOf(c.env, verified.job.quoteId, near(c.request));
  const chainStore = () => reservationsOf(c.env, verified.plan.chainId);
  const perform = async (effect) => {
    switch (effect.kind) {
      case "readJob":
        return { kind: "jobRead", exists: Boolean(await jobs.read()) };
      case "reserve":
        return { kind: "reserved", verdict: await reserveFunding(c.env, { plan: verified.plan, jobId: effect.jobId, partner: effect.partner }) };
      case "countRefusedWork":
        await countRefusedWork(c);
        return { kind: "workCounted" };
      case "submitJob":
        try {
          // The job's relayer account is pinned with it (funding/relayer-accounts.js).
          const relayer = await relayerAccountFor(c.env, verified.job.id);
          const stored = await jobs.submit({ jobKey: verified.jobKey, owner, job: verified.job, plan: verified.plan, relayer, deposit });
          return { kind: "jobSubmitted", stored };
        } catch (e) {
          return { kind: "jobSubmitted", thrown: String(e?.message ?? e) };
        }
      case "release":
        await chainStore().release(verified.job.id);
        return { kind: "released" };
      case "depositFunded":
        await depositOf(c.env, effect.vault).funded();
        return { kind: "depositFunded" };
      default:
        throw new Error(`gaslessSubmitStep named an effect a submit does not perform: ${effect.kind}`);
    }
  };
  // What the op reads of the verification (the plan, its largest part, stays here), and the read it
  // always starts with (its answer to {kind: "submit"}), done at once: one call fewer per submit.
  const read = { job: { id: verified.job.id }, jobKey: verified.jobKey, quoteId: verified.quoteId, standard: verified.standard };
  const state = { verified: read, owner, keyed: Boolean(c.key), requestId: c.requestId, ...(deposit ? { deposit } : {}) };
  let event = await perform({ kind: "readJob" });
  for (;;) {
    const answer = await askCore(c.env, "gaslessSubmitStep", { state, event });
    if (answer.status !== 200) throw new Error(`gaslessSubmitStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    const step = answer.body;
    for (const { level, line } of step.logs) console[level](JSON.stringify(line));
    const [effect] = step.effects;
    if (effect) {
      state.context = step.state.context;
      event = await perform(effect);
      continue;
    }
    const { reply } = step;
    if (reply.error !== undefined) throw new Error(`the gasless job was not stored: ${reply.error}`);
    // A refusal is thrown, as every refusal of this handler is: a sponsorship limit's Retry-After
    // and RateLimit-* are its own, kept over the request bucket's (middleware.js).
    if (reply.status >= 400) throw new HttpError(reply.status, reply.body.code, reply.body.detail, reply.body.errors ?? [], reply.headers ?? {});
    return json(reply.body, reply.status);
  }
}

const submitFor = (standard) => async (c) => {
  const answer = await askCore(c.env, "gaslessVerify", { standard, body: c.body, now: nowSec(), confirmedChains: await confirmedChains(c.env) });
  if (answer.status !== 200) return coreResponse(c, answer);
  return storeJob(c, answer.body, `partner:${c.key.partner}`);
};

export const submitPermit3 = submitFor("permit3");
export const submitPermit2 = submitFor("permit2");
export const submitErc3009 = submitFor("erc3009");

/**
 * The job the lookup names, if this partner owns it: the core checks the id (400 naming the field),
 * then, with what the quote's object holds, whose job it is (op "gaslessJobLookup": another
 * partner's job answers the same 404 as a missing one).
 */
async function lookUp(c, query) {
  const named = await askCore(c.env, "gaslessJobLookup", query);
  if (named.status !== 200) return coreResponse(c, named);
  const found = await jobsOf(c.env, named.body.quoteId).read();
  const answer = await askCore(c.env, "gaslessJobLookup", { ...query, partner: c.key.partner, stored: found ? { owner: found.owner, job: found.job } : null });
  if (answer.status !== 200) return coreResponse(c, answer);
  return json(answer.body.job);
}

export function jobById(c) {
  return lookUp(c, { jobId: c.params.id });
}

export function jobByQuote(c) {
  const quoteId = c.url.searchParams.get("quoteId");
  return lookUp(c, { quoteId });
}
