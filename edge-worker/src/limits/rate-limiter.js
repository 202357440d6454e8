// Token buckets and the leases through which a worker isolate spends them. Objects are a bounded
// set (runtime/objects.js, limiterObjectName): one per API key (keys are configured, so their number is), and a fixed
// pool for the keyless buckets of client networks, each pool object holding one row per bucket:
// a stranger sending from new addresses adds rows, never objects, and idle rows are dropped by
// the object's alarm (a bucket refilled to its burst is exactly an unused one).
//
// The object. What a bucket grants, holds and answers is the core's (op "rateBucket",
// src/service/keys/rate_bucket.h); `take` reads the bucket, asks and writes in one synchronous
// turn once the core is loaded (core.js withCoreNow), so concurrent callers see each other's
// withdrawals. Its buckets live in the object's memory and are written to its SQLite
// storage at most once per second (a write on every request paused workerd's thread and made the
// latency tail): a restart reads the last written bucket, so it can hand out again at most the
// tokens withdrawn in the second before it (docs/security.md, "Rate limits: how exact").
//
// Leases. Calling the object on every request put one object on every request of its key: a round
// trip to wherever the object lives, and the key's whole request rate against one object's
// throughput (docs/scale.md). So an isolate withdraws a key's tokens a few at a time (about
// LEASE_WINDOW_MS of the key's rate, at least 1, at most the burst), spends them without a call,
// and refills in the background before they run out (beside the work of the request that starts the
// refill, which answers once it has landed). Leased tokens are withdrawn from the bucket when
// leased, so admissions never exceed withdrawals however many isolates lease; and the object counts
// the unspent part of each lease as still in the bucket's keeping until the lease expires (the
// bucket refills only up to burst minus those), so even a burst right after an idle lease gets at
// most `burst` at once. An isolate drops what it has not spent when the lease expires: a crash or
// an idle isolate loses tokens (fewer admissions), never adds any. A key whose lease would be one
// token (below 1/LEASE_WINDOW_MS tokens per second, e.g. 20/s at 50 ms) takes its token from the
// object on every request, exactly as without leases.
import { DurableObject } from "cloudflare:workers";
import { withCoreNow } from "../core.js";
import { limiterObjectName } from "../runtime/objects.js";

const FLUSH_INTERVAL_MS = 1_000;
const PRUNE_INTERVAL_MS = 60_000;
/** How much of a key's rate one lease holds: a key at its full rate calls its object about 20 times a second. */
export const LEASE_WINDOW_MS = 50;
/** How long the object counts a lease's unspent tokens as held by an isolate (the core's kRateLeaseTtlMs). */
const LEASE_TTL_MS = 500;
// The isolate stops spending a lease before the object stops counting it: the isolate measures
// from the moment it sent the call (before the object granted), and the margin covers a clock
// that workerd advances only at I/O.
const LOCAL_LEASE_TTL_MS = LEASE_TTL_MS - 100;
// A lease call that has not answered in this long no longer stops another one from starting (a
// call stuck in the runtime must not leave the isolate asking for single tokens forever).
const ACQUIRE_STALE_MS = 1_000;

export class RateLimiter extends DurableObject {
  /**
   * The buckets this object holds, by name (one object holds many: a key's own, or the network
   * buckets of a pool slot, runtime/objects.js).
   * @type {Map<string, { tokens: number, updatedMs: number, ratePerSec: number, burst: number, dirty: boolean,
   *   leases: { tokens: number, expiresMs: number }[], counts: { calls: number, granted: number, leased: number } }>}
   */
  #buckets = new Map();
  #flushTimer = null;
  #pruneArmed = false;
  /** name -> slot id -> expiry (ms): concurrent-use caps (acquireSlot). */
  #slots = new Map();

