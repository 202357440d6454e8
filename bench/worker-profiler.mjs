// The V8 inspector of a worker running in workerd (Miniflare's inspectorPort), and what a CPU
// profile of its isolate says: self time by source module of the bundle (esbuild's `// src/...`
// markers), by WebAssembly or runtime code, and by function. Used by bench/profile-worker.mjs
// and bench/preflight-flood.mjs (FLOOD_PROFILE). Needs Node's WebSocket client
// (--experimental-websocket on Node 20).
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The inspector's one target (the worker's isolate), as a send(method, params) over CDP. */
export async function inspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.title?.includes("stableroutes")) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    pending.get(msg.id)?.(msg);
    pending.delete(msg.id);
  });
  const send = (method, params = {}) => new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    ws.send(JSON.stringify({ id, method, params }));
  });
  return { send, close: () => ws.close() };
}

/** Self samples per key(callFrame), as [key, share] rows, largest first. */
function selfShares(profile, key) {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const shares = new Map();
  for (const id of profile.samples) {
    const k = key(frames.get(id));
    shares.set(k, (shares.get(k) ?? 0) + 1);
  }
  return [...shares].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, n / profile.samples.length]);
}

const print = (title, rows, limit) => {
  console.log(`\n${title}`);
  for (const [k, share] of rows.slice(0, limit)) console.log(`${(100 * share).toFixed(1).padStart(6)}%  ${k}`);
};

/**
 * Prints where the profile's samples were spent. `bundleDir` holds the bundle's index.js, whose
 * module markers name the source file of each line.
 */
export function printProfile(profile, bundleDir) {
  // Bundle line -> source module, from esbuild's "// src/file.js" comments.
  const lines = readFileSync(join(bundleDir, "index.js"), "utf8").split("\n");
  const marks = [];
  lines.forEach((l, i) => { if (/^\/\/ (src|wasm|generated)\/\S+$/.test(l)) marks.push([i, l.slice(3)]); });
  const moduleOf = (line) => marks.findLast(([at]) => at <= line)?.[1] ?? "(bundle)";
  const isWasm = (f) => f.functionName.startsWith("wasm-function") || f.url.startsWith("wasm://");
  const inBundle = (f) => f.url.endsWith("index.js");
  const kind = (f) => (isWasm(f) ? "WebAssembly (the core)" : inBundle(f) ? moduleOf(f.lineNumber) : `runtime: ${f.functionName || "(anonymous)"}`);

  print("self time by module", selfShares(profile, kind), 20);
  print("self time by function (bundle line)", selfShares(profile, (f) => (isWasm(f) ? "WebAssembly" : `${f.functionName || "(anonymous)"} ${inBundle(f) ? `${moduleOf(f.lineNumber)}:${f.lineNumber + 1}` : "(runtime)"}`)), 25);
}
