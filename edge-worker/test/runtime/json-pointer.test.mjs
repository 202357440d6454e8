// setAtPointers (src/runtime/json-pointer.js): members the core names by JSON pointer (RFC 6901)
// land on exactly the object named, and a pointer that names nothing is an error, not a new member.
import assert from "node:assert/strict";
import { test } from "node:test";

import { setAtPointers } from "../../src/runtime/json-pointer.js";

const quote = () => ({
  execution: { approvals: [{ gas: 1 }, { gas: 2 }], approval: { gas: 2 }, transaction: { gas: 3 } },
  competingQuotes: [{ execution: { transaction: { gas: 4 } } }],
  "a/b~c": { gas: 5 },
});

test("each entry's members are set on the object its pointer names, nothing else moves", () => {
  const body = quote();
  setAtPointers(body, [
    { path: "/execution/approvals/1", set: { gas: 20, gasEstimated: true } },
    { path: "/competingQuotes/0/execution/transaction", set: { gas: 40, gasEstimated: true } },
    { path: "/a~1b~0c", set: { gas: 50 } },
  ]);
  const expected = quote();
  expected.execution.approvals[1] = { gas: 20, gasEstimated: true };
  expected.competingQuotes[0].execution.transaction = { gas: 40, gasEstimated: true };
  expected["a/b~c"] = { gas: 50 };
  assert.deepEqual(body, expected);
});

test("a pointer that names no object throws and creates nothing", () => {
  for (const path of ["/execution/approvals/2", "/execution/nothing", "execution", "/execution/transaction/gas", "/execution/approvals"]) {
    const body = quote();
    assert.throws(() => setAtPointers(body, [{ path, set: { gas: 9 } }]), /nothing at|no object at|not a JSON pointer/, path);
    assert.deepEqual(body, quote(), path);
  }
});
