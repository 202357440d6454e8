// DEVELOPMENT ONLY. Funds quotes on the local anvil chains with the well-known development
// accounts of the local deployment (build/local-chains/deployment.json, mnemonic "test test ...
// junk"). These keys are public and worthless; a real dapp has the user's wallet sign instead.
// Lives in the backend so that no private key, even a development one, is ever sent to the page.
import { JsonRpcProvider, Wallet, getAddress } from 'ethers';

const sameAddress = (a, b) => getAddress(a) === getAddress(b);

/** @param {{accounts: {users: {index: number, address: string, privateKey: string}[]}}} deployment */
export function createDevWallet(deployment) {
  const users = deployment.accounts.users;
  // Sends from one account are serialised so two quick clicks cannot race for the same nonce.
  const queues = new Map();

  async function sendAll(quote, chain, user) {
    const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true });
    try {
      const wallet = new Wallet(user.privateKey, provider);
      const transactions = [];
      // Counted here: ethers caches eth_getTransactionCount for a moment, so asking again right
      // after the approval's receipt can hand the funding transaction the approval's nonce.
      let nonce = await provider.getTransactionCount(wallet.address, 'pending');
      for (const [kind, tx] of [['approval', quote.execution.approval], ['funding', quote.execution.transaction]]) {
        if (!tx) continue;
        const sent = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? 0), chainId: chain.chainId, nonce: nonce++ });
        const receipt = await sent.wait(1, 30_000);
        if (receipt.status !== 1) throw new Error(`${kind} transaction ${sent.hash} reverted`);
        transactions.push({ kind, hash: sent.hash, blockNumber: receipt.blockNumber });
      }
      return { from: wallet.address, chainId: chain.chainId, transactions };
    } finally {
      provider.destroy();
    }
  }

  return {
    /** Addresses only: what the page may show and pick as funder. */
    accounts: users.map(({ index, address }) => ({ index, address })),

    /** Sends execution.approval then execution.transaction as quoted, from the quote's funder. */
    fund(quote, chains) {
      const tx = quote.execution?.transaction;
      if (tx?.type !== 'evm') throw new Error('the development wallet funds EVM quotes only');
      const chain = chains.find((c) => c.chainId === tx.chainId);
      if (!chain?.rpcUrl) throw new Error(`chain ${tx.chainId} is not a local chain (no rpcUrl)`);
      const user = users.find((u) => sameAddress(u.address, tx.from));
      if (!user) throw new Error(`the funder ${tx.from} is not a development account`);
      const previous = queues.get(user.address) ?? Promise.resolve();
      const run = previous.catch(() => {}).then(() => sendAll(quote, chain, user));
      queues.set(user.address, run);
      return run;
    },
  };
}
