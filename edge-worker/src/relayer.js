// The gasless relayer's interface: `relayer(env).submit({job, plan})` resolves to
// `{transactionHash}` (the funding transaction, mined and successful), `{error}` (a final reason
// the job failed), `{waitingFor: "gas-price" | "relayer", detail}` (the chain's price is above its
// ceiling, or the account's earlier job holds a nonce not mined yet: nothing was sent) or
// `{inFlight}` (its transactions are sent and none has a receipt yet: the job waits, spending no
// attempt), and throws for transient trouble worth retrying (RPC unreachable). The GaslessRelayer
// object of the chain and the account the job is pinned to (relayer-accounts.js,
// objects/gasless-relayer.js) does the sending.
// `relayer(env).receipt({job})` fetches the receipt of a published job's transaction while it is
// not final: {blockNumber, status} as the node spelled them (hex quantities), or null when the
// node has none; the core reads what they mean (op "gaslessJobAdvance", outcome {receipt}).
import { jsonRpc, rpcUrlOf } from "./chain-rpc.js";
import { accountRelayerOf, relayerOf } from "./objects/stubs.js";
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
      if (!rpcUrl) return { error: `no JSON-RPC endpoint is configured for chain ${job.chainId}, so the relayer cannot submit there` };
      if (!env.RELAYER_KEY) return { error: "the relayer has no key (worker secret RELAYER_KEY)" };
      let result;
      if (!pinned) {
        // Stored before accounts were pinned: the older rule (relayer-accounts.js).
        const account = relayerAccountOf(env, job.id);
        result = await relayerOf(env, job.chainId, account).relay({ jobId: job.id, chainId: job.chainId, rpcUrl, plan, account });
      } else {
        let address = pinned;
        if (!(await relayerKeyOf(env, pinned))) {
          // The pinned account's key has left the list. Transactions it signed for the job may still
          // be mined, so the job waits for the key to come back; one it never signed for goes to
          // the account its id chooses now.
          if (await accountRelayerOf(env, job.chainId, pinned).holds(job.id)) {
            return { inFlight: `the key of relayer account ${pinned}, which signed this job's transactions on chain ${job.chainId}, is no longer among RELAYER_KEY and RELAYER_KEYS; the job waits for it` };
          }
          address = await relayerAccountFor(env, job.id);
          repin(address);
        }
        result = await accountRelayerOf(env, job.chainId, address).relay({ jobId: job.id, chainId: job.chainId, rpcUrl, plan, address });
      }
      if (result.retry) throw new Error(result.retry);
      return result;
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
