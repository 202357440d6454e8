// Per isolate: the polled chains, their readers' alarms, and what the readers last saw of each
// chain (its clock for deadlines, its head, finalized block and confirmation depth for finality),
// cached for a few seconds so a status lookup does not ask every reader.
import { askCore } from "../core.js";
import { chainReader } from "../runtime/objects.js";
import { deploymentRpcUrls } from "./rpc.js";

const CHAIN_CLOCKS_TTL_MS = 5_000;

let polled = null;
let started = null;
let clocks = { at: 0, value: { times: {}, heads: {} } };

/** The chain ids with a JSON-RPC endpoint (the ones with a reader). */
export async function polledChains(env) {
  polled ??= askCore(env, "pollPlan", { cursors: {}, rpcUrls: deploymentRpcUrls(env) }).then((a) => (a.status === 200 ? a.body.chains.map((c) => c.chainId) : []));
  return polled;
}

/** Arms every chain reader's polling alarm, once per isolate (a no-op without POLL_INTERVAL_MS). */
export async function startReaders(env) {
  if (!(Number(env.POLL_INTERVAL_MS ?? 0) > 0)) return;
  started ??= polledChains(env).then((ids) => Promise.all(ids.map((id) => chainReader(env, id).start(id))));
  return started.catch((e) => {
    started = null;
    console.error(JSON.stringify({ event: "chain-readers-start-failed", message: String(e?.message ?? e) }));
  });
}

/**
 * {times: {chainId: latest block time}, heads: {chainId: {head, finalized, depth, read}}}: the
 * core's inputs "chainTimes" (deadlines are judged by chain clocks, and a local chain's can run
 * ahead of the worker's) and "chainHeads" (how final each transaction is). A chain whose reader
 * has not polled yet is absent.
 */
export async function chainClocks(env) {
  if (Date.now() - clocks.at < CHAIN_CLOCKS_TTL_MS) return clocks.value;
  await startReaders(env);
  const cursors = await Promise.all((await polledChains(env)).map((id) => chainReader(env, id).cursor().catch(() => null)));
  const value = { times: {}, heads: {} };
  for (const c of cursors) {
    if (c?.headTime != null) value.times[c.chainId] = c.headTime;
    if (c?.head != null && c.depth != null) value.heads[c.chainId] = { head: c.head, finalized: c.finalized ?? null, depth: c.depth, read: c.block ?? 0 };
  }
  clocks = { at: Date.now(), value };
  return value;
}
