// Generates src/core-ops.d.ts, the types of the core's ops (each op's Input and Answer), from the
// document that describes them (src/service/ops.json) with openapi-typescript, as js/scripts/types.mjs
// does for the HTTP contract. ops.json is wrapped in memory as an OpenAPI components document: its
// $defs, each op's input and answer (as <Op>Input, <Op>Answer), and the schemas of the HTTP contract
// (edge-worker/openapi.json, urn:stableroutes:api) that they reference.
// `node scripts/core-ops-types.mjs --check` exits 1 when the committed file differs from what the
// document generates (test/core-ops-types.test.mjs runs the same comparison).
import { readFileSync, writeFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";

export const OPS_URL = new URL("../../src/service/ops.json", import.meta.url);
export const CONTRACT_URL = new URL("../openapi.json", import.meta.url);
export const GENERATED_URL = new URL("../src/core-ops.d.ts", import.meta.url);

const API_PREFIX = "urn:stableroutes:api#/components/schemas/";
const LOCAL_PREFIX = "#/$defs/";
const SCHEMAS = "#/components/schemas/";

const BANNER = `// Generated from the core's op document (src/service/ops.json) by edge-worker/scripts/core-ops-types.mjs
// with openapi-typescript. Do not edit: change the document and run \`npm run types --workspace edge-worker\`.

`;

const capitalized = (name) => name[0].toUpperCase() + name.slice(1);
export const inputName = (op) => `${capitalized(op)}Input`;
export const answerName = (op) => `${capitalized(op)}Answer`;

/** `schema` with every reference pointed into the wrapping document's components; `refs` collects the API names. */
function rewritten(schema, apiRefs) {
  if (Array.isArray(schema)) return schema.map((s) => rewritten(s, apiRefs));
  if (schema === null || typeof schema !== "object") return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref" && typeof value === "string") {
      if (value.startsWith(API_PREFIX)) {
        apiRefs.add(value.slice(API_PREFIX.length));
        out.$ref = SCHEMAS + value.slice(API_PREFIX.length);
      } else if (value.startsWith(LOCAL_PREFIX)) {
        out.$ref = SCHEMAS + value.slice(LOCAL_PREFIX.length);
      } else {
        throw new Error(`ops.json: a reference this generator cannot place: ${value}`);
      }
    } else {
      out[key] = rewritten(value, apiRefs);
    }
  }
  return out;
}

/** ops.json as an OpenAPI 3.1 document with components only. */
export function wrappedDocument(ops = JSON.parse(readFileSync(OPS_URL, "utf8")), contract = JSON.parse(readFileSync(CONTRACT_URL, "utf8"))) {
  const apiSchemas = contract.components.schemas;
  const schemas = {};
  const apiRefs = new Set();
  const add = (name, schema) => {
    if (name in schemas) throw new Error(`ops.json: two schemas named ${name}`);
    schemas[name] = schema;
  };
  for (const [name, schema] of Object.entries(ops.$defs)) add(name, rewritten(schema, apiRefs));
  for (const [op, entry] of Object.entries(ops.ops)) {
    add(inputName(op), { description: `Op "${op}": ${entry.summary}`, ...rewritten(entry.input, apiRefs) });
    add(answerName(op), rewritten(entry.answer, apiRefs));
    if (entry.registrations) add(`${capitalized(op)}Registrations`, rewritten(entry.registrations, apiRefs));
    if (entry.simulations) add(`${capitalized(op)}Simulations`, rewritten(entry.simulations, apiRefs));
  }
  // The contract's schemas the ops reference, with those they reference in turn.
  const pending = [...apiRefs];
  const included = new Set();
  while (pending.length) {
    const name = pending.pop();
    if (included.has(name)) continue;
    if (!apiSchemas[name]) throw new Error(`ops.json references ${name}, which edge-worker/openapi.json does not define`);
    if (name in schemas) throw new Error(`ops.json's $defs and edge-worker/openapi.json both define ${name}`);
    included.add(name);
    const text = JSON.stringify(apiSchemas[name]);
    for (const m of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) pending.push(m[1]);
  }
  for (const name of [...included].sort()) schemas[name] = apiSchemas[name];
  return { openapi: "3.1.0", info: { title: ops.title, version: "1" }, paths: {}, components: { schemas } };
}

/** The op map and helper types appended to openapi-typescript's output. */
function opTypes(ops) {
  const lines = [
    "",
    "type schemas = components[\"schemas\"];",
    "",
    "/** Every op of the core's door (src/service/op_table.h): its input and the body of its 2xx answer. */",
    "export interface CoreOps {",
  ];
  for (const [op, entry] of Object.entries(ops.ops)) {
    lines.push(`    /** ${entry.summary} (area ${entry.area}; non-2xx: ${entry.problems.length ? entry.problems.join(", ") : "none"}) */`);
    lines.push(`    ${op}: { input: schemas["${inputName(op)}"]; answer: schemas["${answerName(op)}"] };`);
  }
  lines.push(
    "}",
    "export type CoreOpName = keyof CoreOps;",
    "export type CoreOpInput<Op extends CoreOpName> = CoreOps[Op][\"input\"];",
    "export type CoreOpAnswer<Op extends CoreOpName> = CoreOps[Op][\"answer\"];",
    "/** The body of a non-2xx answer (the worker adds requestId). */",
    "export type CoreProblem = schemas[\"Problem\"];",
    "/** What Service.handle answers: the HTTP status, the body, and rarely headers, (ops quote and depositCreate) registrations and (op quote) simulations. */",
    "export interface CoreAnswer<Op extends CoreOpName> {",
    "    status: number;",
    "    body: CoreOpAnswer<Op> | CoreProblem;",
    "    headers?: Record<string, string> | null;",
    "    registrations?: schemas[\"QuoteRegistrations\"] | null;",
    "    simulations?: schemas[\"QuoteSimulations\"] | null;",
    "}",
    "",
  );
  return lines.join("\n");
}

/** The text src/core-ops.d.ts must hold for the current document. */
export async function generatedTypes() {
  const ops = JSON.parse(readFileSync(OPS_URL, "utf8"));
  const ast = await openapiTS(wrappedDocument(ops));
  return BANNER + astToString(ast) + opTypes(ops);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await generatedTypes();
  if (process.argv.includes("--check")) {
    if (readFileSync(GENERATED_URL, "utf8") !== text) {
      console.error("src/core-ops.d.ts is stale: run npm run types --workspace edge-worker");
      process.exit(1);
    }
  } else {
    writeFileSync(GENERATED_URL, text);
  }
}
