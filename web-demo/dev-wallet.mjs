// DEVELOPMENT ONLY. Funds quotes on the local anvil chains with the well-known development
// accounts of the local deployment (build/local-chains/deployment.json, mnemonic "test test ...
// junk"). These keys are public and worthless; a real dapp has the user's wallet sign instead.
// Lives in the backend so that no private key, even a development one, is ever sent to the page.
import { Contract, JsonRpcProvider, Wallet, getAddress } from 'ethers';

const sameAddress = (a, b) => getAddress(a) === getAddress(b);
// A transfer into a deposit address counts once the worker's confirmation depth holds it (locally
// POLL_CONFIRMATIONS = 4; the worker's default is 12), and anvil mines only when something is
// sent: on the local chains the wallet mines 12 blocks after the transfer, as time would elsewhere.
const DEPOSIT_CONFIRMATION_BLOCKS = 12;

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
      // Every listed approval (a reset to 0 first for a token that needs it; none when the
      // allowance covers the amount), then the funding, each with the gas limit it carries.
      const approvals = quote.execution.approvals ?? (quote.execution.approval ? [quote.execution.approval] : []);
      for (const [kind, tx] of [...approvals.map((a) => ['approval', a]), ['funding', quote.execution.transaction]]) {
        const sent = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? 0), chainId: chain.chainId, nonce: nonce++, ...(tx.gas ? { gasLimit: BigInt(tx.gas) } : {}) });
        const receipt = await sent.wait(1, 30_000);
        if (receipt.status !== 1) throw new Error(`${kind} transaction ${sent.hash} reverted`);
        transactions.push({ kind, hash: sent.hash, blockNumber: receipt.blockNumber });
      }
      return { from: wallet.address, chainId: chain.chainId, transactions };
    } finally {
      provider.destroy();
    }
  }

  async function sendTransfer(answer, chain, user) {
    const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true });
    try {
      const wallet = new Wallet(user.privateKey, provider);
      const token = new Contract(answer.source.token, ['function transfer(address to, uint256 amount) returns (bool)'], wallet);
      const nonce = await provider.getTransactionCount(wallet.address, 'pending');
      const sent = await token.transfer(answer.vaultAddress, BigInt(answer.source.amount), { nonce });
      const receipt = await sent.wait(1, 30_000);
      if (receipt.status !== 1) throw new Error(`transfer ${sent.hash} reverted`);
      await provider.send('anvil_mine', [`0x${DEPOSIT_CONFIRMATION_BLOCKS.toString(16)}`]);
      return { from: wallet.address, chainId: chain.chainId, transactions: [{ kind: 'transfer', hash: sent.hash, blockNumber: receipt.blockNumber }] };
    } finally {
      provider.destroy();
    }
  }

  function userOf(address) {
    const user = users.find((u) => sameAddress(u.address, address));
    if (!user) throw new Error(`${address} is not a development account`);
    return user;
  }

  /** Runs `send` after every earlier send from the same account. */
  function queued(user, send) {
    const previous = queues.get(user.address) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(send);
    queues.set(user.address, run);
    return run;
  }

  return {
    /** Addresses only: what the page may show and pick as funder. */
    accounts: users.map(({ index, address }) => ({ index, address })),

    /** Sends execution.approvals then execution.transaction as quoted, from the quote's funder. */
    fund(quote, chains) {
      const tx = quote.execution?.transaction;
      if (tx?.type !== 'evm') throw new Error('the development wallet funds EVM quotes only');
      const chain = chains.find((c) => c.chainId === tx.chainId);
      if (!chain?.rpcUrl) throw new Error(`chain ${tx.chainId} is not a local chain (no rpcUrl)`);
      const user = users.find((u) => sameAddress(u.address, tx.from));
      if (!user) throw new Error(`the funder ${tx.from} is not a development account`);
      return queued(user, () => sendAll(quote, chain, user));
    },

    /** Sends a deposit address (a verified answer) its source.amount of source.token, from `from`. */
    transfer(answer, chains, from) {
      const chain = chains.find((c) => c.chainId === answer.source.chainId);
      if (!chain?.rpcUrl || chain.vm !== 'evm') throw new Error(`chain ${answer.source.chainId} is not a local EVM chain (no rpcUrl)`);
      const user = userOf(from);
      return queued(user, () => sendTransfer(answer, chain, user));
    },
  };
}
