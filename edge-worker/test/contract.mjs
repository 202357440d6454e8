// The API contract as a test oracle: every response a worker test receives is checked against
// openapi.json (ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1). The path, method and status
// must be documented, the content type must be one the response lists, the documented headers
// must be present and valid, and the body must match its schema: a member the document lacks
// (every object schema is closed), a wrong type or a missing required member fails the test
// that received it, and so do members in another order than the document lists them. A success
// answer on /api/v3 is also held to Eco's published schemas of the same operation
// (eco-v3-schemas.mjs), which a client generated from Eco's document relies on.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { ecoResponseViolations } from "./eco-v3-schemas.mjs";

export const CONTRACT_PATH = join(dirname(fileURLToPath(import.meta.url)), "..", "openapi.json");
export const contract = JSON.parse(readFileSync(CONTRACT_PATH, "utf8"));

// Schema references point into one schema resource whose $defs are the document's schemas.
const SCHEMAS_ID = "https://stableroutes.invalid/contract";
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
// OpenAPI's discriminator only names the member that tells oneOf alternatives apart; the oneOf
// itself is what validates.
ajv.addKeyword({ keyword: "discriminator", schemaType: "object" });
const retarget = (value) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${SCHEMAS_ID}#/$defs/`));

// The published document leaves objects open, so that a member added later is not a breaking
// change for integrators' validators; our own responses are held to exactly what it lists. A
// schema that is one part of an allOf stays open (its sibling parts add members), and the allOf
// as a whole is closed: each definition therefore also exists as an open variant, <name>__open.
const OPEN = "__open";
function closed(schema, open = false) {
  if (Array.isArray(schema)) return schema.map((item) => closed(item));
  if (!schema || typeof schema !== "object") return schema;
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "const" || k === "enum" || k === "examples") out[k] = v;
    else if (k === "allOf") out[k] = v.map((part) => (part.$ref ? { ...part, $ref: part.$ref + OPEN } : closed(part, true)));
    else if (k === "properties") out[k] = Object.fromEntries(Object.entries(v).map(([name, property]) => [name, closed(property)]));
    else out[k] = closed(v);
  }
  if (!open && (out.properties || out.allOf) && out.additionalProperties === undefined && out.unevaluatedProperties === undefined) {
    return { type: "object", ...out, unevaluatedProperties: false };
  }
  return out;
}
const definitions = retarget(contract.components.schemas);
ajv.addSchema({
  $id: SCHEMAS_ID,
  $defs: Object.fromEntries(Object.entries(definitions).flatMap(([name, schema]) => [[name, closed(schema)], [name + OPEN, closed(schema, true)]])),
});

const compiled = new Map();
export function validatorOf(schema) {
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) compiled.set(key, ajv.compile(closed(retarget(schema))));
  return compiled.get(key);
}

/** Resolves an OpenAPI-level reference (#/components/responses/X, #/components/headers/X). */
function deref(value) {
  while (value && value.$ref) {
    value = value.$ref.slice(2).split("/").reduce((node, part) => node?.[part], contract);
    if (!value) throw new Error("dangling reference in openapi.json");
  }
  return value;
}

// Templated paths as patterns; a literal segment wins over a template ("/status" before
// "/{vaultAddress}"), as the OpenAPI specification asks.
const PATHS = Object.keys(contract.paths)
  .map((template) => ({
    template,
    templates: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp("^" + template.split(/(\{[^}]+\})/).map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))).join("") + "$"),
  }))
  .sort((a, b) => a.templates - b.templates);

/** The path item documenting a request path, or null. */
export function pathItemOf(pathname) {
  const found = PATHS.find((p) => p.pattern.test(pathname));
  return found ? { template: found.template, item: contract.paths[found.template] } : null;
}

function responseOf(operation, status) {
  const responses = operation.responses ?? {};
  return deref(responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default ?? null);
}

/**
 * Every way `response` departs from the document, as readable lines (empty when it conforms).
 * @param {string} method
 * @param {string} url
 * @param {{ status: number, headers: Headers }} response
 * @param {string | null} bodyText the body, or null when it was not read (event streams)
 */
