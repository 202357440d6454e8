// The worker suites' shared bundle (harness.mjs): one bundle of the repository's own inputs,
// reused by every suite that asks for it, must be exactly what a private build of the same inputs
// makes, and a change to any input must lead to another bundle, never to the old one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildBundle, bundleInputsDigest, removeBundle, tempDir, workerDir } from "./harness.mjs";

const repo = join(workerDir, "..");

test("suites without options share one bundle, the same modules as a private build of the same inputs", () => {
  const shared = buildBundle();
  assert.equal(buildBundle(), shared);
  // A private build (any option makes one): here an environment variable the build ignores.
  const own = buildBundle({ env: { SR_UNUSED_BY_THE_BUILD: "1" } });
  try {
    assert.notEqual(own, shared);
    assert.ok(readFileSync(join(own, "index.js")).equals(readFileSync(join(shared, "index.js"))), "index.js differs");
    removeBundle(shared);
    assert.ok(existsSync(join(shared, "index.js")), "removeBundle deleted the shared bundle under the other suites");
  } finally {
    removeBundle(own);
  }
  assert.ok(!existsSync(own));
});

test("every input of the bundle changes its digest", () => {
  const tmp = tempDir("sr-bundle-inputs-");
  try {
    const root = tmp.dir;
    const worker = join(root, "edge-worker");
    mkdirSync(worker);
    for (const part of ["src", "scripts", "package.json", "wrangler.toml", "openapi.json"]) cpSync(join(workerDir, part), join(worker, part), { recursive: true });
    cpSync(join(repo, "config"), join(root, "config"), { recursive: true });
    cpSync(join(repo, "package-lock.json"), join(root, "package-lock.json"));
    const wasm = join(root, "wasm");
    mkdirSync(wasm);
    writeFileSync(join(wasm, "core.mjs"), "export default 1;\n");
    writeFileSync(join(wasm, "core.wasm"), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    const env = { SR_WASM_DIR: wasm, HOME: "/nowhere" };
    const digest = (over = {}) => bundleInputsDigest({ worker, repo: root, wasm, env: { ...env, ...over } });
    const before = digest();
    assert.equal(digest(), before);
    assert.equal(digest({ HOME: "/elsewhere" }), before, "a variable the build does not read changed the digest");
    assert.notEqual(digest({ SR_EXTRA: "1" }), before, "an SR_ variable");

    const edits = [
      join(worker, "src", "router.js"),
      join(worker, "scripts", "build-worker.sh"),
      join(worker, "wrangler.toml"),
      join(worker, "openapi.json"),
      join(worker, "package.json"),
      join(root, "config", "local", "keys.json"),
      join(root, "package-lock.json"),
      join(wasm, "core.mjs"),
      join(wasm, "core.wasm"),
    ];
    for (const file of edits) {
      const original = readFileSync(file);
      writeFileSync(file, Buffer.concat([original, Buffer.from(" ")]));
      assert.notEqual(digest(), before, `an edit of ${file.slice(root.length + 1)}`);
      writeFileSync(file, original);
      assert.equal(digest(), before);
    }
    // A file added to the sources (a new module) is an input too.
    writeFileSync(join(worker, "src", "added.js"), "");
    assert.notEqual(digest(), before, "a file added to src/");
  } finally {
    tmp.remove();
  }
});
