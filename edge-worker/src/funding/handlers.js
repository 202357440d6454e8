// Gasless submits and jobs. The core proves the submit (op "gaslessVerify": quote signature and
// expiry, recomputed intent hashes, token support, the binding to the vault, the authorization's
// signer and domain, amounts, windows, and that a vault paid directly is one the chain confirmed)
// and answers the job it creates; the relayer's transactions are simulated, and the funder's
// balance reserved, before a job exists (funding/preflight.js, funding/reservations.js); the quote's Durable Object makes the job idempotent; the relayer
// publishes it. Job ids and lookup queries are the core's to check (op "gaslessJobLookup").
import { HttpError, json } from "../http/responses.js";
import { jobsOf } from "../runtime/objects.js";
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
 * the limit, with the core's Retry-After and RateLimit-* headers; nothing
 * simulated or sent). A quote with a job answers from it (a
 * retried submit whose authorization the relayer already spent must still get its job back).
 */
export async function storeJob(c, verified, owner, { deposit } = {}) {
  const jobs = jobsOf(c.env, verified.job.quoteId, near(c.request));
  let reserved = false;
  if (!(await jobs.read())) {
    // The owner names the partner whose sponsorship pays: the key's, or the deposit address's.
    const partner = owner.replace(/^partner:/, "");
    const verdict = await reserveFunding(c.env, { plan: verified.plan, jobId: verified.job.id, partner });
    // The chain judged this submit after reading the chain and its turn among its funder's: a copy of it may have
    // created the quote's job meanwhile, and spent the authorization. The job answers first, as
    // for a submit that found it at once (the store below says the same job or a conflict).
    if (verdict.status !== 200 && (await jobs.read())) return answerSubmit(c, verified, owner, jobs, false, deposit);
    if (verdict.httpError) throw new HttpError(verdict.httpError.status, verdict.httpError.code, verdict.httpError.detail);
    // A sponsorship refusal is thrown, not answered: its Retry-After and RateLimit-* are the
    // limit's, and a thrown error keeps them over the request bucket's (middleware.js).
    if (verdict.status === 429) throw new HttpError(429, verdict.body.code, verdict.body.detail, verdict.body.errors ?? [], verdict.headers ?? {});
    if (verdict.status !== 200) {
      console.log(JSON.stringify({ event: "gasless-refused", requestId: c.requestId, standard: verified.standard, detail: verdict.body?.detail }));
      // A refused preflight read the chain for nothing: the client's work-creating bucket counts it.
      await countRefusedWork(c);
      return coreResponse(c, verdict);
    }
    reserved = true;
  }
  return answerSubmit(c, verified, owner, jobs, reserved, deposit);
}

/** Stores the submit in its quote's object and answers as op gaslessJobStep (event "submitted") says. */
async function answerSubmit(c, verified, owner, jobs, reserved, deposit) {
  let stored;
  try {
    // The job's relayer account is pinned with it (funding/relayer-accounts.js).
    stored = await jobs.submit({ jobKey: verified.jobKey, owner, job: verified.job, plan: verified.plan, relayer: await relayerAccountFor(c.env, verified.job.id), deposit });
  } catch (e) {
    if (reserved) await reservationsOf(c.env, verified.plan.chainId).release(verified.job.id);
    throw e;
  }
  // The answer, and whether the reservation goes back (the quote's job had already settled: a
  // race with another submit), are the core's (op gaslessJobStep, event "submitted").
  const answer = await askCore(c.env, "gaslessJobStep", {
    state: { job: stored.job, owner: stored.owner },
    event: { kind: "submitted", outcome: stored.outcome, reserved, quoteId: verified.quoteId, owner },
  });
  if (answer.status !== 200) throw new Error(`gaslessJobStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  const { effects, reply } = answer.body;
  for (const effect of effects) {
    if (effect.kind !== "release") throw new Error(`gaslessJobStep named an effect a submit does not perform: ${effect.kind}`);
    await reservationsOf(c.env, verified.plan.chainId).release(verified.job.id);
  }
  console.log(JSON.stringify({ event: "gasless-submit", requestId: c.requestId, jobId: stored.job.id, outcome: stored.outcome, standard: verified.standard }));
  // A problem is thrown, as every refusal of this handler is (middleware.js adds its headers).
  if (reply.status >= 400) throw new HttpError(reply.status, reply.body.code, reply.body.detail, reply.body.errors ?? [], {});
  return json(reply.body, reply.status);
}

const submitFor = (standard) => async (c) => {
  const answer = await askCore(c.env, "gaslessVerify", { standard, body: c.body, now: nowSec(), confirmedChains: await confirmedChains(c.env) });
  if (answer.status !== 200) return coreResponse(c, answer);
  return storeJob(c, answer.body, `partner:${c.key.partner}`);
};

export const submitPermit3 = submitFor("permit3");
export const submitPermit2 = submitFor("permit2");
export const submitErc3009 = submitFor("erc3009");

/** The job the lookup names, if this partner owns it; else the 400 (op "gaslessJobLookup") or 404. */
async function lookUp(c, query, notFound) {
  const answer = await askCore(c.env, "gaslessJobLookup", query);
  if (answer.status !== 200) return coreResponse(c, answer);
  const found = await jobsOf(c.env, answer.body.quoteId).read();
  // Another partner's job is as invisible as a missing one.
  if (!found || found.owner !== `partner:${c.key.partner}`) throw new HttpError(404, "not-found", notFound);
  return json(found.job);
}

export function jobById(c) {
  return lookUp(c, { jobId: c.params.id }, `no gasless job ${c.params.id}`);
}

export function jobByQuote(c) {
  const quoteId = c.url.searchParams.get("quoteId");
  return lookUp(c, { quoteId }, `quote ${quoteId} has no gasless job`);
}
