// The worker's entry points: HTTP, the cron trigger, and the Durable Object classes.
import { handle } from "./app.js";
import { pollChains } from "./intent-status.js";
export { RateLimiter } from "./rate-limiter.js";
export { AttributionCounter } from "./attribution.js";
export { GaslessJobs } from "./gasless-jobs.js";
export { GaslessRelayer } from "./relayer.js";
export { DepositAddresses } from "./deposit-addresses.js";
export { VaultDerivations } from "./vault-derivation.js";
export { IntentShard } from "./intent-shards.js";
export { ChainReader } from "./chain-reader.js";
export { WebhookDeliveries, WebhookEndpoints } from "./webhooks.js";

export default {
  fetch: handle,

  /** The chain poller: one round in every chain's reader (each also keeps its own alarm when POLL_INTERVAL_MS is set). */
  async scheduled(controller, env, ctx) {
    const summary = await pollChains(env);
    console.log(JSON.stringify({ event: "chain-poll", cron: controller.cron, scheduledTime: controller.scheduledTime, summary }));
  },
};
