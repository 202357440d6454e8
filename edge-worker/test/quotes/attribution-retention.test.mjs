// Attribution rows have a lifetime (issue 28): a dappId label's uses are counted per endpoint and
// UTC day, a day's rows are kept ATTRIBUTION_KEEP_DAYS days (90 in production: past reporting)
// and deleted by the counter's alarm (op "attributionRetention"); a label left without rows
// deletes its storage. Here a day lasts ATTRIBUTION_DAY_SEC = 2 seconds and 2 are kept, since
// workerd's clock cannot be moved.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildBundle, startWorker, tempDir } from "../harness.mjs";
import { waitFor } from "../gasless-helpers.mjs";

const DAY_SEC = 2;
const KEEP_DAYS = 2;
const day = () => Math.floor(Date.now() / 1000 / DAY_SEC);

/** How many attribution objects have a database file. */
function attributionObjects(dir) {
  const sub = readdirSync(dir, { withFileTypes: true }).find((e) => e.isDirectory() && /AttributionCounter/.test(e.name));
  return sub ? readdirSync(join(dir, sub.name)).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite").length : 0;
}

describe("attribution rows past reporting", () => {
  let bundleDir, state, w;
  before(async () => {
    bundleDir = buildBundle();
    state = tempDir("sr-attribution-retention-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { ATTRIBUTION_DAY_SEC: String(DAY_SEC), ATTRIBUTION_KEEP_DAYS: String(KEEP_DAYS) } });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });

  test("uses count per endpoint and day; old days go, then the label's whole storage", async () => {
    const ns = await w.mf.getDurableObjectNamespace("ATTRIBUTION");
    const counter = ns.get(ns.idFromName(`label-${crypto.randomUUID()}`));
    const plain = async (p) => JSON.parse(JSON.stringify(await p));
    // Two writes of one day add up under that day. They start right after a day begins, so both
    // fall within it with the whole 2 s to spare (retrying them instead counted a loaded
    // machine's first attempt too).
    const start = day();
    await waitFor(async () => day(), (d) => d > start, { timeoutMs: 5_000, intervalMs: 10 });
    const first = day();
    await counter.record({ "v1/quotes": 2, "api/v3/quotes/exactIn": 1 });
    await counter.record({ "v1/quotes": 3 });
    assert.equal(day(), first, "both writes within one 2-second day");
    assert.deepEqual(await plain(counter.counts()), { "v1/quotes": 5, "api/v3/quotes/exactIn": 1 });
    const rows = await plain(counter.rows());
    assert.ok(rows.every((r) => r.day === first), JSON.stringify(rows));
    assert.equal(attributionObjects(state.dir), 1);
    const stored = await plain(counter.stored());
    assert.deepEqual(stored.tables, ["daily_uses"]);
    assert.equal(stored.alarm, (first + KEEP_DAYS) * DAY_SEC * 1000, "the alarm looks when the first day leaves the window");

    // A use a day later: its own row; counts() totals what is kept.
    await waitFor(async () => day(), (d) => d > first, { timeoutMs: 5_000 });
    await counter.record({ "v1/quotes": 1 });
    const later = (await plain(counter.rows())).find((r) => r.day > first);
    assert.ok(later, "a row of the later day");
    assert.equal((await plain(counter.counts()))["v1/quotes"], 6);

    // The first day leaves the window KEEP_DAYS days after it began: the alarm deletes its rows
    // and keeps the later one.
    const afterFirst = await waitFor(() => plain(counter.rows()), (r) => r.every((x) => x.day !== first), { timeoutMs: 10_000 });
    assert.deepEqual(afterFirst, [later]);
    assert.deepEqual(await plain(counter.counts()), { "v1/quotes": 1 });

    // Then the last day goes too, and with no row left the object deletes its storage: no table,
    // no alarm (reading it creates neither).
    const gone = await waitFor(() => plain(counter.stored()), (st) => st.tables.length === 0, { timeoutMs: 10_000 });
    assert.equal(gone.alarm, null);
    // (The local runtime keeps an empty database file; what it held is gone.)
    assert.deepEqual(await plain(counter.counts()), {});
  });
});