  /** @param {DurableObjectState} ctx @param {unknown} env */
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // One row per bucket. (Objects of the one-bucket-per-object layout kept theirs in "bucket".)
    this.sql.exec(`CREATE TABLE IF NOT EXISTS buckets (name TEXT PRIMARY KEY, tokens REAL NOT NULL, updated_ms REAL NOT NULL,
      rate_per_sec REAL NOT NULL, burst REAL NOT NULL)`);
    // Holds (acquireHold): what must outlive a restart, one row per holder, until released or expired.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS holds (name TEXT NOT NULL, holder TEXT NOT NULL, expires_ms REAL NOT NULL,
      PRIMARY KEY (name, holder))`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS holds_by_expiry ON holds (name, expires_ms)");
    for (const row of this.sql.exec("SELECT name, tokens, updated_ms, rate_per_sec, burst FROM buckets").toArray()) {
      this.#buckets.set(row.name, this.#fresh(row.tokens, row.updated_ms, row.rate_per_sec, row.burst));
    }
    // Rows stored with no alarm to prune them (written before the alarm existed, or an alarm lost
    // with an old layout) get it now rather than at the next take: a pool object whose clients
    // went away would otherwise keep them. The one-bucket-per-object layout's row is read by
    // nothing any more: it goes.
    this.sql.exec("DROP TABLE IF EXISTS bucket");
    ctx.blockConcurrencyWhile(async () => {
      if ((this.#buckets.size > 0 || this.#holdsStored()) && (await ctx.storage.getAlarm()) === null) this.#pruneSoon();
    });
  }

  #fresh(tokens, updatedMs, ratePerSec, burst) {
    return { tokens, updatedMs, ratePerSec, burst, dirty: false, leases: [], counts: { calls: 0, granted: 0, leased: 0 } };
  }

  /**
   * Withdraws up to `want` tokens (as many as the bucket holds). With `spendOne` the caller
   * spends one of them now; the others are a lease, counted against the bucket's refill until
   * they expire.
   * @param {{ ratePerSec: number, burst: number }} limit
   * @param {number} [want] @param {boolean} [spendOne] @param {string} [name] the bucket
   * @returns {{ allowed: boolean, granted: number, limit: number, remaining: number, resetSec: number, retryAfterSec: number }}
   */
  take(limit, want = 1, spendOne = true, name = "") {
    return withCoreNow(this.env, (ask) => {
      const { ratePerSec, burst } = limit;
      const now = Date.now();
      const held = this.#buckets.get(name);
      const { bucket, granted, leased, allowed, remaining, resetSec, retryAfterSec } = bucketOp(ask, { kind: "take", bucket: held ? { tokens: held.tokens, updatedMs: held.updatedMs, leases: held.leases } : null, limit: { ratePerSec, burst }, want, spendOne, nowMs: now });
      const counts = held?.counts ?? { calls: 0, granted: 0, leased: 0 };
      counts.calls += 1;
      counts.granted += granted;
      counts.leased += leased;
      this.#buckets.set(name, { ...bucket, ratePerSec, burst, dirty: true, counts });
      this.#flushSoon();
      this.#pruneSoon();
      return { allowed, granted, limit: burst, remaining, resetSec, retryAfterSec };
    });
  }

  /**
   * Counts one more concurrent use under `name` (the open streams of a client network or a key,
   * limits/stream-caps.js) until `releaseSlot` or `ttlMs`, whichever is first, and answers how many are
   * open with it. The core decides whether that many may be (op "streamAdmission"); a refused
   * caller releases its slot again, so racing opens each see their own count and never more than
   * the cap are admitted. The expiry frees the slot of a stream whose release never arrived (an
   * isolate that died). Slots are held in memory only: a restart of this object forgets them,
   * letting up to the cap more open until the old ones end.
   * @returns {{ slot: string, open: number }}
   */
  acquireSlot(name, ttlMs) {
    const now = Date.now();
    let slots = this.#slots.get(name);
    if (!slots) this.#slots.set(name, (slots = new Map()));
    for (const [id, expires] of slots) if (expires <= now) slots.delete(id);
    const slot = crypto.randomUUID();
    slots.set(slot, now + ttlMs);
    return { slot, open: slots.size };
  }

  /** Frees a slot taken by acquireSlot (a no-op when it already expired). */
  releaseSlot(name, slot) {
    const slots = this.#slots.get(name);
    slots?.delete(slot);
    if (slots?.size === 0) this.#slots.delete(name);
  }

  /**
   * Counts `holder` under `name` until `releaseHold` or `expiresMs`, whichever is first, and
   * answers how many unexpired holders `name` has with it and the earliest expiry among them (the
   * open, unfunded deposit addresses of a partner or a client network, deposits/caps.js: each
   * address holds until it is funded or its deadline passes). The core decides whether that many
   * may be (op "depositAdmission"); a refused creation releases its hold again. Unlike stream
   * slots, holds are written to storage at once: they last a day, across restarts. Holding again
   * under the same holder only moves its expiry.
   * @returns {{ open: number, freesAtMs: number | null }}
   */
  acquireHold(name, holder, expiresMs) {
    const now = Date.now();
    this.sql.exec("DELETE FROM holds WHERE name = ? AND expires_ms <= ?", name, now);
    this.sql.exec(
      "INSERT INTO holds (name, holder, expires_ms) VALUES (?, ?, ?) ON CONFLICT(name, holder) DO UPDATE SET expires_ms = excluded.expires_ms",
      name,
      holder,
      expiresMs,
    );
    const row = this.sql.exec("SELECT COUNT(*) AS n, MIN(expires_ms) AS first FROM holds WHERE name = ?", name).toArray()[0];
    this.#pruneSoon();
    return { open: row.n, freesAtMs: row.first ?? null };
  }

  /** Ends a hold taken by acquireHold (a no-op when it already expired or was released). */
  releaseHold(name, holder) {
    this.sql.exec("DELETE FROM holds WHERE name = ? AND holder = ?", name, holder);
  }

  /** How many unexpired holders `name` has, and how many rows it has stored (expired ones stay until the alarm). */
  peekHolds(name) {
    const open = this.sql.exec("SELECT COUNT(*) AS n FROM holds WHERE name = ? AND expires_ms > ?", name, Date.now()).toArray()[0].n;
    const stored = this.sql.exec("SELECT COUNT(*) AS n FROM holds WHERE name = ?", name).toArray()[0].n;
    return { open, stored };
  }

  /**
   * A bucket as last written and as held now, the tokens out on its unexpired leases, and its
   * counts since this object started; plus how many buckets the object holds and has stored, for
   * tests, benchmarks and operators.
   * @param {string} [name]
   */
  peek(name = "") {
    const row = this.sql.exec("SELECT tokens, updated_ms FROM buckets WHERE name = ?", name).toArray()[0];
    const stored = row ? { tokens: row.tokens, updated_ms: row.updated_ms } : null;
    const now = Date.now();
    const b = this.#buckets.get(name);
    const leased = (b?.leases ?? []).filter((l) => l.expiresMs > now).reduce((sum, l) => sum + l.tokens, 0);
    const storedRows = this.sql.exec("SELECT COUNT(*) AS n FROM buckets").toArray()[0].n;
    return {
      stored,
      held: b ? { tokens: b.tokens, updatedMs: b.updatedMs } : null,
      leased,
      counts: { ...(b?.counts ?? { calls: 0, granted: 0, leased: 0 }) },
      buckets: this.#buckets.size,
      storedRows,
    };
  }

  /**
   * Forgets idle buckets: one whose refill has brought it back to its burst, with no lease out,
   * is exactly a bucket never used, so dropping its row changes no answer. Runs every
   * PRUNE_INTERVAL_MS while the object holds buckets; a bucket is at most PRUNE_INTERVAL_MS
   * plus its refill time (burst / rate) older than its last use when it goes. Expired holds go
   * by the same alarm.
   */
  async alarm() {
    this.#pruneArmed = false;
    await this.#prune();
    this.#pruneSoon();
  }

  /** Drops expired holds, and the buckets op "rateBucket" answers idle (read and dropped in one turn). */
  #prune() {
    return withCoreNow(this.env, (ask) => {
      const now = Date.now();
      this.sql.exec("DELETE FROM holds WHERE expires_ms <= ?", now);
      if (this.#buckets.size === 0) return;
      const buckets = Object.fromEntries([...this.#buckets].map(([name, b]) => [name, { tokens: b.tokens, updatedMs: b.updatedMs, leases: b.leases, ratePerSec: b.ratePerSec, burst: b.burst }]));
      for (const name of bucketOp(ask, { kind: "idle", buckets, nowMs: now }).idle) {
        this.#buckets.delete(name);
        this.sql.exec("DELETE FROM buckets WHERE name = ?", name);
      }
    });
  }

  #pruneSoon() {
    if (this.#pruneArmed || (this.#buckets.size === 0 && !this.#holdsStored())) return;
    this.#pruneArmed = true;
    this.ctx.storage.setAlarm(Date.now() + pruneIntervalMs(this.env)).catch(() => {
      this.#pruneArmed = false;
    });
  }

  #holdsStored() {
    return this.sql.exec("SELECT 1 FROM holds LIMIT 1").toArray().length > 0;
  }

  #flushSoon() {
    this.#flushTimer ??= setTimeout(() => {
      this.#flushTimer = null;
      for (const [name, b] of this.#buckets) {
        if (!b.dirty) continue;
        b.dirty = false;
        this.sql.exec(
          `INSERT INTO buckets (name, tokens, updated_ms, rate_per_sec, burst) VALUES (?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET
            tokens = excluded.tokens, updated_ms = excluded.updated_ms, rate_per_sec = excluded.rate_per_sec, burst = excluded.burst`,
          name,
          b.tokens,
          b.updatedMs,
          b.ratePerSec,
          b.burst,
        );
      }
    }, FLUSH_INTERVAL_MS);
  }
}

/** Op "rateBucket"'s answer; anything but 200 is a bug of this object's. */
function bucketOp(ask, input) {
  const answer = ask("rateBucket", input);
  if (answer.status !== 200) throw new Error(`rateBucket answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  return answer.body;
}

