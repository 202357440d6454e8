// JSON-RPC access to the configured chains: which endpoints serve a chain, and small clients.
// Locally each chain record carries its loopback `rpcUrl`; a production deployment names its
// endpoints in the worker secret CHAIN_RPC_URLS, a JSON object {"<chainId>": "<https url>"} or
// {"<chainId>": ["<https url>", ...]} in order of preference (secret because provider URLs usually
// embed an API key). The chain readers use every endpoint, failing over (chain/rpc-endpoints.js); the
// other callers use the first. A chain with neither has no access:
// nothing is relayed there, its vault derivation stays unconfirmed, and its logs are not read
// (no status from polling, no deposit funded by a plain transfer: chain/reader.js).
import bundled from "../../generated/config.js";

const CALL_TIMEOUT_MS = 5_000;
let secretUrls = null;

/** @returns {string[]} the JSON-RPC endpoints of `chainId` in order of preference (none: []) */
export function rpcUrlsOf(env, chainId) {
  const configured = bundled.config.chains.find((c) => c.chainId === chainId)?.rpcUrl;
  if (configured) return [configured];
  const urls = deploymentRpcUrls(env)[chainId];
  if (typeof urls === "string") return [urls];
  return Array.isArray(urls) ? urls.filter((u) => typeof u === "string") : [];
}

/** @returns {string | null} the first JSON-RPC endpoint of `chainId`, or null */
export function rpcUrlOf(env, chainId) {
  return rpcUrlsOf(env, chainId)[0] ?? null;
}

/** The deployment's endpoints, CHAIN_RPC_URLS parsed ({} without it); the core's pollPlan takes them as rpcUrls. */
export function deploymentRpcUrls(env) {
  if (secretUrls === null) {
    try {
      const parsed = env.CHAIN_RPC_URLS ? JSON.parse(env.CHAIN_RPC_URLS) : {};
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      secretUrls = parsed;
    } catch {
      console.error(JSON.stringify({ event: "chain-rpc-urls-invalid", message: "CHAIN_RPC_URLS is not a JSON object" }));
      secretUrls = {};
    }
  }
  return secretUrls;
}

async function post(url, method, params) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
  return res.json();
}

/** One JSON-RPC request: resolves to the node's whole answer ({result} or {error: {code, message, data?}}); throws only when the node cannot be reached. */
export function rpcRequest(url, method, params) {
  return post(url, method, params);
}

/** A minimal JSON-RPC client: resolves to the result; errors (transport or node) throw with the node's message. */
export function jsonRpc(url) {
  return async (method, params) => {
    const body = await post(url, method, params);
    if (body.error) throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
    return body.result;
  };
}

/**
 * eth_call. Resolves to {result} or, when the node answers with an error (a revert), {error,
 * data?}; throws only when the node cannot be reached. `block` "pending" simulates a transaction
 * as the next block would run it (its timestamp is now, where the latest block's may lag).
 * @param {{ from?: string, to: string, data: string }} call
 * @param {"latest" | "pending"} [block]
 */
export async function ethCall(url, call, block = "latest") {
  const body = await post(url, "eth_call", [call, block]);
  if (!body.error) return { result: body.result };
  const data = typeof body.error.data === "string" ? body.error.data : body.error.data?.data;
  return { error: String(body.error.message ?? "reverted"), ...(typeof data === "string" ? { data } : {}) };
}
