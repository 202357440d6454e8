// Starts the real worker bundle (what `wrangler deploy` would upload) in workerd through
// Miniflare, with the bindings wrangler.toml declares for the local environment.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import net from "node:net";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { checkedResponse } from "./contract.mjs";

export const workerDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(workerDir, "..");
const wrangler = join(repo, "node_modules", ".bin", "wrangler");

export const DEV_KEYS = {
  acme: "dev-key-acme",
  unmapped: "dev-key-unmapped",
  revoked: "dev-key-revoked",
  v0: "dev-key-v0",
  slow: "dev-key-slow",
  basic: "dev-key-basic",
  status: "dev-key-status",
  // Another partner's key: what acme's keys own must be invisible to it.
  frugal: "dev-key-frugal",
};

/**
 * Builds the local bundle (scripts/build-worker.sh local, then `wrangler deploy --dry-run`) in a
 * private copy of edge-worker/, because every build rewrites generated/config.js and wasm/ in
 * place: two suites building at once (one of them bundling the local chain stack's configuration
 * through SR_LOCAL_CHAINS_DIR) would otherwise bundle each other's configuration.
 * @param {{ env?: Record<string, string>, keys?: (records: object[]) => object[], patch?: (srcDir: string) => void }} [options]
 *   env: extra environment for build-worker.sh; keys: rewrites config/local/keys.json for this
 *   bundle only (a key revoked between two runs of one worker's state); patch: edits this
 *   bundle's copy of edge-worker/src before it is built (state written by an older layout)
 * A bundle of the repository's own inputs (no options, no SR_LOCAL_CHAINS_DIR) is built once and
 * shared: see sharedBundle below.
 * @returns {string} the directory holding index.js and its modules
 */
export function buildBundle({ env = {}, keys, patch } = {}) {
  if (!keys && !patch && Object.keys(env).length === 0 && !process.env.SR_LOCAL_CHAINS_DIR) return sharedBundle();
  return buildPrivateBundle({ env, keys, patch });
}

function buildPrivateBundle({ env = {}, keys, patch }, parent = tmpdir()) {
  const root = mkdtempSync(join(parent, "sr-worker-bundle-"));
  const copy = join(root, "edge-worker");
  mkdirSync(copy);
  for (const part of ["src", "scripts", "package.json", "wrangler.toml", "openapi.json"]) cpSync(join(workerDir, part), join(copy, part), { recursive: true });
  patch?.(join(copy, "src"));
  // build-worker.sh reads ../config and ../build from its copy; wrangler resolves from node_modules.
  for (const link of ["build", "node_modules"]) symlinkSync(join(repo, link), join(root, link));
  if (keys) {
    cpSync(join(repo, "config"), join(root, "config"), { recursive: true });
    const file = join(root, "config", "local", "keys.json");
    writeFileSync(file, JSON.stringify(keys(JSON.parse(readFileSync(file, "utf8"))), null, 2));
  } else {
    symlinkSync(join(repo, "config"), join(root, "config"));
  }
  const buildEnv = { ...process.env, ...env, WRANGLER_SEND_METRICS: "false", CI: "true" };
  if (!buildEnv.SR_WASM_DIR) buildEnv.SR_WASM_DIR = join(repo, "build", "wasm-release");
  execFileSync("bash", [join(copy, "scripts", "build-worker.sh"), "local"], { stdio: "pipe", timeout: 120_000, env: buildEnv });
  const outdir = join(root, "out");
  execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", outdir, "--env", "local"], {
    cwd: copy,
    stdio: "pipe",
    timeout: 120_000,
    env: buildEnv,
  });
  return outdir;
}

// Half the worker suites bundle the same inputs: the repository's edge-worker/, config/ and core
// build, nothing of their own. Each such bundle took about 4.6 CPU-s (build-worker.sh and wrangler's
// bundling) and was the same bytes every time, so it is built once per set of inputs and kept in
// build/worker-bundles/<digest of the inputs>/, where the suites running at the same time and
// after find it (bench/README.md, "CI time"). The digest covers everything the build reads: the
// files it copies from edge-worker/, config/, the core's two files, the SR_ environment, the
// lockfile (wrangler's, esbuild's and Redocly's versions) and this harness, which says how it is
// built. A bundle is only read (Miniflare loads its modules), never written, so sharing it is safe.
const bundleCache = join(repo, "build", "worker-bundles");
// Bundles of older inputs are removed once they have not been used for this long.
const BUNDLE_CACHE_KEEP_MS = 60 * 60 * 1000;

/**
 * The digest of everything a bundle is built from (exported for its own test).
 * @param {{ worker?: string, repo?: string, wasm?: string, env?: Record<string, string | undefined> }} [inputs]
 */
export function bundleInputsDigest({ worker = workerDir, repo: root = repo, env = process.env, wasm = env.SR_WASM_DIR || join(root, "build", "wasm-release") } = {}) {
  const hash = createHash("sha256");
  const add = (label, data) => hash.update(`\0${label}\0`).update(data);
  const addTree = (path) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) addTree(join(path, name));
    } else {
      add(relative(root, path), readFileSync(path));
    }
  };
  for (const part of ["src", "scripts", "package.json", "wrangler.toml", "openapi.json"]) addTree(join(worker, part));
  addTree(join(root, "config"));
  addTree(join(root, "package-lock.json"));
  add("harness", readFileSync(fileURLToPath(import.meta.url)));
  for (const file of ["core.mjs", "core.wasm"]) add(file, readFileSync(join(wasm, file)));
  const srEnv = Object.keys(env).filter((name) => name.startsWith("SR_")).sort();
  add("env", JSON.stringify(srEnv.map((name) => [name, env[name]])));
  return hash.digest("hex").slice(0, 32);
}

