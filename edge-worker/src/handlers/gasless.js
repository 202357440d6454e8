// Gasless submits and jobs. The core proves the submit (op "gaslessVerify": quote signature and
// expiry, recomputed intent hashes, token support, the binding to the vault, the authorization's
// signer and domain, amounts, windows, and that a vault paid directly is one the chain confirmed);
// the relayer's transactions are simulated before a job exists (funding-preflight.js); the
// quote's Durable Object makes the job idempotent; the relayer publishes it.
import { HttpError, json } from "../http.js";
import { settings } from "../settings.js";
import { jobsOf } from "../gasless-jobs.js";
import { near } from "../location.js";
import { simulateFunding } from "../funding-preflight.js";
import { confirmedChains } from "../vault-derivation.js";
import { askCore, coreResponse, nowSec } from "./core-response.js";
import { keyForCore } from "../keys.js";

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * Gasless endpoints need a key mapped to a configured partner and enabled for gasless: the core
 * decides from the key record (op "authorizeKey": 403 partner-not-mapped, then 403
 * feature-not-enabled), as it decides options.allQuotes for quotes.
 */
export async function requireGasless(c, next) {
  const answer = await askCore(c, "authorizeKey", { key: keyForCore(c.key), feature: "gasless" });
  if (answer.status !== 200) return coreResponse(c, answer);
  return next();
}

/** Endpoints that belong to a partner need a key mapped to a configured one (the key is already v1-enabled). */
export async function requirePartner(c, next) {
  const partner = c.key?.partner;
  if (!partner || !settings(c.env).partnerSlugs.includes(partner)) {
    throw new HttpError(403, "partner-not-mapped", "the request cannot be attributed to an authorized key: this API key is not mapped to a partner, which gasless endpoints require");
  }
  return next();
}

/**
 * Stores a verified submit in its quote's object: 202 created, 200 the same job, 409 another.
 * A quote without a job gets one only if the simulation says its funding would succeed (else
 * 422 funding-would-fail, nothing sent); a quote with one answers from it (a retried submit whose
 * authorization the relayer already spent must still get its job back).
 */
export async function storeJob(c, verified, owner) {
  const quoteUuid = verified.quoteId.replace(/^quote:/, "").toLowerCase();
  const jobs = jobsOf(c.env, quoteUuid, near(c.request));
  if (!(await jobs.read())) {
    const verdict = await simulateFunding(c.env, verified.plan);
    if (verdict.status !== 200) {
      console.log(JSON.stringify({ event: "gasless-refused", requestId: c.requestId, standard: verified.standard, detail: verdict.body?.detail }));
      return coreResponse(c, verdict);
    }
  }
  const stored = await jobs.submit({
    jobKey: verified.jobKey,
    owner,
    quoteUuid,
    standard: verified.standard,
    intentHash: verified.intentHash,
    chainId: verified.chainId,
    plan: verified.plan,
    now: nowSec(),
  });
  console.log(JSON.stringify({ event: "gasless-submit", requestId: c.requestId, jobId: stored.job.id, outcome: stored.outcome, standard: verified.standard }));
  if (stored.outcome === "conflict") {
    throw new HttpError(409, "conflict", `quote ${verified.quoteId} already has gasless job ${stored.job.id} for a different authorization; inspect that job before authorizing another payment`, [], {});
  }
  return json(stored.job, stored.outcome === "created" ? 202 : 200);
}

const submitFor = (standard) => async (c) => {
  const answer = await askCore(c, "gaslessVerify", { standard, body: c.body, now: nowSec(), confirmedChains: await confirmedChains(c.env) });
  if (answer.status !== 200) return coreResponse(c, answer);
  return storeJob(c, answer.body, `partner:${c.key.partner}`);
};

export const submitPermit3 = submitFor("permit3");
export const submitPermit2 = submitFor("permit2");
export const submitErc3009 = submitFor("erc3009");

async function readJob(c, quoteUuid) {
  const found = await jobsOf(c.env, quoteUuid.toLowerCase()).read();
  // Another partner's job is as invisible as a missing one.
  if (!found || found.owner !== `partner:${c.key.partner}`) return null;
  return found.job;
}

export async function jobById(c) {
  const id = c.params.id;
  const uuid = id.startsWith("job:") ? id.slice(4) : null;
  if (!uuid || !UUID.test(uuid)) {
    throw new HttpError(400, "invalid-request", "jobId must be job:<uuid>", [{ field: "jobId", message: "jobId must be job: followed by a UUID" }]);
  }
  const job = await readJob(c, uuid);
  if (!job) throw new HttpError(404, "not-found", `no gasless job ${id}`);
  return json(job);
}

export async function jobByQuote(c) {
  const quoteId = c.url.searchParams.get("quoteId");
  if (quoteId === null || !UUID.test(quoteId)) {
    const hint = quoteId?.startsWith("quote:") ? "; pass the bare UUID without the quote: prefix" : "";
    throw new HttpError(400, "invalid-request", `quoteId must be a UUID${hint}`, [{ field: "quoteId", message: `quoteId must be a UUID${hint}` }]);
  }
  const job = await readJob(c, quoteId);
  if (!job) throw new HttpError(404, "not-found", `quote ${quoteId} has no gasless job`);
  return json(job);
}

