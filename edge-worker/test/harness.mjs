// Starts the real worker bundle (what `wrangler deploy` would upload) in workerd through
// Miniflare, with the bindings wrangler.toml declares for the local environment.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export const workerDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = join(workerDir, "..", "node_modules", ".bin", "wrangler");

export const DEV_KEYS = {
  acme: "dev-key-acme",
  unmapped: "dev-key-unmapped",
  revoked: "dev-key-revoked",
  v0: "dev-key-v0",
  slow: "dev-key-slow",
};

/** Builds the local bundle once into a temp directory; returns that directory. */
export function buildBundle() {
  const outdir = mkdtempSync(join(tmpdir(), "sr-worker-bundle-"));
  execFileSync("bash", [join(workerDir, "scripts", "build-worker.sh"), "local"], { stdio: "pipe", timeout: 120_000 });
  execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", outdir, "--env", "local"], {
    cwd: workerDir,
    stdio: "pipe",
    timeout: 120_000,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  return outdir;
}

export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * @param {{ bundleDir: string, persistDir: string, bindings?: Record<string, string> }} options
 */
export async function startWorker({ bundleDir, persistDir, bindings = {} }) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(workerDir, "wrangler.toml"), "local");
  const mf = new Miniflare({
    ...workerOptions,
    name: "stableroutes-test",
    modules: true,
    scriptPath: join(bundleDir, "index.js"),
    modulesRoot: bundleDir,
    bindings: { ...workerOptions.bindings, ...bindings },
    durableObjectsPersist: persistDir,
  });
  const base = await mf.ready;
  return {
    mf,
    base,
    /** @param {string} path @param {RequestInit & {key?: string}} [init] */
    fetch(path, init = {}) {
      const { key, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key) headers.set("x-api-key", key);
      return mf.dispatchFetch(new URL(path, base).href, { ...rest, headers });
    },
    dispose: () => mf.dispose(),
  };
}
