// The gasless relayer's interface: `relayer(env).submit({job, plan})` resolves to
// `{transactionHash}` (the funding transaction, mined and successful), `{error}` (a final reason
// the job failed), `{waitingFor: "gas-price", detail}` (the chain's price is above its ceiling:
// nothing was sent) or `{inFlight}` (its transactions are sent and none has a receipt yet: the job
// waits, spending no attempt), and throws for transient trouble worth retrying (RPC unreachable). The
// GaslessRelayer object of the chain and the job's account (relayer-accounts.js,
// objects/gasless-relayer.js) does the sending.
// `relayer(env).receipt({job})` fetches the receipt of a published job's transaction while it is
// not final: {blockNumber, status}, or null when the chain no longer has it (reorganised away).
import { jsonRpc, rpcUrlOf } from "./chain-rpc.js";
import { relayerOf } from "./objects/stubs.js";
import { relayerAccountOf } from "./relayer-accounts.js";

/** @param {any} env */
export function relayer(env) {
  return {
    /** @param {{ job: { id: string, chainId: number }, plan: unknown }} input */
    async submit({ job, plan }) {
      const rpcUrl = rpcUrlOf(env, job.chainId);
      if (!rpcUrl) return { error: `no JSON-RPC endpoint is configured for chain ${job.chainId}, so the relayer cannot submit there` };
      if (!env.RELAYER_KEY) return { error: "the relayer has no key (worker secret RELAYER_KEY)" };
      // The job's account (relayer-accounts.js): always the same one for the same job.
      const account = relayerAccountOf(env, job.id);
      const result = await relayerOf(env, job.chainId, account).relay({ jobId: job.id, chainId: job.chainId, rpcUrl, plan, account });
      if (result.retry) throw new Error(result.retry);
      return result;
    },
    /** @param {{ job: { chainId: number, transactionHash: string } }} input */
    async receipt({ job }) {
      const rpcUrl = rpcUrlOf(env, job.chainId);
      if (!rpcUrl) throw new Error(`no JSON-RPC endpoint is configured for chain ${job.chainId}`);
      const receipt = await jsonRpc(rpcUrl)("eth_getTransactionReceipt", [job.transactionHash]);
      return receipt ? { blockNumber: Number(BigInt(receipt.blockNumber)), status: receipt.status } : null;
    },
  };
}
