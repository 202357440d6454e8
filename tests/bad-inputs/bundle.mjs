// The worker bundle built in a private copy of edge-worker/, so generated/config.js and wasm/
// (which every build rewrites in place) cannot be swapped by another suite building at the same
// time, e.g. one bundling the local chain stack's configuration. Same steps as the harness's
// buildBundle: scripts/build-worker.sh local, then `wrangler deploy --dry-run`.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workerDir } from "../../edge-worker/test/harness.mjs";

const repo = join(workerDir, "..");

/**
 * @param {{ env?: Record<string, string> }} [options] extra environment for build-worker.sh
 *        (SR_LOCAL_CHAINS_DIR to bundle other chains, tokens and solvers; SR_WASM_DIR)
 * @returns {string} the directory holding index.js and its modules
 */
export function isolatedBundle({ env = {} } = {}) {
  const root = mkdtempSync(join(tmpdir(), "sr-isolated-worker-"));
  const copy = join(root, "edge-worker");
  mkdirSync(copy);
  for (const part of ["src", "scripts", "package.json", "wrangler.toml"]) cpSync(join(workerDir, part), join(copy, part), { recursive: true });
  // build-worker.sh reads ../config and ../build from its copy; wrangler resolves from node_modules.
  for (const link of ["config", "build", "node_modules"]) symlinkSync(join(repo, link), join(root, link));
  const buildEnv = { ...process.env, ...env, WRANGLER_SEND_METRICS: "false", CI: "true" };
  if (!buildEnv.SR_WASM_DIR) buildEnv.SR_WASM_DIR = join(repo, "build", "wasm-release");
  execFileSync("bash", [join(copy, "scripts", "build-worker.sh"), "local"], { stdio: "pipe", timeout: 120_000, env: buildEnv });
  const outdir = join(root, "out");
  execFileSync(join(repo, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "--env", "local"], {
    cwd: copy,
    stdio: "pipe",
    timeout: 120_000,
    env: buildEnv,
  });
  return outdir;
}

/** Removes what isolatedBundle made (the bundle directory's parent). */
export function removeBundle(outdir) {
  rmSync(join(outdir, ".."), { recursive: true, force: true });
}
