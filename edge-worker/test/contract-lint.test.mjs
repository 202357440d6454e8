// The API contract is linted by an independent tool: Redocly's recommended rules with every
// warning an error (redocly.yaml). Offline: no telemetry, no update check.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { workerDir } from "./harness.mjs";

test("redocly lint passes on openapi.json with no warning", () => {
  const redocly = join(workerDir, "..", "node_modules", ".bin", "redocly");
  const run = spawnSync(redocly, ["lint", "openapi.json", "--format=stylish"], {
    cwd: workerDir,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
  assert.equal(run.status, 0, `redocly lint failed:\n${run.stdout}${run.stderr}`);
  assert.doesNotMatch(run.stdout + run.stderr, /You have \d+ warnings?/, run.stdout + run.stderr);
});