/** How often a limiter object drops its idle buckets (RATE_LIMIT_PRUNE_MS shortens it in tests). */
function pruneIntervalMs(env) {
  const set = Number(env?.RATE_LIMIT_PRUNE_MS);
  return Number.isFinite(set) && set > 0 ? set : PRUNE_INTERVAL_MS;
}

/** Tokens one lease asks for: about LEASE_WINDOW_MS of the rate, at least 1, at most the burst. */
export function leaseSize(limit, windowMs = LEASE_WINDOW_MS) {
  return Math.max(1, Math.min(Math.floor(limit.burst), Math.floor((limit.ratePerSec * windowMs) / 1000)));
}

/**
 * This isolate's leases, per bucket name: unspent grants (oldest first), the object's count at
 * the last answer, and the lease call in flight if any. Module state lives as long as the
 * isolate; nothing in it is an I/O object, so requests may share it.
 * @type {Map<string, { grants: { tokens: number, expiresMs: number }[], objectRemaining: number, acquiring: { sinceMs: number } | null }>}
 */
const leases = new Map();
const MAX_IDLE_BUCKETS = 1_000;

function leaseOf(bucketName) {
  let state = leases.get(bucketName);
  if (!state) {
    if (leases.size >= MAX_IDLE_BUCKETS) sweep(Date.now());
    state = { grants: [], objectRemaining: 0, acquiring: null };
    leases.set(bucketName, state);
  }
  return state;
}

