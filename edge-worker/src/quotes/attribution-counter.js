// Counts requests per dappId for attribution. One object per dappId keeps a popular label from
// becoming one hot object for everyone; the count is a label's usage, never an input to price
// or authentication. An isolate adds its uses up in memory and writes each label's sum at most
// once per FLUSH_MS, so a quote never costs a storage write: what a crash or an evicted isolate
// loses is the uses of its last second (docs/scale.md).
//
// Retention (op "attributionRetention"): uses are counted per endpoint and UTC day, and a day's
// rows are kept 90 days (today included: past reporting), then deleted by the object's alarm; a
// label left without rows deletes its storage, so the object is gone until the label is used
// again. ATTRIBUTION_KEEP_DAYS and ATTRIBUTION_DAY_SEC (the length of a day) shorten both for tests.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { nowSec } from "../runtime/time.js";

const TABLE = "CREATE TABLE IF NOT EXISTS daily_uses (endpoint TEXT NOT NULL, day INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (endpoint, day))";

/** A positive integer env setting, or undefined (the core's default). */
function setting(value) {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n >= 1 ? n : undefined;
}

export class AttributionCounter extends DurableObject {
  // No table is created until a use is recorded: reading a label whose storage was deleted must
  // not bring it back.

  constructor(ctx, env) {
    super(ctx, env);
    // Counts stored before the retention alarm existed (totals per endpoint, or days with no
    // alarm) get it when the object next starts, not only at the label's next use: the alarm
    // applies the rule at once (old totals become today's, expired days go) and sets the next.
    // Nothing is written for an object without counts.
    ctx.blockConcurrencyWhile(async () => {
      if (!this.#has("daily_uses") && !this.#has("uses")) return;
      if ((await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  /** @param {Record<string, number>} uses e.g. {"v1/quotes": 12}: uses per endpoint to add, today */
  async record(uses) {
    const rule = await this.#retention();
    this.ctx.storage.transactionSync(() => {
      // The alarm may have deleted the storage (tables included) while the core answered.
      this.ctx.storage.sql.exec(TABLE);
      this.#migrate(rule.day);
      for (const [endpoint, count] of Object.entries(uses)) {
        this.ctx.storage.sql.exec(
          "INSERT INTO daily_uses (endpoint, day, count) VALUES (?, ?, ?) ON CONFLICT(endpoint, day) DO UPDATE SET count = count + excluded.count",
          endpoint,
          rule.day,
          count,
        );
      }
    });
    // Today's row is kept, so nextAt is set: the alarm looks when the oldest kept day expires.
    const at = (rule.nextAt ?? nowSec()) * 1000;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** @returns {Record<string, number>} uses per endpoint, over the days kept */
  counts() {
    if (!this.#has("daily_uses")) return {};
    return Object.fromEntries(this.ctx.storage.sql.exec("SELECT endpoint, SUM(count) AS count FROM daily_uses GROUP BY endpoint").toArray().map((r) => [r.endpoint, r.count]));
  }

  /** @returns {{ endpoint: string, day: number, count: number }[]} the stored rows (tests, operators) */
  rows() {
    if (!this.#has("daily_uses")) return [];
    return this.ctx.storage.sql.exec("SELECT endpoint, day, count FROM daily_uses ORDER BY day, endpoint").toArray().map((r) => ({ ...r }));
  }

  /** @returns {Promise<{ tables: string[], alarm: number | null }>} what the object stores (tests, operators) */
  async stored() {
    const tables = this.ctx.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").toArray().map((r) => r.name);
    return { tables, alarm: await this.ctx.storage.getAlarm() };
  }

  async alarm() {
    const rule = await this.#retention();
    const left = this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec(TABLE);
      this.#migrate(rule.day);
      for (const day of rule.expired) this.ctx.storage.sql.exec("DELETE FROM daily_uses WHERE day = ?", day);
      return this.ctx.storage.sql.exec("SELECT COUNT(*) AS n FROM daily_uses").one().n;
    });
    // Nothing kept: the object's storage goes, alarm included (a later use starts it afresh).
    if (left === 0) return this.ctx.storage.deleteAll();
    if (rule.nextAt !== null) await this.ctx.storage.setAlarm(rule.nextAt * 1000);
  }

  /** The core's rule for the days this object holds, at this moment. */
  async #retention() {
    const days = this.#has("daily_uses") ? this.ctx.storage.sql.exec("SELECT DISTINCT day FROM daily_uses").toArray().map((r) => r.day) : [];
    const keepDays = setting(this.env.ATTRIBUTION_KEEP_DAYS);
    const daySec = setting(this.env.ATTRIBUTION_DAY_SEC);
    const answer = await askCore(this.env, "attributionRetention", { now: nowSec(), days, ...(keepDays ? { keepDays } : {}), ...(daySec ? { daySec } : {}) });
    if (answer.status !== 200) throw new Error(`attributionRetention answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    return answer.body;
  }

  /** Counts kept before days were (one total per endpoint) become today's, then age like any. */
  #migrate(day) {
    if (!this.#has("uses")) return;
    this.ctx.storage.sql.exec("INSERT INTO daily_uses (endpoint, day, count) SELECT endpoint, ?, count FROM uses WHERE true ON CONFLICT(endpoint, day) DO UPDATE SET count = count + excluded.count", day);
    this.ctx.storage.sql.exec("DROP TABLE uses");
  }

  #has(table) {
    return this.ctx.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", table).toArray().length > 0;
  }
}
