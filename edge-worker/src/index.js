// The worker's entry points: HTTP, the cron trigger, and the Durable Object classes (each in the
// folder of its concept, one file per class; runtime/objects.js finds them).
import { handle } from "./app.js";
import { pollChains } from "./status/intent-status.js";
export { AttributionCounter } from "./quotes/attribution-counter.js";
export { ChainReader } from "./chain/reader.js";
export { DepositAddresses } from "./deposits/deposit-addresses.js";
export { GaslessJobs } from "./funding/gasless-jobs.js";
export { GaslessRelayer } from "./funding/gasless-relayer.js";
export { IntentShard } from "./status/intent-shard.js";
export { RateLimiter } from "./limits/rate-limiter.js";
export { VaultDerivations } from "./chain/vault-derivations.js";
export { WebhookDeliveries } from "./webhooks/deliveries.js";
export { WebhookEndpoints } from "./webhooks/endpoints.js";

export default {
  fetch: handle,

  /** The chain poller: one round in every chain's reader (each also keeps its own alarm when POLL_INTERVAL_MS is set). */
  async scheduled(controller, env, ctx) {
    const summary = await pollChains(env);
    console.log(JSON.stringify({ event: "chain-poll", cron: controller.cron, scheduledTime: controller.scheduledTime, summary }));
  },
};
