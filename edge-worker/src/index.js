// The worker's entry points: HTTP, the cron trigger, and the Durable Object classes (objects/, one
// file per class; objects/stubs.js finds them).
import { handle } from "./app.js";
import { pollChains } from "./intent-status.js";
export { AttributionCounter } from "./objects/attribution-counter.js";
export { ChainReader } from "./objects/chain-reader.js";
export { DepositAddresses } from "./objects/deposit-addresses.js";
export { GaslessJobs } from "./objects/gasless-jobs.js";
export { GaslessRelayer } from "./objects/gasless-relayer.js";
export { IntentShard } from "./objects/intent-shard.js";
export { RateLimiter } from "./objects/rate-limiter.js";
export { VaultDerivations } from "./objects/vault-derivations.js";
export { WebhookDeliveries } from "./objects/webhook-deliveries.js";
export { WebhookEndpoints } from "./objects/webhook-endpoints.js";

export default {
  fetch: handle,

  /** The chain poller: one round in every chain's reader (each also keeps its own alarm when POLL_INTERVAL_MS is set). */
  async scheduled(controller, env, ctx) {
    const summary = await pollChains(env);
    console.log(JSON.stringify({ event: "chain-poll", cron: controller.cron, scheduledTime: controller.scheduledTime, summary }));
  },
};
