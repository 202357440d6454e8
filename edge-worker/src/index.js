// The worker's entry points: HTTP, the cron trigger, and the Durable Object classes.
import { handle } from "./app.js";
import { statusIndex } from "./intent-status.js";
export { RateLimiter } from "./rate-limiter.js";
export { AttributionCounter } from "./attribution.js";
export { GaslessJobs } from "./gasless-jobs.js";
export { GaslessRelayer } from "./relayer.js";
export { DepositAddresses } from "./deposit-addresses.js";
export { VaultDerivations } from "./vault-derivation.js";
export { StatusIndex } from "./intent-status.js";

export default {
  fetch: handle,

  /** The chain poller: one round in the status index (which also keeps its own alarm when POLL_INTERVAL_MS is set). */
  async scheduled(controller, env, ctx) {
    const summary = await statusIndex(env).poll();
    console.log(JSON.stringify({ event: "chain-poll", cron: controller.cron, scheduledTime: controller.scheduledTime, summary }));
  },
};
