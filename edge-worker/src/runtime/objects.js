// Every Durable Object lookup of the worker, in one place: which object owns what, and the name
// it is found by. Objects that hold one user's data (a quote's gasless job, a deposit address)
// take a location hint where they are created (runtime/location.js); shared ones serve everyone.

/** The intent shard name of a 0x-hex hash or a UUID: its first byte, as two lowercase hex digits. */
export function shardKey(hexOrUuid) {
  const text = String(hexOrUuid).toLowerCase().replace(/^0x/, "");
  return /^[0-9a-f]{2}/.test(text) ? text.slice(0, 2) : "00";
}

/** The intent shard (IntentShard) holding `hexOrUuid`: an intent hash, a quote UUID or a transaction hash. */
export function shardOf(env, hexOrUuid) {
  return env.INTENT_SHARDS.get(env.INTENT_SHARDS.idFromName(`shard:${shardKey(hexOrUuid)}`));
}

/** Groups items by the shard of key(item): Map<shardKey, item[]>. */
export function byShard(items, key) {
  const groups = new Map();
  for (const item of items) {
    const k = shardKey(key(item));
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(item);
  }
  return groups;
}

/** The ChainReader of a chain. */
export function chainReader(env, chainId) {
  return env.CHAIN_READERS.get(env.CHAIN_READERS.idFromName(`chain:${chainId}`));
}

/** The DepositAddresses object of a vault. @param {{ locationHint: string }} [options] where to create it */
export function depositOf(env, vault, options) {
  return env.DEPOSIT_ADDRESSES.get(env.DEPOSIT_ADDRESSES.idFromName(vault.toLowerCase()), options);
}

/** The GaslessJobs object of a quote (lowercase bare UUID). @param {{ locationHint: string }} [options] where to create it */
export function jobsOf(env, quoteUuid, options) {
  return env.GASLESS_JOBS.get(env.GASLESS_JOBS.idFromName(quoteUuid), options);
}

/**
 * The GaslessRelayer of a chain's relayer account (its checksummed or lowercase address): it
 * sends the jobs pinned to that account (funding/relayer-accounts.js), one nonce sequence per object.
 */
export function accountRelayerOf(env, chainId, address) {
  return env.RELAYER.get(env.RELAYER.idFromName(`chain:${chainId}:relayer:${String(address).toLowerCase()}`));
}

/**
 * The GaslessRelayer named by the chain alone (`account` 0) or by an account's position in the
 * key list, the names before accounts were pinned by address. The first is the chain's one store
 * of reservations and sponsorship rows (funding/reservations.js reservationsOf); both still relay
 * the jobs stored before the pinning (no relayer column), which have their signed transactions
 * there.
 */
export function relayerOf(env, chainId, account = 0) {
  const name = account === 0 ? String(chainId) : `chain:${chainId}:relayer:${account}`;
  return env.RELAYER.get(env.RELAYER.idFromName(name));
}

/** The AttributionCounter of a dappId label. */
export function attributionOf(env, dappId) {
  return env.ATTRIBUTION.get(env.ATTRIBUTION.idFromName(dappId));
}

/** The VaultDerivations record of one chain's Portal and the vault the configuration implies. */
export function vaultDerivationOf(env, chainId, portal, expectedVault) {
  return env.VAULT_DERIVATIONS.get(env.VAULT_DERIVATIONS.idFromName(`${chainId}:${portal}:${expectedVault}`.toLowerCase()));
}

/** The WebhookEndpoints of an API key. */
export function endpointsOf(env, keyId) {
  return env.WEBHOOK_ENDPOINTS.get(env.WEBHOOK_ENDPOINTS.idFromName(`key:${keyId}`));
}

/** The WebhookDeliveries queue of a webhook endpoint. */
export function deliveriesOf(env, endpointId) {
  return env.WEBHOOK_DELIVERIES.get(env.WEBHOOK_DELIVERIES.idFromName(endpointId));
}

// Which RateLimiter object holds a bucket (limits/rate-limiter.js). An API key's bucket has an
// object of its own (keys are configured, so their objects are bounded, and a busy key does not
// share its object's throughput). Every other bucket (a client network's, per cost class, and the
// stream slots of a network) lives in one of LIMITER_POOL_SIZE pool objects picked by a hash of
// its name: how many client addresses exist never changes how many objects exist.
export const LIMITER_POOL_SIZE = 64;

/** The RateLimiter object name of a bucket: "key:<id>" itself, else "pool:<n>". */
export function limiterObjectName(bucketName) {
  if (bucketName.startsWith("key:")) return bucketName;
  // FNV-1a over the UTF-16 units: stable, cheap, and spreads similar names apart.
  let h = 0x811c9dc5;
  for (let i = 0; i < bucketName.length; i++) {
    h ^= bucketName.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `pool:${h % LIMITER_POOL_SIZE}`;
}

/** The RateLimiter object holding the bucket (or slot set) `bucketName`. */
export function limiterOf(env, bucketName) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterObjectName(bucketName)));
}
