// The worker's types of the core's ops cannot drift from the document that describes them:
// src/core-ops.d.ts is exactly what scripts/core-ops-types.mjs generates from src/service/ops.json,
// and it types what it should (a correct input compiles, a wrong one does not).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { it } from "node:test";

import { generatedTypes, wrappedDocument, GENERATED_URL } from "../scripts/core-ops-types.mjs";
import { typecheckModule } from "../../js/test/typecheck.mjs";

const ops = JSON.parse(readFileSync(new URL("../../src/service/ops.json", import.meta.url), "utf8"));

it("src/core-ops.d.ts is what openapi-typescript generates from src/service/ops.json", async () => {
  assert.ok(readFileSync(GENERATED_URL, "utf8") === (await generatedTypes()), "src/core-ops.d.ts is stale: run npm run types --workspace edge-worker");
});

it("every op of the document has its Input and Answer types", () => {
  const { schemas } = wrappedDocument().components;
  const text = readFileSync(GENERATED_URL, "utf8");
  for (const op of Object.keys(ops.ops)) {
    const name = op[0].toUpperCase() + op.slice(1);
    assert.ok(schemas[`${name}Input`] && schemas[`${name}Answer`], op);
    assert.ok(text.includes(`    ${op}: { input: schemas["${name}Input"]; answer: schemas["${name}Answer"] };`), op);
  }
});

it("the generated types accept a correct input and answer, and refuse wrong ones", () => {
  typecheckModule("core-ops.mts", [
    'import type { CoreOpInput, CoreOpAnswer, CoreOpName, CoreAnswer } from "../../edge-worker/src/core-ops.js";',
    'const retry: CoreOpInput<"webhookRetry"> = { attempts: 1, firstAttemptAt: 1763697600, now: 1763697605 };',
    'const retryAt: CoreOpAnswer<"webhookRetry"> = { retryAt: null };',
    'const plan: CoreOpInput<"pollPlan"> = { cursors: { "8453": null }, confirmations: 3 };',
    'const status: CoreOpAnswer<"depositObserve">["state"] = "funded";',
    'const name: CoreOpName = "applyLogs";',
    'const answer: CoreAnswer<"relayerAccount"> = { status: 200, body: { address: "0x0000000000000000000000000000000000000001" } };',
    '// @ts-expect-error: now is required',
    'const noNow: CoreOpInput<"webhookRetry"> = { attempts: 1, firstAttemptAt: 0 };',
    '// @ts-expect-error: not a state of a deposit',
    'const maybe: CoreOpAnswer<"depositObserve">["state"] = "maybe";',
    '// @ts-expect-error: not an op',
    'const unknown: CoreOpName = "teleport";',
    '// @ts-expect-error: the gasless standards are permit3, permit2 and erc3009',
    'const standard: CoreOpInput<"gaslessVerify">["standard"] = "erc2612";',
    "export { retry, retryAt, plan, status, name, answer, noNow, maybe, unknown, standard };",
  ]);
});
