// GET /internal/status (bearer INDEXER_TOKEN, as the indexer's push): what an operator reads. The
// worker gathers the figures, each EVM chain's reader (cursor row and endpoints' health), each
// relayer account's balance (eth_getBalance) and open jobs (its GaslessRelayer object), and the
// core shapes and judges them (op operatorStatus), the floor by the same rule the relayer applies.
import bundled from "../../generated/config.js";
import { startReaders } from "../chain/clocks.js";
import { rpcUrlsOf } from "../chain/rpc.js";
import { askCore } from "../core.js";
import { coreResponse } from "../http/core-response.js";
import { nowSec } from "../runtime/time.js";
import { relayerKeys } from "../funding/relayer-accounts.js";
import { relayerAddressOf } from "../funding/relayer-addresses.js";
import { rpcEndpoints } from "../chain/rpc-endpoints.js";
import { accountRelayerOf, chainReader } from "../runtime/objects.js";

const message = (e) => String(e?.message ?? e);

export async function operatorStatus(c) {
  const env = c.env;
  // A reader nobody has asked for yet has not polled: this arms them, as a status lookup does.
  await startReaders(env);
  const addresses = await Promise.all(relayerKeys(env).map((key) => relayerAddressOf(env, key)));
  const chains = await Promise.all(
    bundled.config.chains
      .filter((chain) => chain.vm === "evm")
      .map(async ({ chainId }) => {
        const urls = rpcUrlsOf(env, chainId);
        const reader = await chainReader(env, chainId)
          .status(chainId)
          .catch((e) => ({ reader: { head: null, cursor: null, finalized: null, polledAt: null, lastError: `the reader did not answer: ${message(e)}` }, providers: [] }));
        const rpc = urls.length ? rpcEndpoints(urls).call : null;
        const relayers = await Promise.all(
          addresses.map(async (address) => {
            const [balance, openJobs] = await Promise.all([
              rpc
                ? rpc("eth_getBalance", [address, "latest"]).then((balanceWei) => ({ balanceWei }), (e) => ({ balanceError: message(e) }))
                : { balanceError: "no JSON-RPC endpoint for the chain" },
              accountRelayerOf(env, chainId, address).openJobs().catch(() => null),
            ]);
            return { address, balanceWei: balance.balanceWei ?? null, balanceError: balance.balanceError ?? null, openJobs };
          }),
        );
        return { chainId, reader: reader.reader, providers: reader.providers.length ? reader.providers : urls.map((url) => ({ url })), relayers };
      }),
  );
  const answer = await askCore(env, "operatorStatus", { now: nowSec(), chains });
  if (answer.status === 200) {
    for (const alert of answer.body.alerts) console.error(JSON.stringify({ event: "operator-alert", alert }));
  }
  return coreResponse(c, answer);
}
