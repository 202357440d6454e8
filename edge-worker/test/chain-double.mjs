// A loopback JSON-RPC stand-in for the production chains (Base and the others), for worker suites
// that sign against production addresses and so cannot use the local anvil chains. It answers
// only what the worker asks before and while relaying:
// - Portal.intentVaultAddress as a Portal with the given vaultInitCodeHash would (CREATE2 computed
//   here with ethers), or another address when `derivation` is "wrong";
// - the simulation's reads (balanceOf, authorizationState, nonces, allowance, Permit2.allowance,
//   Permit3.isNonceUsed, Portal.getRewardStatus) from a small world the test may change, and
//   success for any other call (the authorization);
// - the relayer's simulation right before signing (eth_simulateV1): every call succeeds unless
//   the world says the funding reverts;
// - nonce, fees, sendRawTransaction (recorded) and receipts with the status the test chose;
// - a head block (world.head) and eth_getLogs over world.logs (eth_getLogs form), filtered by
//   block range, address and topics as a node would, so the chain readers can poll it.
// The real contracts answer the same calls in gasless-chains.test.mjs; this double only lets the
// other suites reach the paths after the chain checks.
import http from "node:http";
import { AbiCoder, Interface, getCreate2Address, keccak256, solidityPacked } from "ethers";

const abi = AbiCoder.defaultAbiCoder();
const REWARD = "tuple(uint64,address,address,uint256,tuple(address,uint256)[])";
const portalInterface = new Interface([
  "function intentVaultAddress(uint64 destination, bytes route, (uint64 deadline, address creator, address prover, uint256 nativeAmount, (address token, uint256 amount)[] tokens) reward) view returns (address)",
]);
const word = (value) => abi.encode(["uint256"], [value]);

/**
 * @param {{ portal: string, vaultInitCodeHash: string, derivation?: "right" | "wrong" }} options
 * @returns {Promise<{ url: string, world: object, sent: string[], logReads: object[], close(): Promise<void> }>}
 */
