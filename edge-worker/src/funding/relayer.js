// The gasless relayer's interface: `relayer(env).submit({job, plan})` resolves to
// `{transactionHash}` (the funding transaction, mined and successful), `{error}` (a final reason
// the job failed), `{waitingFor: "gas-price" | "relayer", detail}` (the chain's price is above its
// ceiling, or the account's earlier job holds a nonce not mined yet: nothing was sent),
// `{inFlight}` (its transactions are sent and none has a receipt yet: the job waits, spending no
// attempt) or `{retry}` (transient trouble worth another attempt: the job spends one), and throws
// when the relayer cannot be reached. The GaslessRelayer
// object of the chain and the account the job is pinned to (funding/relayer-accounts.js,
// funding/gasless-relayer.js) does the sending.
// `relayer(env).receipt({job})` fetches the receipt of a published job's transaction while it is
// not final: {blockNumber, status} as the node spelled them (hex quantities), or null when the
// node has none; the core reads what they mean (op "gaslessJobAdvance", outcome {receipt}).
import { jsonRpc, rpcUrlOf } from "../chain/rpc.js";
import { askCore } from "../core.js";
import { accountRelayerOf, relayerOf } from "../runtime/objects.js";
import { relayerAccountOf } from "./relayer-accounts.js";
import { relayerAccountFor, relayerKeyOf } from "./relayer-addresses.js";

/** @param {any} env */
export function relayer(env) {
  return {
    /**
     * @param {{ job: { id: string, chainId: number }, plan: unknown, pinned?: string | null, repin?: (address: string) => void }} input
     *   pinned: the address of the account the job is pinned to (null: stored before pinning);
     *   repin: stores another account for the job, called before it relays there
     */
    async submit({ job, plan, pinned = null, repin = () => {} }) {
      const rpcUrl = rpcUrlOf(env, job.chainId);
      // Which object relays the job, and what a missing endpoint, key or pinned key means, are
      // the core's (op relayerStep, events route and held); this performs the lookups it names.
      const state = { jobId: job.id, chainId: job.chainId };
      const keyed = Boolean(env.RELAYER_KEY);
      // The pinned account's key is looked up only where the core will ask about it.
      const pinnedKeyFound = Boolean(rpcUrl && keyed && pinned && (await relayerKeyOf(env, pinned)));
      let event = { kind: "route", endpoint: Boolean(rpcUrl), keyed, pinned, pinnedKeyFound };
      for (;;) {
        const answer = await askCore(env, "relayerStep", { state, event });
        if (answer.status !== 200) throw new Error(`relayerStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
        const [effect] = answer.body.effects;
        if (!effect) return answer.body.reply;
        const input = { jobId: job.id, chainId: job.chainId, rpcUrl, plan };
        switch (effect.kind) {
          case "relayByPosition": {
            const account = relayerAccountOf(env, job.id);
            return relayerOf(env, job.chainId, account).relay({ ...input, account });
          }
          case "relayAt":
            return accountRelayerOf(env, job.chainId, effect.address).relay({ ...input, address: effect.address });
          case "holds":
            event = { kind: "held", address: effect.address, holds: await accountRelayerOf(env, job.chainId, effect.address).holds(job.id) };
            break;
          case "repin": {
            const address = await relayerAccountFor(env, job.id);
            repin(address);
            return accountRelayerOf(env, job.chainId, address).relay({ ...input, address });
          }
          default:
            throw new Error(`relayerStep named an effect the relayer's interface does not perform: ${effect.kind}`);
        }
      }
    },
    /** @param {{ job: { chainId: number, transactionHash: string } }} input */
    async receipt({ job }) {
      const rpcUrl = rpcUrlOf(env, job.chainId);
      if (!rpcUrl) throw new Error(`no JSON-RPC endpoint is configured for chain ${job.chainId}`);
      const receipt = await jsonRpc(rpcUrl)("eth_getTransactionReceipt", [job.transactionHash]);
      return receipt ? { blockNumber: receipt.blockNumber, status: receipt.status } : null;
    },
  };
}
