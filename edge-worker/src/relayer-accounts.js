// The relayer's accounts on every chain: RELAYER_KEY is account 0 and is enough alone; the
// optional worker secret RELAYER_KEYS (comma-separated 0x keys) adds accounts 1, 2, ... Each
// (chain, account) has its own GaslessRelayer object (objects/stubs.js relayerOf), which relays
// that account's jobs one at a time, so N accounts relay N jobs of a chain at once without two
// jobs ever sharing a nonce sequence.
//
// Which account relays a job is chosen here, in JavaScript, from the job id alone: it decides no
// answer (whether a caller may do something, whether money moved: the core signs, judges every
// simulation and every replacement), only which object's queue the job waits in. It must be the
// same every time the job is relayed (a restarted or re-run job finds its stored signed bytes in
// its account's object, and never has a second account sign for it), so it is a pure function
// of the job id and the key list. The list may therefore only grow or shrink while no job is in
// flight (docs/security.md): a job whose index moves would look for its bytes in another object.
//
// A key listed twice (or RELAYER_KEY listed again in RELAYER_KEYS) counts once: two objects
// sharing one account would take the same nonces.

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