function sharedBundle() {
  const entry = join(bundleCache, bundleInputsDigest());
  const outdir = join(entry, "out");
  if (existsSync(join(outdir, "index.js"))) {
    const now = new Date();
    utimesSync(entry, now, now);
    return outdir;
  }
  // Built privately, then moved into place in one rename: a suite finds either no entry or a
  // whole one. When two suites build the same entry at once, the second rename fails and that
  // suite uses the first one's.
  // Built beside the cache, so the renames below stay on one file system (a tmpfs /tmp would not).
  mkdirSync(bundleCache, { recursive: true });
  const built = buildPrivateBundle({}, bundleCache);
  const staging = mkdtempSync(join(bundleCache, ".staging-"));
  renameSync(built, join(staging, "out"));
  rmSync(dirname(built), { recursive: true, force: true });
  try {
    renameSync(staging, entry);
  } catch (error) {
    if (!existsSync(join(outdir, "index.js"))) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  // Another suite may be removing the same old entries at the same moment.
  for (const name of readdirSync(bundleCache)) {
    const path = join(bundleCache, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (path !== entry && stat && Date.now() - stat.mtimeMs > BUNDLE_CACHE_KEEP_MS) rmSync(path, { recursive: true, force: true });
  }
  return outdir;
}

/** Removes what buildBundle made (the bundle directory's parent); a shared bundle stays. */
export function removeBundle(outdir) {
  if (!relative(bundleCache, outdir).startsWith("..")) return;
  rmSync(join(outdir, ".."), { recursive: true, force: true });
}

export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * @param {{ bundleDir: string, persistDir: string, bindings?: Record<string, string>, inspectorPort?: number }} options
 *   inspectorPort: opens the V8 inspector of the worker (bench/profile-worker.mjs)
 */
export async function startWorker(options) {
  // Bounded: a runtime that never becomes ready fails its suite's setup with this message within
  // the bound instead of holding it until the suite's timeout with nothing said. Once (CI saw a
  // start that never came, no workerd process running, alone among hundreds that did), the start
  // is tried again from nothing; a worker that cannot start fails both and says so.
  for (let attempt = 1; ; attempt += 1) {
    const started = startWorkerOnce(options);
    let timer;
    const bound = new Promise((resolve) => {
      timer = setTimeout(resolve, WORKER_START_BOUND_MS, null);
    });
    const worker = await Promise.race([started, bound]).finally(() => clearTimeout(timer));
    if (worker) return worker;
    // Disposed whenever it does start, so a late start leaves no runtime behind.
    started.then((late) => late.mf.dispose()).catch(() => {});
    if (attempt === 2) throw new Error(`the worker did not start within ${WORKER_START_BOUND_MS / 1000} s, twice`);
    console.error(`harness: the worker did not start within ${WORKER_START_BOUND_MS / 1000} s; starting it again`);
  }
}

const WORKER_START_BOUND_MS = 120_000;

async function startWorkerOnce({ bundleDir, persistDir, bindings = {}, inspectorPort }) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(workerDir, "wrangler.toml"), "local");
  // The worker's console output, kept for assertions (nothing secret may appear) instead of
  // interleaving with the test report.
  const output = [];
  const effectiveBindings = { ...workerOptions.bindings, ...bindings };
  const mf = new Miniflare({
    handleRuntimeStdio(stdout, stderr) {
      stdout.setEncoding("utf8").on("data", (d) => output.push(d));
      stderr.setEncoding("utf8").on("data", (d) => output.push(d));
    },
    ...workerOptions,
    name: "stableroutes-test",
    modules: true,
    scriptPath: join(bundleDir, "index.js"),
    modulesRoot: bundleDir,
    bindings: effectiveBindings,
    durableObjectsPersist: persistDir,
    ...(inspectorPort ? { inspectorPort } : {}),
  });
  const base = await mf.ready;
  return {
    mf,
    base,
    /** The bindings the worker runs with (wrangler.toml's local environment and the test's own). */
    bindings: effectiveBindings,
    /**
     * Every response is checked against openapi.json (contract.mjs) before the test sees it.
     * @param {string} path @param {RequestInit & {key?: string}} [init]
     */
    async fetch(path, init = {}) {
      const { key, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key) headers.set("x-api-key", key);
      const url = new URL(path, base).href;
      return checkedResponse(rest.method ?? "GET", url, await mf.dispatchFetch(url, { ...rest, headers }));
    },
    /** Everything the worker (and workerd) printed so far. */
    output: () => output.join(""),
    dispose: () => mf.dispose(),
  };
}

/**
 * Sends a request's head only (no body bytes) over a raw socket and returns the response:
 * how a test shows that a declared Content-Length alone is refused, without racing the
 * worker's early answer against a client still writing.
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: string }>}
 */
export function sendHeadOnly(base, method, path, headers) {
  const { hostname, port } = new URL(base);
  const head = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let data = "";
    const timer = setTimeout(() => finish(new Error(`no complete response within 5 s: ${JSON.stringify(data.slice(0, 200))}`)), 5000);
    const finish = (err) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) return reject(err);
      const [rawHead, ...rest] = data.split("\r\n\r\n");
      const [statusLine, ...lines] = rawHead.split("\r\n");
      const parsed = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers: parsed, body: rest.join("\r\n\r\n") });
    };
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(data.slice(0, end));
      if (length && data.length - end - 4 >= Number(length[1])) finish();
    });
    socket.on("end", () => finish());
    socket.on("error", (e) => (data.includes("\r\n\r\n") ? finish() : finish(e)));
  });
}
