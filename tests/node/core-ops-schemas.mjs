// The core's op document (src/service/ops.json) compiled with ajv: each op's input and answer
// schema, its Problem, its registrations and simulations, resolving the references into the HTTP contract
// (urn:stableroutes:api is edge-worker/openapi.json, whose component schemas the API bodies share).
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const root = new URL('../../', import.meta.url);
export const opsDocument = JSON.parse(readFileSync(new URL('src/service/ops.json', root), 'utf8'));
const apiDocument = JSON.parse(readFileSync(new URL('edge-worker/openapi.json', root), 'utf8'));

/** An ajv instance that knows both documents, and the validators of every op. */
export function compileOps() {
  // strict: false because the documents carry members that are no keywords (the OpenAPI
  // document's paths, ops.json's per-op area, summary and problems); every schema keyword is
  // still applied.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(apiDocument, 'urn:stableroutes:api');
  ajv.addSchema(opsDocument);
  const at = (pointer) => ajv.compile({ $ref: `${opsDocument.$id}#${pointer}` });
  const ops = {};
  for (const [name, op] of Object.entries(opsDocument.ops)) {
    ops[name] = {
      ...op,
      validateInput: at(`/ops/${name}/input`),
      validateAnswer: at(`/ops/${name}/answer`),
      validateRegistrations: op.registrations ? at(`/ops/${name}/registrations`) : null,
      validateSimulations: op.simulations ? at(`/ops/${name}/simulations`) : null,
    };
  }
  return { ajv, ops, validateProblem: at('/$defs/Problem') };
}

/** ajv's errors as one readable line. */
export const describeErrors = (validate) =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`).join('; ');
