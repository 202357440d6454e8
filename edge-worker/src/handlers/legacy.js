// Legacy v3 (keyless): the core speaks the legacy formats; the worker only moves bytes.
import { recordDappId } from "../attribution.js";
import { randomHex } from "../lib/bytes.js";
import { nowSec } from "../lib/time.js";
import { askCore, coreResponse } from "./core-response.js";

const legacy = (op, endpoint) => async (c) => {
  if (endpoint) recordDappId(c.env, c.ctx, c.body?.dAppID, endpoint);
  return coreResponse(c, await askCore(c, op, { body: c.body, now: nowSec(), random: randomHex() }));
};

export const exactOut = legacy("legacyExactOut", "v3/quotes/exactOut");
export const exactIn = legacy("legacyExactIn", "v3/quotes/exactIn");
