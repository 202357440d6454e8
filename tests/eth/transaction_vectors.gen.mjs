// Generates the expected values of tests/eth/transaction_test.cpp with ethers v6 (an independent
// implementation): `node tests/eth/transaction_vectors.gen.mjs` prints them; the test hard-codes
// that output. The key is anvil's account #11 (the local relayer), a publicly known key.
import { Transaction, Wallet, keccak256 } from "ethers";

const key = "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82";
const wallet = new Wallet(key);
const cases = {
  plainTransfer: { chainId: 1, nonce: 0, maxPriorityFeePerGas: 1_000_000_000n, maxFeePerGas: 30_000_000_000n, gasLimit: 21000n, to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", value: 10n ** 18n, data: "0x" },
  // 100 bytes of call data: a string longer than 55 bytes takes the long-length prefix.
  contractCall: { chainId: 31337, nonce: 7, maxPriorityFeePerGas: 0n, maxFeePerGas: 2_000_000_000n, gasLimit: 300000n, to: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", value: 0n, data: "0x55a0bec0" + "ab".repeat(96) },
  accessList: { chainId: 8453, nonce: 1_000_000, maxPriorityFeePerGas: 1n, maxFeePerGas: 127n, gasLimit: 90000n, to: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", value: 5n, data: "0x00", accessList: [{ address: "0x000000000022D473030F116dDEE9F6B43aC78BA3", storageKeys: ["0x" + "00".repeat(31) + "01", "0x" + "ff".repeat(32)] }] },
  // Contract creation (no `to`) with 300 bytes of code: a two-byte length prefix.
  creation: { chainId: 31338, nonce: 3, maxPriorityFeePerGas: 1_500_000_000n, maxFeePerGas: 3_000_000_000n, gasLimit: 1_000_000n, to: null, value: 0n, data: "0x" + "60".repeat(300) },
};
const out = {};
for (const [name, fields] of Object.entries(cases)) {
  const tx = Transaction.from({ type: 2, ...fields });
  const unsignedSerialized = tx.unsignedSerialized;
  const signingHash = tx.unsignedHash;
  tx.signature = wallet.signingKey.sign(signingHash);
  out[name] = { unsignedSerialized, signingHash, signed: tx.serialized, hash: tx.hash, hashCheck: keccak256(tx.serialized), from: tx.from };
}
console.log(JSON.stringify(out, null, 1));
