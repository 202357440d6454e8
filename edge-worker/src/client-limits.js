// Keyless limits: which client network a request comes from (the core's op "clientNetwork": an
// IPv4 address, an IPv6 /64) and one token bucket per network and cost class, so that a client
// cannot multiply its allowance by rotating addresses inside its /64, and cheap reads never
// drain what creating work allows (docs/security.md, "Keyless limits"):
//   read    status lookups, /health, /openapi.json, legacy quotes, and failed authentication
//   create  deposit-address creation and submits (each creates stored, watched work)
//   stream  opening a status stream (concurrent streams are capped apart: stream-caps.js)
import { callCore } from "./core.js";
import { settings } from "./settings.js";

/** address text -> network name, per isolate; cleared when full so it stays bounded. */
const networks = new Map();
const MAX_CACHED_NETWORKS = 10_000;

/** The client network of a request ("ipv4:…", "ipv6:…::/64" or "unknown"), memoised per isolate. */
export async function clientNetwork(c) {
  if (c.network) return c.network;
  const address = c.request.headers.get("cf-connecting-ip");
  const cached = address === null ? "unknown" : networks.get(address);
  if (cached) return (c.network = cached);
  let network = "unknown";
  try {
    const answer = await callCore(settings(c.env).coreInputs, "clientNetwork", { address });
    if (answer.status === 200) network = answer.body.network;
  } catch (e) {
    // A core that failed to load fails every other request too; /health must still answer
    // (it reports the failure), so the request counts against the shared "unknown" bucket.
    console.error(JSON.stringify({ event: "client-network-failed", message: String(e?.message ?? e) }));
    return (c.network = "unknown");
  }
  if (networks.size >= MAX_CACHED_NETWORKS) networks.clear();
  networks.set(address, network);
  return (c.network = network);
}

/** The bucket name of a network and cost class (objects/stubs.js places it in a pool object). */
export function networkBucket(cost, network) {
  return `net:${cost}:${network}`;
}

/** The limit of a cost class: vars KEYLESS_[CREATE_|STREAM_]RATE_PER_SEC and _BURST. */
export function keylessLimit(env, cost) {
  return settings(env).keylessLimits[cost];
}
