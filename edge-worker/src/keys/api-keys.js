// API keys: the worker only ever holds SHA-256 digests. A presented key is hashed and compared
// against every configured digest in full, so timing says nothing about which digest (or how
// much of one) matched. The records are keys.json's, which the core validates at start with the
// rest of the configuration (config/README.md); what a record's features allow, the core decides.
import { HttpError } from "../http/responses.js";
import { bytesOfHex, sameBytes } from "../runtime/bytes.js";

/**
 * @typedef {{ ratePerSec: number, burst: number }} RateLimit
 * @typedef {{ id: string, partner: string | null, v1Enabled: boolean, revoked: boolean,
 *             rateLimit: RateLimit, feeSchedule: { protocolBps: number, gatewayBps: number },
 *             features: string[] }} KeyRecord
 */

export const MISSING_KEY_BODY = '{"Message":"User is not authorized to access this resource"}';

function digestOf(hex) {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(hex)) throw new Error("key digest must be 32 bytes of hex");
  return bytesOfHex(hex);
}

/** Builds the lookup once per isolate from the configured key records. */
export function keyTable(records) {
  return records.map((r) => ({ digest: digestOf(r.sha256), record: r }));
}

/**
 * @param {ReturnType<typeof keyTable>} table
 * @param {string} presented the raw header value
 * @returns {Promise<KeyRecord | null>}
 */
export async function lookupKey(table, presented) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(presented)));
  let found = -1;
  for (let i = 0; i < table.length; i++) {
    const eq = sameBytes(table[i].digest, digest);
    found = eq * i + (1 - eq) * found;
  }
  return found < 0 ? null : recordOf(table[found].record);
}

/** The record without its digest: what the rest of the worker sees of a key. */
function recordOf(r) {
  return { id: r.id, partner: r.partner, v1Enabled: r.v1Enabled, revoked: r.revoked, rateLimit: r.rateLimit, feeSchedule: r.feeSchedule, features: r.features };
}

/** The key record as the core's ops take it: identity, pricing and features, nothing secret. */
export function keyForCore(key) {
  return { id: key.id, partner: key.partner, feeSchedule: key.feeSchedule, features: key.features };
}

/**
 * Resolves the request's key or throws the contract's answer: 403 with the gateway body when
 * missing, 401 invalid-api-key when unknown, revoked or not enabled for v1.
 */
export async function authenticate(request, table) {
  const presented = request.headers.get("x-api-key");
  if (presented === null || presented.trim() === "") {
    throw new HttpError(403, "missing-api-key", "missing key");
  }
  const key = await lookupKey(table, presented);
  if (!key || key.revoked || !key.v1Enabled) {
    // One message for all three, so the answer does not tell a guesser which keys exist.
    throw new HttpError(401, "invalid-api-key", "the x-api-key is unknown, revoked, or not enabled for v1");
  }
  return key;
}
