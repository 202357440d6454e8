// Threat-model checks that need no running worker (docs/security.md): keys are stored only as
// digests, secrets stay out of the production configuration, and the key lookup compares every
// stored digest whatever the presented key.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { keyTable, lookupKey } from "../../edge-worker/src/keys/api-keys.js";

const repo = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, repo), "utf8");
const DEV_KEYS = ["dev-key-acme", "dev-key-unmapped", "dev-key-revoked", "dev-key-v0", "dev-key-slow", "dev-key-basic", "dev-key-status", "dev-key-frugal"];
const LOCAL_SIGNER_KEY = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const sha256 = (text) => createHash("sha256").update(text).digest("hex");

test("local keys are stored as SHA-256 digests only, one per documented development key", () => {
  const text = read("config/local/keys.json");
  for (const key of DEV_KEYS) assert.ok(!text.includes(key), `${key} stored in clear`);
  const records = JSON.parse(text);
  for (const r of records) {
    assert.match(r.sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(Object.keys(r).filter((k) => /key|secret|token/i.test(k)), [], `record ${r.id} has a secret-looking member`);
  }
  assert.deepEqual(new Set(records.map((r) => r.sha256)), new Set(DEV_KEYS.map(sha256)));
});

// The local worker's secret values as wrangler.toml sets them under [env.local.vars], a list
// (RELAYER_KEYS, comma-separated) split into its keys, without 0x prefixes.
const LOCAL_SECRET_NAMES = ["QUOTE_SIGNER_KEY", "INDEXER_TOKEN", "RELAYER_KEY", "RELAYER_KEYS", "WEBHOOK_SECRETS_KEY"];
function localSecrets() {
  const local = read("edge-worker/wrangler.toml").split("[env.local]")[1];
  return LOCAL_SECRET_NAMES.flatMap((name) => {
    const m = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m").exec(local);
    assert.ok(m, `${name} is not set for the local worker: nothing to look for`);
    return m[1].split(",").map((v) => v.trim().replace(/^0x/i, "")).filter((v) => v.length > 0);
  });
}

test("the production configuration carries no keys, no development secrets and no signer key", () => {
  const secrets = localSecrets();
  assert.ok(secrets.length >= LOCAL_SECRET_NAMES.length + 1, "RELAYER_KEYS lists at least two keys");
  const dir = new URL("config/production/", repo);
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  assert.ok(!files.includes("keys.json"), "production keys belong in the deployment, not the repository");
  assert.ok(!files.includes("secrets.json"));
  for (const f of files) {
    const text = readFileSync(new URL(f, dir), "utf8");
    assert.ok(!text.includes(LOCAL_SIGNER_KEY), `${f} holds the local signer key`);
    for (const key of DEV_KEYS) assert.ok(!text.includes(key), `${f} holds ${key}`);
    for (const secret of secrets) assert.ok(!text.toLowerCase().includes(secret.toLowerCase()), `${f} holds a local secret (${secret.slice(0, 6)}…)`);
    // A 32-byte hex secret next to a name that says key, secret or token.
    assert.doesNotMatch(text, /"[^"]*(key|secret|token)[^"]*"\s*:\s*"(0x)?[0-9a-fA-F]{64}"/i, `${f} holds something that looks like a secret`);
  }
});

test("wrangler.toml sets secrets only for the local environment, marked DEVELOPMENT ONLY", () => {
  const toml = read("edge-worker/wrangler.toml");
  const [production, local] = toml.split("[env.local]");
  for (const name of ["QUOTE_SIGNER_KEY", "INDEXER_TOKEN", "RELAYER_KEY", "RELAYER_KEYS", "WEBHOOK_SECRETS_KEY"]) {
    assert.doesNotMatch(production, new RegExp(`^${name}\\s*=`, "m"), `${name} set outside [env.local]`);
    // The comment block right above the assignment says so.
    const lines = local.split("\n");
    const at = lines.findIndex((l) => new RegExp(`^${name}\\s*=`).test(l));
    if (at < 0) continue;
    let first = at;
    while (first > 0 && lines[first - 1].startsWith("#")) first--;
    assert.match(lines.slice(first, at).join("\n"), /DEVELOPMENT ONLY/, `${name} not marked DEVELOPMENT ONLY`);
  }
});

test("key lookup reads every stored digest in full, matched or not (no early exit to time)", async () => {
  const records = Array.from({ length: 50 }, (_, i) => ({ id: `k${i}`, sha256: sha256(`key-${i}`), v1Enabled: true, rateLimit: { ratePerSec: 1, burst: 1 } }));
  const table = keyTable(records);
  let reads = 0;
  // Count every byte read of every digest during one lookup.
  const counted = table.map((entry) => ({
    record: entry.record,
    digest: new Proxy(entry.digest, { get: (t, p) => (typeof p === "string" && /^\d+$/.test(p) && reads++, Reflect.get(t, p)) }),
  }));
  const readsFor = async (presented) => {
    reads = 0;
    const found = await lookupKey(counted, presented);
    return { reads, found: found?.id ?? null };
  };
  const first = await readsFor("key-0");
  const last = await readsFor("key-49");
  const none = await readsFor("no-such-key");
  assert.deepEqual([first.found, last.found, none.found], ["k0", "k49", null]);
  assert.equal(first.reads, 50 * 32);
  assert.equal(last.reads, first.reads);
  assert.equal(none.reads, first.reads);
});
