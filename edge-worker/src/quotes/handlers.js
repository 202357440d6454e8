// v1 handlers: each translates HTTP into one core operation (plus the solver fan-out for quotes).
import { recordDappId } from "./attribution.js";
import { askSolvers } from "./solvers.js";
import { headInputs, readFunder } from "./funder-reads.js";
import { estimateGas } from "./gas.js";
import { registerQuote } from "../status/handlers.js";
import { confirmedChains } from "../chain/vault-derivation.js";
import { randomHex } from "../runtime/bytes.js";
import { nowSec } from "../runtime/time.js";
import { askCore } from "../core.js";
import { coreResponse } from "../http/core-response.js";
import { keyForCore } from "../keys/api-keys.js";
import { recordQuote } from "./quote-events.js";

export async function chains(c) {
  return coreResponse(c, await askCore(c.env, "chains", { confirmedChains: await confirmedChains(c.env) }));
}

export async function tokens(c) {
  return coreResponse(c, await askCore(c.env, "tokens", { chainId: c.url.searchParams.get("chainId") }));
}

export async function quotes(c) {
  recordDappId(c.env, c.ctx, c.body?.dappId, "v1/quotes");
  const now = nowSec();
  const plan = await askCore(c.env, "solverRequests", { body: c.body, key: keyForCore(c.key), now, ...headInputs(c.env) });
  if (plan.status !== 200) return coreResponse(c, plan);
  // The solvers' prices and the funder's allowance and balance (on a chain read here) together.
  const [solverAnswers, funderReads] = await Promise.all([askSolvers(plan.body.requests ?? []), readFunder(c.env, plan.body.funderReads)]);
  const input = { body: c.body, key: keyForCore(c.key), now: nowSec(), random: randomHex(), solverAnswers };
  if (funderReads) input.funderReads = funderReads;
  const answer = await askCore(c.env, "quote", input);
  // Each EVM transaction's gas estimated against the chain where it is read (quotes/gas.js).
  // At the block the funder's reads were made at on their chain.
  if (answer.status === 200) answer.body = await estimateGas(c.env, answer.body, answer.simulations, funderReads);
  recordQuote(c, { status: answer.status, solverAnswers: solverAnswers.length });
  // Status lookups by intent hash or quoteId start from here (in the background); chain events
  // fill in the rest.
  if (answer.status === 200) registerQuote(c, answer.body, { registrations: answer.registrations, coalesce: true });
  return coreResponse(c, answer);
}
