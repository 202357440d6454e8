// Caps on open, unfunded deposit addresses (docs/security.md, "Keyless limits"): each address
// holds a slot in its partner's quota and its client network's count (and, for an IPv6 client,
// its /48's, as the core names it: op "clientNetwork"), from its creation
// until it is funded (a submit accepted, or transfers covering its amount: the address's object
// releases them, deposits/deposit-addresses.js) or its deadline passes (the hold expires by
// itself). The counts live in the rate-limiter pool objects beside the same networks' token
// buckets (limits/rate-limiter.js, acquireHold); the core decides whether one more may be open
// (op "depositAdmission": 429 deposit-quota-exceeded with Retry-After and RateLimit-* beyond).
import { clientNetwork } from "../limits/client-limits.js";
import { askCore } from "../core.js";
import { HttpError } from "../http/responses.js";
import { nowSec } from "../runtime/time.js";
import { limiterOf } from "../runtime/objects.js";
import { settings } from "../settings.js";

/** A count from an env var, or null (the core's default) when unset or not a positive integer. */
function capOf(value) {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n > 0 ? n : null;
}

/** The hold names of a partner's and a client network's unfunded addresses. */
export const partnerHold = (slug) => `deposits:partner:${slug}`;
export const networkHold = (network) => `deposits:net:${network}`;

/** Releases `vault`'s holds under `names` (each in its pool object); never rejects. */
export async function releaseHolds(env, names, vault) {
  await Promise.all(
    names.map((name) =>
      limiterOf(env, name)
        .releaseHold(name, vault.toLowerCase())
        .catch((e) => console.error(JSON.stringify({ event: "deposit-hold-release-failed", name, vault, message: String(e?.message ?? e) }))),
    ),
  );
}

/**
 * Holds `vault`'s slots under `names` again until `expiresMs` (an address whose funding job was
 * archived is open and unfunded again: op gaslessJobStep, effect archive). Not admitted again: the
 * address exists, and counts whatever the caps say, as it did before its job.
 */
export async function holdAgain(env, names, vault, expiresMs) {
  await Promise.all(names.map((name) => limiterOf(env, name).acquireHold(name, vault.toLowerCase(), expiresMs)));
}

/**
 * Counts the new address `record` against its partner, its client network and, for an IPv6
 * client, its /48, or throws the core's 429 (having released every hold again). Answers the hold
 * names, which the address's object keeps so that funding releases them.
 * @returns {Promise<string[]>}
 */
export async function holdDepositSlots(c, slug, record) {
  const { network, aggregate } = await clientNetwork(c);
  const names = [partnerHold(slug), networkHold(network), ...(aggregate ? [networkHold(aggregate)] : [])];
  const vault = record.vaultAddress.toLowerCase();
  const expiresMs = record.deadline * 1000;
  const [partner, own, wide] = await Promise.all(names.map((name) => limiterOf(c.env, name).acquireHold(name, vault, expiresMs)));
  const count = (held, cap) => ({ open: held.open, cap, freesAt: held.freesAtMs === null ? null : Math.ceil(held.freesAtMs / 1000) });
  let answer;
  try {
    answer = await askCore(c.env, "depositAdmission", {
      partner: count(partner, capOf(c.env.DEPOSITS_UNFUNDED_PER_PARTNER)),
      network: count(own, capOf(c.env.DEPOSITS_UNFUNDED_PER_CLIENT)),
      // The /48's cap is the core's: the network's times the factor the request buckets use.
      ...(wide ? { aggregate: count(wide, null), aggregateFactor: settings(c.env).keylessAggregateFactor } : {}),
      now: nowSec(),
    });
  } catch (e) {
    await releaseHolds(c.env, names, vault);
    throw e;
  }
  if (answer.status !== 200) {
    await releaseHolds(c.env, names, vault);
    throw new HttpError(answer.status, answer.body.code, answer.body.detail, answer.body.errors, answer.headers ?? {});
  }
  return names;
}
