// Every operation of openapi.json shows a request example (when it takes a body) and an example of
// each 2xx answer that has a JSON body, and every example the document carries, of a request or
// of any answer, validates against its own schema, held to exactly what the schema lists as our
// responses are (contract.mjs). The examples are what GET /docs renders beside each operation.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contract, validatorOf } from "./contract.mjs";

const METHODS = ["get", "post", "put", "patch", "delete"];

/** [{where, mediaType, schema, examples: [[name, value]]}] of every request body and answer. */
function mediaOf(resolve) {
  const out = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const op = item[method];
      const at = `${method.toUpperCase()} ${path}`;
      for (const [mediaType, media] of Object.entries(op.requestBody?.content ?? {})) out.push({ at, part: "request", mediaType, media });
      for (const [status, answer] of Object.entries(op.responses)) {
        for (const [mediaType, media] of Object.entries(resolve(answer).content ?? {})) out.push({ at, part: status, mediaType, media });
      }
    }
  }
  return out;
}

const resolve = (value) => {
  while (value?.$ref) value = value.$ref.slice(2).split("/").reduce((node, part) => node?.[part], contract);
  return value;
};
const examplesOf = (media) => [...(media.example !== undefined ? [["example", media.example]] : []), ...Object.entries(media.examples ?? {}).map(([name, e]) => [name, resolve(e).value])];
const isJson = (mediaType) => /json$/.test(mediaType);

test("every operation has a request example and an example of each 2xx JSON answer", () => {
  const missing = mediaOf(resolve)
    .filter(({ part, mediaType }) => isJson(mediaType) && (part === "request" || part.startsWith("2")))
    .filter(({ media }) => examplesOf(media).length === 0)
    .map(({ at, part, mediaType }) => `${at} ${part} ${mediaType}`);
  assert.deepEqual(missing, []);
});

test("every example validates against its schema", () => {
  let checked = 0;
  const invalid = [];
  for (const { at, part, mediaType, media } of mediaOf(resolve)) {
    if (!isJson(mediaType) || !media.schema) continue;
    const validate = validatorOf(media.schema);
    for (const [name, value] of examplesOf(media)) {
      checked++;
      if (!validate(value)) invalid.push(`${at} ${part} ${name}: ${JSON.stringify(validate.errors.slice(0, 3))}`);
    }
  }
  assert.deepEqual(invalid, []);
  assert.ok(checked >= 40, `only ${checked} examples checked`);
});
