// Per-isolate settings: the configuration bundled by scripts/build-worker.sh for one
// environment, checked against the environment the deployment says it is, plus the vars.
import bundled from "../generated/config.js";
import { keyTable } from "./keys/api-keys.js";

let cached = null;

/** @param {Record<string, any>} env the worker's bindings */
export function settings(env) {
  if (cached) return cached;
  if (env.ENVIRONMENT !== bundled.environment) {
    // A production deployment must never run with the local keys and signer, nor the reverse.
    throw new Error(`bundle built for "${bundled.environment}" but ENVIRONMENT is "${env.ENVIRONMENT}"`);
  }
  // The core gets keys.json with the rest (digests only: no key is ever configured) and validates
  // it at start; the worker keeps the same records for the per-request digest lookup.
  const coreConfig = bundled.config;
  cached = {
    environment: bundled.environment,
    keys: keyTable(coreConfig.keys),
    // Per client network and cost class (limits/client-limits.js): cheap reads, work-creating calls, streams.
    keylessLimits: {
      read: limitOf(env, "KEYLESS", 10, 20),
      create: limitOf(env, "KEYLESS_CREATE", 1, 10),
      stream: limitOf(env, "KEYLESS_STREAM", 1, 10),
    },
    // How much wider an IPv6 /48's keyless buckets are than each of its /64s' (limits/client-limits.js).
    keylessAggregateFactor: Number(env.KEYLESS_AGGREGATE_FACTOR ?? 16),
    // Keyless submits to one partner's deposit addresses checked at once per isolate (limits/submit-gate.js), or null: the core's default.
    keylessSubmitsAtOnce: countOrNull(env.KEYLESS_SUBMITS_AT_ONCE),
    // How long a quote may read at a chain head this isolate asked for (ms), or null: never (quotes/funder-reads.js; the core caps it).
    quoteHeadReuseMs: countOrNull(env.QUOTE_HEAD_REUSE_MS),
    legacyHostname: env.LEGACY_HOSTNAME || null,
    coreInputs: () => ({
      configJson: JSON.stringify(coreConfig),
      secretsJson: JSON.stringify({ quoteSignerKey: env.QUOTE_SIGNER_KEY ?? null }),
    }),
  };
  return cached;
}

/** A count from a var, or null (the core's default) when unset or not a positive integer. */
export function countOrNull(value) {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n > 0 ? n : null;
}

/** {ratePerSec, burst} from the vars <prefix>_RATE_PER_SEC and <prefix>_BURST, else the defaults. */
function limitOf(env, prefix, ratePerSec, burst) {
  return { ratePerSec: Number(env[`${prefix}_RATE_PER_SEC`] ?? ratePerSec), burst: Number(env[`${prefix}_BURST`] ?? burst) };
}
