// The core WebAssembly module, instantiated once per isolate and shared by every request.
// workerd forbids compiling WebAssembly from bytes at run time, so the module arrives
// precompiled (a CompiledWasm import) and is handed to the emscripten factory through
// `instantiateWasm`; `locateFile` keeps the factory from deriving a URL it would never fetch.
import createCore from "../wasm/core.mjs";
import coreWasm from "../wasm/core.wasm";
import { problemBody } from "./http/responses.js";
import { settings } from "./settings.js";

/** @typedef {{ status: number, body: any, headers?: Record<string, string> }} CoreAnswer */
// Each op's input and answer, generated from src/service/ops.json (src/core-ops.d.ts):
// CoreOps["quote"]["input"], CoreOps["quote"]["answer"].
/** @typedef {import("./core-ops").CoreOps} CoreOps */
/** @typedef {import("./core-ops").CoreOpName} CoreOpName */
/** @template {CoreOpName} Op @typedef {import("./core-ops").CoreOpInput<Op>} CoreOpInput */

/** @type {Promise<{ handle(op: string, input: string): string }> | null} */
let service = null;
/** Cold-start figures of this isolate, reported by /health once measured. */
export const coreStats = { state: "not-loaded", instantiateMs: null, constructMs: null };

async function load(configJson, secretsJson) {
  const t0 = performance.now();
  coreStats.state = "loading";
  const core = await createCore({
    locateFile: (path) => path,
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(coreWasm, imports).then((instance) => receive(instance, coreWasm));
      return {};
    },
    print: (line) => console.log(line),
    printErr: (line) => console.error(line),
  });
  const t1 = performance.now();
  coreStats.instantiateMs = Math.round((t1 - t0) * 100) / 100;
  let svc;
  try {
    svc = new core.Service(configJson, secretsJson);
  } catch (e) {
    coreStats.state = "failed";
    throw new Error(`core rejected the configuration: ${describeCoreError(core, e)}`);
  }
  coreStats.constructMs = Math.round((performance.now() - t1) * 100) / 100;
  coreStats.state = "ready";
  console.log(JSON.stringify({ event: "core-ready", ...coreStats }));
  return svc;
}

function describeCoreError(core, e) {
  if (e instanceof Error) return e.message;
  // A C++ exception crosses embind as a pointer; emscripten can read its message when built for it.
  try {
    if (typeof core.getExceptionMessage === "function") return String(core.getExceptionMessage(e));
  } catch {}
  return String(e);
}

/**
 * The shared service, created on first use. A failure (a module that does not load, an invalid
 * configuration) is kept, so every later request fails the same way without retrying the load.
 * @param {() => {configJson: string, secretsJson: string}} inputs
 */
export function coreService(inputs) {
  if (!service) {
    const { configJson, secretsJson } = inputs();
    service = load(configJson, secretsJson);
    service.catch((e) => console.error(JSON.stringify({ event: "core-load-failed", message: e.message, ...coreStats })));
  }
  return service;
}

/**
 * Runs one operation of the boundary contract. Never throws: an unavailable core becomes a 500.
 * @returns {Promise<CoreAnswer>}
 */
export async function callCore(inputs, op, input) {
  let svc;
  try {
    svc = await coreService(inputs);
  } catch {
    return { status: 500, body: problemBody(500, "internal", "the quote engine is not available") };
  }
  return handle(svc, op, input);
}

/** One op on the loaded service, synchronously. @returns {CoreAnswer} */
function handle(svc, op, input) {
  const out = JSON.parse(svc.handle(op, JSON.stringify(input)));
  if (typeof out?.status !== "number") throw new Error(`core answered ${op} without a status`);
  return out;
}

/**
 * The worker's one door into the core: every handler, object and helper asks through it, with
 * the environment it runs in (whose configuration and secrets the core is built from, once per
 * isolate). Typed per op by src/core-ops.d.ts, generated from src/service/ops.json.
 * @template {CoreOpName} Op
 * @param {object} env the worker's (or Durable Object's) environment
 * @param {Op} op
 * @param {CoreOpInput<Op>} input
 * @returns {Promise<CoreAnswer>}
 */
export function askCore(env, op, input) {
  return callCore(settings(env).coreInputs, op, input);
}

/**
 * For an object whose state must not change between reading it and writing the core's answer (a
 * rate bucket): once the core is loaded, `use` runs in one synchronous turn with a door that
 * answers at once, so no other call to the object runs between its read and its write.
 * @template T
 * @param {object} env
 * @param {(ask: <Op extends CoreOpName>(op: Op, input: CoreOpInput<Op>) => CoreAnswer) => T} use
 * @returns {Promise<T>}
 */
export async function withCoreNow(env, use) {
  const svc = await coreService(settings(env).coreInputs);
  return use((op, input) => handle(svc, op, input));
}
