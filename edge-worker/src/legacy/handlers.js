// Legacy v3 (keyless): the core speaks the legacy formats; the worker only moves bytes. Quotes
// take the same solver fan-out as v1 (the core names the remote solvers to ask, the worker asks
// them and hands their answers back), so remote solvers quote on /api/v3 too.
import { recordDappId } from "../quotes/attribution.js";
import { randomHex } from "../runtime/bytes.js";
import { nowSec } from "../runtime/time.js";
import { askSolvers } from "../quotes/solvers.js";
import { askCore } from "../core.js";
import { coreResponse } from "../http/core-response.js";

const legacy = (op, kind, endpoint) => async (c) => {
  // One clock reading for both ops: the solvers are asked about deadlines derived from it.
  const now = nowSec();
  const plan = await askCore(c.env, "legacySolverRequests", { body: c.body, kind, now });
  if (plan.status !== 200) return coreResponse(c, plan);
  const solverAnswers = await askSolvers(plan.body.requests ?? []);
  const answer = await askCore(c.env, op, { body: c.body, now, random: randomHex(), solverAnswers });
  // Only what the core accepted is a use of the label: a stranger's invalid requests add no
  // attribution rows (nor objects).
  if (answer.status < 400) recordDappId(c.env, c.ctx, c.body?.dAppID, endpoint);
  return coreResponse(c, answer);
};

export const exactOut = legacy("legacyExactOut", "exactOut", "v3/quotes/exactOut");
export const exactIn = legacy("legacyExactIn", "exactIn", "v3/quotes/exactIn");
