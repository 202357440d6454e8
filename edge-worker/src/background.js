// Work a request starts and does not wait for (ctx.waitUntil), started after its response.
//
// Why after: in the local runtime (workerd under `wrangler dev` and Miniflare), a Durable Object
// call still in flight when its request's response is returned makes workerd stop reading a batch
// of other connections until the load stops. Under load, clients saw requests wait up to 10 s,
// time out and be reset, and `npm start` saw bursts of answers 0.5-4 s late. It happens most
// reliably when the call writes storage, as a quote's registration does. The same call awaited
// before the response, or started after it, leaves every connection served. `npm run bench:stalls`
// reproduces it with a worker of a few lines (bench/README.md, "Stalled connections").

/**
 * Starts `work` once the current request's response is on its way (from a timer), and keeps it
 * alive past the response with waitUntil. Resolves to what `work` resolves to.
 * @template T
 * @param {{ waitUntil(p: Promise<unknown>): void }} ctx
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export function afterResponse(ctx, work) {
  const running = new Promise((resolve) => setTimeout(resolve, 0)).then(work);
  ctx.waitUntil(running.catch(() => {}));
  return running;
}
