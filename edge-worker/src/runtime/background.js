// Work a request starts and does not wait for (ctx.waitUntil), started from a timer.
//
// Why a timer: in the local runtime (workerd under `wrangler dev` and Miniflare), Durable Object
// calls under load sometimes make workerd stop answering a batch of connections; seconds later it
// closes all of its connections at once, and clients see timeouts and resets. Any call can do it,
// awaited or not, but a call that a request starts in the same turn as the one in which it
// returns its response, and leaves running past it, did it most often (7 of 12 rounds of 10 s):
// the quote's registration was such a call, and `npm start` saw bursts of answers 0.5-4 s late.
// Started from a timer, the same call stalled 2 of 12. `npm run bench:stalls` reproduces both
// with a worker of a few lines (bench/README.md, "Stalled connections"). Work whose lateness
// matters (the rate limiter's lease refill) is awaited before the response instead: under load
// workerd runs timers late.

/**
 * Starts `work` from a timer, in a later turn than the caller's (so never in the turn that returns
 * the response), and keeps it alive past the response with waitUntil. Resolves to what `work`
 * resolves to.
 * @template T
 * @param {{ waitUntil(p: Promise<unknown>): void } | undefined} ctx
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export function inBackground(ctx, work) {
  return kept(ctx, new Promise((resolve) => setTimeout(resolve, 0)).then(work));
}

/**
 * Keeps `running` (work whose calls start from timers of their own) alive past the response with
 * waitUntil, without a turn of its own. Resolves to what `running` resolves to.
 * @template T
 * @param {{ waitUntil(p: Promise<unknown>): void } | undefined} ctx
 * @param {Promise<T>} running
 * @returns {Promise<T>}
 */
export function kept(ctx, running) {
  ctx?.waitUntil(running.catch(() => {}));
  return running;
}
