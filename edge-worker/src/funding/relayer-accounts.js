// The relayer's accounts on every chain: RELAYER_KEY is account 0 and is enough alone; the
// optional worker secret RELAYER_KEYS (comma-separated 0x keys) adds accounts 1, 2, ... Each
// (chain, account address) has its own GaslessRelayer object (runtime/objects.js accountRelayerOf),
// which relays that account's jobs one at a time, so N accounts relay N jobs of a chain at once
// without two jobs ever sharing a nonce sequence.
//
// Which account relays a job is chosen here, in JavaScript, from the job id alone: it decides no
// answer (whether a caller may do something, whether money moved: the core signs, judges every
// simulation and every replacement), only which object's queue the job waits in. The choice is
// made once, when the job is created, and the account's ADDRESS is stored with the job
// (funding/gasless-jobs.js, column relayer): a restarted or re-run job finds its stored signed
// bytes in its account's object and is never signed by a second account, whatever the key list
// says later. Objects are named by address, not by position in the list, so a reordered, grown or
// shrunk list never gives two objects one account (two nonce sequences for one account would
// take the same nonces). A job whose account's key has left the list waits for it if it has
// signed transactions there (they may still be mined), and is given another account if not.
// Jobs stored before accounts were pinned have no address and keep the older rule: the account
// at their id's position in the current list, in the object named by that position. (The
// addresses are funding/relayer-addresses.js's: deriving them needs the core.)
//
// A key listed twice (or RELAYER_KEY listed again in RELAYER_KEYS) counts once: two objects
// sharing one account would take the same nonces.
import { accountRelayerOf, relayerOf } from "../runtime/objects.js";
/** @returns {string[]} the relayer keys, account 0 first; empty without RELAYER_KEY */
export function relayerKeys(env) {
  if (!env.RELAYER_KEY) return [];
  const keys = [];
  const seen = new Set();
  for (const raw of [env.RELAYER_KEY, ...String(env.RELAYER_KEYS ?? "").split(",")]) {
    const key = raw.trim();
    if (!key) continue;
    const normal = key.toLowerCase().replace(/^0x/, "");
    if (seen.has(normal)) continue;
    seen.add(normal);
    keys.push(key);
  }
  return keys;
}

/** The account index that relays `jobId`: FNV-1a over its UTF-16 units, modulo the number of keys. */
export function relayerAccountOf(env, jobId) {
  const count = Math.max(1, relayerKeys(env).length);
  let h = 0x811c9dc5;
  for (let i = 0; i < jobId.length; i++) {
    h ^= jobId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % count;
}

/** The key of account `index` (undefined when the list has no such account). */
export function relayerKeyAt(env, index) {
  return relayerKeys(env)[index];
}

/** The GaslessRelayer of a job: its pinned account's (an address), else the position its id gives (jobs stored before pinning). */
export function jobRelayerOf(env, chainId, jobId, pinned = null) {
  return pinned ? accountRelayerOf(env, chainId, pinned) : relayerOf(env, chainId, relayerAccountOf(env, jobId));
}