/** Forgets buckets with nothing leased and no call in flight, so a stream of keys cannot grow the map. */
function sweep(now) {
  for (const [name, state] of leases) {
    if (state.acquiring === null && localTokens(state, now) === 0) leases.delete(name);
  }
}

/** Unspent, unexpired leased tokens; drops the expired ones. */
function localTokens(state, now) {
  while (state.grants.length > 0 && (state.grants[0].expiresMs <= now || state.grants[0].tokens <= 0)) state.grants.shift();
  return state.grants.reduce((sum, g) => (g.expiresMs > now ? sum + g.tokens : sum), 0);
}

/** Spends one leased token if there is one (the oldest grant first, since it expires first). */
function spendLocal(state, now) {
  for (const g of state.grants) {
    if (g.expiresMs > now && g.tokens > 0) {
      g.tokens -= 1;
      return true;
    }
  }
  return false;
}

function acquiring(state, now) {
  return state.acquiring !== null && now - state.acquiring.sinceMs < ACQUIRE_STALE_MS;
}

function headersResult(allowed, limit, remaining, retryAfterSec) {
  return {
    allowed,
    limit: limit.burst,
    remaining,
    resetSec: Math.ceil((limit.burst - remaining) / limit.ratePerSec),
    retryAfterSec,
  };
}

