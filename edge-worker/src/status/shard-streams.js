// The live status streams an intent shard serves (GET /v1/intents/stream): Server-Sent Events
// transport only. What each stream is sent, and when it ends, is op "intentShardStep"'s event
// "stream" (src/service/status/intent_shard_step.h): the shard passes `push` a stream, asks the
// core, and this module performs the `send` and `close` effects the core names. Changes reach open
// streams from memory (notify): nothing polls storage per client.

// By variable so tests can shorten it (the maximum age, STREAM_MAX_MS, is the core's to apply).
const STREAM_KEEPALIVE_MS = 15_000;
const encoder = new TextEncoder();

export class ShardStreams {
  /** intent hash -> the open streams of that intent. */
  #streams = new Map();
  /** intent hash -> its record, for intents with open streams (keep-alive ticks read no storage). */
  #live = new Map();
  #ticker = null;

  /**
   * @param {object} env the worker's bindings (STREAM_KEEPALIVE_MS)
   * @param {(hash: string) => object | null} read the stored record of an intent
   * @param {(sub: object, record: object | null) => Promise<{effects: {kind: string, id?: string, data?: string}[], state: {last: string | null}}>} step
   *   the core's answer for a stream (op intentShardStep, event "stream")
   */
  constructor(env, read, step) {
    this.env = env;
    this.read = read;
    this.step = step;
  }

  /**
   * Opens a stream of `intentHash`: the current status at once, then one `status` event per change
   * of the status body, `: keep-alive` comments, and the end where the core says (a final status,
   * the stream's maximum age). `lastEventId`: the id of the body the client already has.
   */
  async open({ intentHash, query, chainTimes, lastEventId }) {
    const sub = { intentHash, query, chainTimes, opened: Date.now(), last: lastEventId, closed: false };
    const { readable, writable } = new TransformStream();
    sub.writer = writable.getWriter();
    sub.writer.closed.catch(() => this.#drop(sub)); // the client went away
    await this.#push(sub);
    if (!sub.closed) {
      if (!this.#streams.has(intentHash)) this.#streams.set(intentHash, new Set());
      this.#streams.get(intentHash).add(sub);
      this.#tickSoon();
    }
    return new Response(readable, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform" } });
  }

  /** The records of `hashes` changed (effect notify): each open stream of them is asked again. */
  notify(hashes) {
    for (const hash of hashes) {
      if (!this.#streams.has(hash)) continue;
      this.#live.set(hash, this.read(hash));
      for (const sub of this.#streams.get(hash)) this.#push(sub).catch(() => this.#close(sub));
    }
  }

  async #push(sub) {
    let record = null;
    if (sub.intentHash) {
      if (!this.#live.has(sub.intentHash)) this.#live.set(sub.intentHash, this.read(sub.intentHash));
      record = this.#live.get(sub.intentHash);
    }
    const answer = await this.step(sub, record);
    if (sub.closed) return;
    sub.last = answer.state.last;
    for (const effect of answer.effects) {
      if (effect.kind === "send") this.#write(sub, `event: status\nid: ${effect.id}\ndata: ${effect.data}\n\n`);
      else if (effect.kind === "close") this.#close(sub);
      else throw new Error(`intentShardStep named an effect a stream does not perform: ${effect.kind}`);
    }
  }

  /**
   * Keep-alives, and each stream asked again at every tick: deadlines that pass without an event
   * change its status, and the core ends it at its maximum age.
   */
  #tickSoon() {
    if (this.#ticker) return;
    const every = Number(this.env.STREAM_KEEPALIVE_MS ?? STREAM_KEEPALIVE_MS);
    this.#ticker = setInterval(() => {
      for (const subs of this.#streams.values()) {
        for (const sub of subs) {
          this.#write(sub, ": keep-alive\n\n");
          this.#push(sub).catch(() => this.#close(sub));
        }
      }
      if (this.#streams.size === 0) {
        clearInterval(this.#ticker);
        this.#ticker = null;
      }
    }, every);
  }

  #write(sub, text) {
    sub.writer.write(encoder.encode(text)).catch(() => this.#drop(sub));
  }

  #close(sub) {
    if (sub.closed) return;
    this.#drop(sub);
    sub.writer.close().catch(() => {});
  }

  #drop(sub) {
    sub.closed = true;
    const subs = this.#streams.get(sub.intentHash);
    subs?.delete(sub);
    if (subs?.size === 0) this.#streams.delete(sub.intentHash);
    if (!this.#streams.has(sub.intentHash)) this.#live.delete(sub.intentHash);
  }
}