export async function startChainDouble({ portal, vaultInitCodeHash, derivation = "right" }) {
  const world = {
    derivation,
    balance: 10n ** 15n, // every holder, unless `balances` names it
    balances: new Map(),
    authorizationUsed: false,
    permitNonce: 0n,
    allowance: (1n << 256n) - 1n,
    permit2Nonce: 0n,
    permit3SaltUsed: false,
    rewardStatus: 0, // Portal.getRewardStatus: Initial
    authorizationReverts: false,
    fundingRevertsInSimulation: false,
    receiptStatus: "0x1",
    head: 1,
    logs: [],
  };
  const sent = [];
  const logReads = []; // every eth_getLogs filter asked for, in order

  function call({ to, data }) {
    const selector = data.slice(0, 10);
    const arg = (i) => "0x" + data.slice(10 + 64 * i + 24, 10 + 64 * (i + 1));
    if (to.toLowerCase() === portal.toLowerCase() && selector === "0x0742ebe4") {
      const [destination, route, reward] = portalInterface.decodeFunctionData("intentVaultAddress", data);
      const rewardHash = keccak256(abi.encode([REWARD], [reward]));
      const intentHash = keccak256(solidityPacked(["uint64", "bytes32", "bytes32"], [destination, keccak256(route), rewardHash]));
      const vault = world.derivation === "right" ? getCreate2Address(portal, intentHash, vaultInitCodeHash) : "0x000000000000000000000000000000000000dEaD";
      return { result: abi.encode(["address"], [vault]) };
    }
    switch (selector) {
      case "0x70a08231": return { result: word(world.balances.get(arg(0).toLowerCase()) ?? world.balance) };
      case "0xe94a0102": return { result: word(world.authorizationUsed ? 1 : 0) };
      case "0x7ecebe00": return { result: word(world.permitNonce) };
      case "0xdd62ed3e": return { result: word(world.allowance) };
      case "0x927da105": return { result: abi.encode(["uint160", "uint48", "uint48"], [0, 0, world.permit2Nonce]) };
      case "0x0685c03a": return { result: word(world.permit3SaltUsed ? 1 : 0) };
      case "0x1299d617": return { result: word(world.rewardStatus) };
      default:
        if (world.authorizationReverts) return { error: { code: 3, message: "execution reverted: FiatTokenV2: invalid signature" } };
        return { result: "0x" };
    }
  }

  // eth_getLogs semantics: blocks fromBlock..toBlock (never past the head), address one of the
  // filter's, and each topic position null (any) or one of the values listed there.
  function matches(filter, log) {
    const block = Number(BigInt(log.blockNumber));
    if (block < Number(BigInt(filter.fromBlock)) || block > Math.min(Number(BigInt(filter.toBlock)), world.head)) return false;
    const addresses = [filter.address].flat().filter(Boolean).map((a) => a.toLowerCase());
    if (addresses.length > 0 && !addresses.includes(log.address.toLowerCase())) return false;
    return (filter.topics ?? []).every((wanted, i) => wanted === null || [wanted].flat().map((t) => t.toLowerCase()).includes(log.topics[i]?.toLowerCase()));
  }

  function answer(method, params) {
    switch (method) {
      case "eth_call": return call(params[0]);
      case "eth_getTransactionCount": return { result: "0x0" };
      case "eth_getBlockByNumber": {
        // "safe" and "finalized" answer null unless the world sets world.finalized: a chain whose
        // node reports no finality (the reader then judges by its confirmation depth).
        const tag = params[0];
        if (tag === "safe" || tag === "finalized") {
          if (world.finalized == null) return { result: null };
        }
        const number = tag === "latest" || tag === "pending" ? world.head : tag === "safe" || tag === "finalized" ? world.finalized : Number(BigInt(tag));
        return { result: { number: "0x" + number.toString(16), hash: keccak256("0x" + number.toString(16).padStart(64, "0")), baseFeePerGas: "0x3b9aca00", timestamp: "0x0" } };
      }
      case "eth_getLogs":
        logReads.push(params[0]);
        return { result: world.logs.filter((log) => matches(params[0], log)) };
      case "eth_maxPriorityFeePerGas": return { result: "0x3b9aca00" };
      // The relayer reads its balance before it takes a new job (op relayerFloor): 10,000 ETH.
      case "eth_getBalance": return { result: "0x21e19e0c9bab2400000" };
      case "eth_simulateV1": {
        const calls = params[0].blockStateCalls[0].calls;
        return {
          result: [{
            calls: calls.map((c, i) => world.fundingRevertsInSimulation && i === calls.length - 1
              ? { status: "0x0", returnData: "0x", gasUsed: "0x0", logs: [], error: { code: 3, message: "execution reverted" } }
              : { status: "0x1", returnData: "0x", gasUsed: "0x0", logs: [] }),
          }],
        };
      }
      case "eth_sendRawTransaction":
        sent.push(params[0]);
        return { result: keccak256(params[0]) };
      case "eth_getTransactionReceipt": {
        const known = sent.some((raw) => keccak256(raw) === params[0]);
        return { result: known ? { transactionHash: params[0], status: world.receiptStatus, blockNumber: "0x1", logs: [] } : null };
      }
      case "eth_getTransactionByHash": {
        // A relayer about to re-send stored bytes asks whether the node holds them.
        const raw = sent.find((r) => keccak256(r) === params[0]);
        return { result: raw ? { hash: params[0], blockNumber: "0x1" } : null };
      }
      default: return { error: { code: -32601, message: `${method} is not answered by the test double` } };
    }
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const { id, method, params } = JSON.parse(body);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, ...answer(method, params) }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    world,
    sent,
    logReads,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** CHAIN_RPC_URLS for the worker: every given chain id served by `url`. */
export function chainRpcUrls(url, chainIds = [1, 10, 8453, 42161, 137]) {
  return JSON.stringify(Object.fromEntries(chainIds.map((id) => [id, url])));
}
