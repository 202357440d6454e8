// Keyless submits to one partner's deposit addresses, checked one at a time per isolate (the
// default; KEYLESS_SUBMITS_AT_ONCE). Every request an isolate serves shares its one thread; a
// stranger's flood of submits that are all refused (authorizations from fresh, empty wallets,
// from as many client networks as it has) would otherwise keep dozens of checks (lookups,
// signature, preflight, verdict) on that thread and delay every other partner's requests there.
// Whether one more may be checked is the core's (op "submitAdmission": 429 with Retry-After and
// the RateLimit-* headers beyond the cap); this file only remembers when each check started. The
// gate runs once the body has arrived (a slow upload holds no slot) and before any bucket, object
// or chain is touched, so a refused excess costs almost nothing. Workerd does not let one request
// wait on a promise another request settles, so a submit beyond the cap is answered at once
// instead of queued.
import { askCore } from "../core.js";
import { HttpError } from "../http/responses.js";
import { settings } from "../settings.js";

/**
 * partner slug -> the starts (Unix ms) of its keyless submits being checked in this isolate, by
 * check. An entry whose request was cancelled before its end was seen is named by the core once
 * it no longer counts, and forgotten then.
 * @type {Map<string, Map<object, number>>}
 */
const checking = new Map();

/** The middleware of `slug`'s submit routes: the submit counts while the rest of its chain runs. */
export const submitGate = (slug) => async (c, next) => {
  const checks = checking.get(slug) ?? new Map();
  checking.set(slug, checks);
  // Recorded before asking, so two racing submits see each other.
  const check = {};
  checks.set(check, Date.now());
  const forget = () => {
    checks.delete(check);
    if (checks.size === 0 && checking.get(slug) === checks) checking.delete(slug);
  };
  try {
    const entries = [...checks];
    const answer = await askCore(c.env, "submitAdmission", { partner: slug, started: entries.map(([, at]) => at), nowMs: Date.now(), cap: settings(c.env).keylessSubmitsAtOnce });
    if (answer.status !== 200) throw new HttpError(answer.status, answer.body.code, answer.body.detail, answer.body.errors, answer.headers ?? {});
    for (const i of answer.body.expired) checks.delete(entries[i][0]);
    return await next();
  } finally {
    forget();
  }
};