/**
 * One token for a request from the bucket `bucketName`, from this isolate's lease when it has one
 * (no call), else from the bucket's object. `RateLimit-Remaining` is the object's count at its
 * last answer plus what this isolate still holds (docs/security.md).
 * @param {DurableObjectNamespace<RateLimiter>} namespace
 * @param {string} bucketName "key:<id>" or "ip:<address>"
 * @param {{ ratePerSec: number, burst: number }} limit
 * @param {{ waitUntil(p: Promise<unknown>): void } | undefined} ctx where a background refill runs
 * @param {number} [windowMs] lease window; 0 calls the object on every request (no leases)
 */
export async function takeToken(namespace, bucketName, limit, ctx, windowMs = LEASE_WINDOW_MS) {
  const size = windowMs > 0 ? leaseSize(limit, windowMs) : 1;
  const object = limiterObjectName(bucketName);
  const stub = () => namespace.get(namespace.idFromName(object));
  if (size === 1) return stub().take(limit, 1, true, bucketName);

  const state = leaseOf(bucketName);
  if (spendLocal(state, Date.now())) {
    const refill = refillSoon(state, stub, bucketName, limit, size, ctx);
    return { ...headersResult(true, limit, state.objectRemaining + localTokens(state, Date.now()), 0), refill };
  }
  // Nothing leased: this request calls the object. One call at a time per isolate and bucket asks
  // for a whole lease; requests arriving meanwhile ask for their own token only, so a cold isolate
  // under load does not withdraw (and then let expire) a lease per waiting request. They do not
  // wait for the lease call instead: a request awaiting a promise that another request's I/O
  // settles was seen to stall for 20 s and more in workerd (docs/scale.md), and an empty bucket
  // then costs one call per refused request, as without leases.
  const lead = !acquiring(state, Date.now());
  const mine = lead ? { sinceMs: Date.now() } : null;
  if (mine) state.acquiring = mine;
  const sentMs = Date.now();
  let answer;
  try {
    answer = await stub().take(limit, lead ? size : 1, true, bucketName);
  } finally {
    if (mine && state.acquiring === mine) state.acquiring = null;
  }
  state.objectRemaining = answer.remaining;
  if (answer.granted > 1) state.grants.push({ tokens: answer.granted - 1, expiresMs: sentMs + LOCAL_LEASE_TTL_MS });
  const now = Date.now();
  if (answer.allowed) return headersResult(true, limit, answer.remaining + localTokens(state, now), 0);
  // Refused by the object, but a lease that landed while this request waited may still serve it.
  if (spendLocal(state, now)) return headersResult(true, limit, answer.remaining + localTokens(state, now), 0);
  return headersResult(false, limit, answer.remaining, answer.retryAfterSec);
}

/**
 * Starts a background lease call when half the lease is spent and none is in flight; answers the
 * call (which never rejects), or null.
 */
function refillSoon(state, stub, bucketName, limit, size, ctx) {
  const now = Date.now();
  if (localTokens(state, now) * 2 > size || acquiring(state, now)) return null;
  const mine = { sinceMs: now };
  state.acquiring = mine;
  const call = stub()
    .take(limit, size, false, bucketName)
    .then((answer) => {
      state.objectRemaining = answer.remaining;
      if (answer.granted > 0) state.grants.push({ tokens: answer.granted, expiresMs: mine.sinceMs + LOCAL_LEASE_TTL_MS });
    })
    .catch((e) => console.error(JSON.stringify({ event: "rate-lease-failed", message: String(e?.message ?? e) })))
    .finally(() => {
      if (state.acquiring === mine) state.acquiring = null;
    });
  // The request that started the refill does its work meanwhile and answers once both are done
  // (the middleware awaits `refill`): a Durable Object call left in flight past the response makes
  // the local runtime stall other connections far more often (runtime/background.js). waitUntil keeps the
  // call alive should the request end first.
  ctx?.waitUntil(call);
  return call;
}

/** The RateLimit-* headers every keyed response carries, plus Retry-After when refused. */
export function rateLimitHeaders(result) {
  const h = {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSec),
  };
  if (!result.allowed) h["Retry-After"] = String(result.retryAfterSec);
  return h;
}
