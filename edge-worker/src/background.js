// Work a request starts and does not wait for (ctx.waitUntil), started from a timer.
//
// Why a timer: in the local runtime (workerd under `wrangler dev` and Miniflare), a Durable Object
// call that a request starts in the same turn of the event loop as the one in which it returns its
// response, and leaves running past it, makes workerd stop reading a batch of other connections
// until the load stops. Under load, clients saw requests wait up to 10 s, time out and be reset,
// and `npm start` saw bursts of answers 0.5-4 s late. It happens most reliably when the call
// writes storage, as a quote's registration does. The same call awaited before the response, or
// started from a timer, leaves every connection served. `npm run bench:stalls` reproduces it with
// a worker of a few lines (bench/README.md, "Stalled connections"). Work whose lateness matters
// (the rate limiter's lease refill) is awaited before the response instead: under load workerd
// runs timers late.

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
  const running = new Promise((resolve) => setTimeout(resolve, 0)).then(work);
  ctx?.waitUntil(running.catch(() => {}));
  return running;
}
