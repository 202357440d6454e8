// Generates types/api.d.ts, the package's API types, from the API contract (edge-worker/openapi.json)
// with openapi-typescript. `node scripts/types.mjs --check` exits 1 when the committed file differs
// from what the document generates (js/test/types-contract.test.mjs runs the same comparison).
import { readFileSync, writeFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";

export const CONTRACT_URL = new URL("../../edge-worker/openapi.json", import.meta.url);
export const GENERATED_URL = new URL("../types/api.d.ts", import.meta.url);

const BANNER = `// Generated from the API contract (edge-worker/openapi.json) by js/scripts/types.mjs with
// openapi-typescript. Do not edit: change the document and run \`npm run types --workspace js\`.

`;

/** The text types/api.d.ts must hold for the current document. */
export async function generatedTypes() {
  const ast = await openapiTS(JSON.parse(readFileSync(CONTRACT_URL, "utf8")));
  return BANNER + astToString(ast);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await generatedTypes();
  if (process.argv.includes("--check")) {
    if (readFileSync(GENERATED_URL, "utf8") !== text) {
      console.error("types/api.d.ts is stale: run npm run types --workspace js");
      process.exit(1);
    }
  } else {
    writeFileSync(GENERATED_URL, text);
  }
}
