// The worker's entry points: HTTP, the cron trigger, and the Durable Object classes.
import { handle } from "./app.js";
export { RateLimiter } from "./rate-limiter.js";
export { AttributionCounter } from "./attribution.js";
export { GaslessJobs } from "./gasless-jobs.js";
export { GaslessRelayer } from "./relayer.js";
export { DepositAddresses } from "./deposit-addresses.js";

export default {
  fetch: handle,

  /** The chain poller. Status from chain events is its own issue; until then it only reports. */
  async scheduled(controller, env, ctx) {
    console.log(JSON.stringify({ event: "chain-poll", cron: controller.cron, scheduledTime: controller.scheduledTime, note: "poller not implemented yet" }));
  },
};
