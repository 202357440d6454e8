// Which chains' Portals have confirmed the vault derivation (openapi.json, "Addresses that
// receive funds directly"; the decision is the core's, src/service/chain/vault_derivation.h). The core
// names one eth_call per EVM chain (a probe intent's intentVaultAddress); this module sends it
// once per configuration and remembers the core's verdict:
// - in this isolate, so a request pays for it at most once per isolate;
// - in a Durable Object per (chain, Portal, vaultInitCodeHash) (chain/vault-derivations.js), so a new isolate asks the object
//   instead of the chain, and a configuration change (another name) is confirmed afresh.
// Only a confirmation is stored. A Portal that answers another vault (a wrong configuration, or
// a node not synced yet) and a node that does not answer leave the chain unconfirmed, and it is
// asked again after a pause.
import { askCore } from "../core.js";
import { ethCall, rpcUrlOf } from "./rpc.js";
import { vaultDerivationOf } from "../runtime/objects.js";

const RETRY_UNCONFIRMED_MS = 30_000;

/** chainId -> {verdict: "confirmed"}, {pending} (a check under way) or {retryAt} (unconfirmed) */
const known = new Map();
let probes = null;

/** @returns {Promise<number[]>} the chain ids whose vault derivation is confirmed */
export async function confirmedChains(env) {
  probes ??= askCore(env, "vaultDerivationProbes", {}).then((a) => {
    if (a.status === 200) return a.body.probes;
    probes = null; // the core is not available: nothing is confirmed, ask again next time
    return [];
  });
  const list = await probes;
  const answers = await Promise.all(list.map((probe) => verdictOf(env, probe)));
  return list.filter((_, i) => answers[i] === "confirmed").map((p) => p.chainId);
}

async function verdictOf(env, probe) {
  const entry = known.get(probe.chainId);
  if (entry?.verdict) return entry.verdict;
  if (entry?.pending) return entry.pending;
  if (entry && Date.now() < entry.retryAt) return "unconfirmed";
  const url = rpcUrlOf(env, probe.chainId);
  if (!url) return "unconfirmed";
  const pending = confirm(env, probe, url).catch((e) => {
    console.error(JSON.stringify({ event: "vault-derivation-unreachable", chainId: probe.chainId, message: String(e?.message ?? e) }));
    known.set(probe.chainId, { retryAt: Date.now() + RETRY_UNCONFIRMED_MS });
    return "unconfirmed";
  });
  // Concurrent requests of this isolate share one check.
  known.set(probe.chainId, { pending });
  return pending;
}

async function confirm(env, probe, url) {
  const store = vaultDerivationOf(env, probe.chainId, probe.to, probe.expectedVault);
  if (!(await store.confirmed())) {
    const answer = await ethCall(url, { to: probe.to, data: probe.data });
    const judged = await askCore(env, "vaultDerivationVerdict", { chainId: probe.chainId, result: answer.result ?? "0x" });
    if (judged.status !== 200) throw new Error(`the core could not judge chain ${probe.chainId}: ${judged.body?.detail}`);
    console.log(JSON.stringify({ event: "vault-derivation", chainId: probe.chainId, verdict: judged.body.vaultDerivation, detail: judged.body.detail }));
    if (judged.body.vaultDerivation !== "confirmed") {
      known.set(probe.chainId, { retryAt: Date.now() + RETRY_UNCONFIRMED_MS });
      return "unconfirmed";
    }
    await store.confirm();
  }
  known.set(probe.chainId, { verdict: "confirmed" });
  return "confirmed";
}