export function contractViolations(method, url, response, bodyText) {
  const { pathname } = new URL(url, "http://contract.invalid");
  const where = `${method} ${pathname} -> ${response.status}`;
  const path = pathItemOf(pathname);
  // Preflights and 404/405 answers for paths the document does not name are the router's, not
  // an operation's; their shape is checked below as a Problem when they carry one.
  const operation = path?.item[method.toLowerCase()];
  const problems = [];
  let documented;
  if (operation) {
    documented = responseOf(operation, response.status);
    if (!documented) return [`${where}: status ${response.status} is not documented for ${method.toLowerCase()} ${path.template}`];
  } else if (method === "OPTIONS" && response.status === 204) {
    documented = { description: "A CORS preflight: no body." };
  } else if (response.status === 404 || response.status === 405) {
    documented = { description: "No such route.", content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } };
  } else {
    return [`${where}: ${path ? `${method.toLowerCase()} is not documented for ${path.template}` : "the path is not documented"}`];
  }

  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const spec = deref(header);
    const value = response.headers.get(name);
    if (value === null) {
      if (spec.required) problems.push(`${where}: header ${name} is missing`);
      continue;
    }
    if (spec.schema) {
      const validate = validatorOf(spec.schema);
      const typed = spec.schema.type === "integer" || spec.schema.type === "number" ? Number(value) : value;
      if (!validate(typed)) problems.push(`${where}: header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
    }
  }

  const contentType = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const content = documented.content ?? null;
  if (!content) {
    if (bodyText) problems.push(`${where}: a body is sent where the document has none`);
    return problems;
  }
  const media = content[contentType];
  if (!media) return [...problems, `${where}: content type ${JSON.stringify(contentType)} is not one of ${Object.keys(content).join(", ")}`];
  if (bodyText === null || !media.schema) return problems;
  let body;
  if (contentType.endsWith("json")) {
    try {
      body = JSON.parse(bodyText);
    } catch {
      return [...problems, `${where}: the body is not JSON: ${bodyText.slice(0, 200)}`];
    }
  } else body = bodyText;
  const validate = validatorOf(media.schema);
  if (!validate(body)) {
    for (const e of validate.errors) problems.push(`${where}: body${e.instancePath || ""} ${e.message}${e.params && Object.keys(e.params).length ? " " + JSON.stringify(e.params) : ""}`);
    problems.push(`  body: ${bodyText.slice(0, 600)}`);
  } else {
    for (const departure of orderViolations(body, media.schema)) problems.push(`${where}: ${departure}`);
  }
  for (const departure of ecoResponseViolations(pathname, response.status, body)) problems.push(`${where}: ${departure}`);
  return problems;
}

// ---- member order ------------------------------------------------------------------------

/** A schema with its $ref resolved (against the document's schemas). */
function resolved(schema) {
  while (schema?.$ref) schema = schema.$ref.slice(2).split("/").reduce((node, part) => node?.[part], contract);
  return schema;
}

/** The members an object schema lists, in the document's order (allOf parts one after another). */
function listedMembers(schema) {
  schema = resolved(schema);
  if (!schema || typeof schema !== "object") return null;
  if (schema.allOf) return schema.allOf.flatMap((part) => listedMembers(part) ?? []);
  return schema.properties ? Object.keys(schema.properties) : null;
}

/** The schema of member `name` of an object schema. */
function memberSchema(schema, name) {
  schema = resolved(schema);
  if (schema?.allOf) for (const part of schema.allOf) {
    const found = memberSchema(part, name);
    if (found) return found;
  }
  return schema?.properties?.[name] ?? null;
}

/**
 * Where `value` lists its members in another order than the document (JSON's objects are
 * unordered, but the contract's order is the one people read; the core emits it). Alternatives
 * (oneOf/anyOf) are followed through the branch whose members cover the value's.
 */
export function orderViolations(value, schema, path = "body") {
  schema = resolved(schema);
  if (!schema || value === null || typeof value !== "object") return [];
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    const fits = alternatives.map(resolved).filter((alt) => {
      if (Array.isArray(value)) return alt?.type === "array";
      const members = listedMembers(alt);
      return members && Object.keys(value).every((k) => members.includes(k));
    });
    return fits.length > 0 ? orderViolations(value, fits[0], path) : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => orderViolations(item, schema.items, `${path}[${i}]`));
  const members = listedMembers(schema);
  if (!members) return [];
  const present = Object.keys(value).filter((k) => members.includes(k));
  const expected = members.filter((k) => k in value);
  const own = present.join(",") === expected.join(",") ? [] : [`${path}: members ${present.join(", ")}; the document's order is ${expected.join(", ")}`];
  return [...own, ...Object.keys(value).flatMap((k) => orderViolations(value[k], memberSchema(schema, k), `${path}.${k}`))];
}

/**
 * Reads a copy of `response` and throws when it departs from the document; answers `response`
 * untouched (its body unread). Event streams are checked by status and headers only: their
 * body never ends while the test reads it.
 */
export async function checkedResponse(method, url, response) {
  const streaming = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  const text = streaming || method === "HEAD" ? null : await response.clone().text();
  const problems = contractViolations(method, url, response, text === "" ? null : text);
  if (problems.length > 0) {
    const error = new Error(`the response departs from openapi.json:\n${problems.join("\n")}`);
    error.name = "ContractViolation";
    throw error;
  }
  return response;
}
