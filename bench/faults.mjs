// Faults, measured on the real bundle in workerd (Miniflare):
// 1. Kill -9 the worker in the middle of a burst of gasless submits, restart it on the same
//    Durable Object storage: every acknowledged job must exist exactly once (found by id and by
//    quote, and the identical payload submitted again answers 200 with the same job, never a
//    second 202); unacknowledged submits may or may not have landed but never duplicate.
// 2. The same for deposit-address submits (ERC-3009 into freshly created deposit addresses).
// 3. Remote solvers that hang, answer garbage or answer slowly next to the in-process ones: every
//    quote must still be answered 200 and signed; reports the latency they cost.
// Figures plus a verdict per part; exits non-zero when an invariant breaks.
import http from "node:http";
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { hexlify, randomBytes } from "ethers";
import { startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { isolatedBundle } from "../tests/bad-inputs/bundle.mjs";
import { erc3009Submit, funder, permit2Submit, permit3Submit, usdcBaseDomain, ERC3009_TYPES, nowSec, vectorQuote } from "../edge-worker/test/gasless-helpers.mjs";
import { machine, workerdPids } from "./worker-process.mjs";

const BURST = Number(process.env.BENCH_BURST ?? 40);
const KEY = "dev-key-acme";
const JSON_HEADERS = { "content-type": "application/json" };
let broken = false;
const verdict = (ok, text) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
  if (!ok) broken = true;
};

async function post(worker, path, body, key) {
  try {
    const res = await worker.fetch(path, { method: "POST", key, headers: JSON_HEADERS, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch (e) {
    return { status: 0, error: String(e?.message ?? e) };
  }
}

/** Fires every submit at once and kill -9s workerd once `killAfter` answers came back. */
async function burstAndKill(worker, submits, killAfter) {
  const pids = workerdPids();
  let answered = 0;
  let killedAt = null;
  const started = performance.now();
  const results = await Promise.all(
    submits.map(async (s) => {
      const r = await post(worker, s.path, s.body, s.key);
      if (r.status && ++answered === killAfter && killedAt === null) {
        killedAt = performance.now() - started;
        for (const pid of pids) process.kill(pid, "SIGKILL");
      }
      return { ...s, ...r };
    }),
  );
  await worker.dispose().catch(() => {});
  return { results, killedAtMs: Math.round(killedAt ?? -1) };
}

/** After restart: each acknowledged job exactly once, no duplicate for any submit. */
async function checkJobs(worker, results, label) {
  const acknowledged = results.filter((r) => r.status === 202 || r.status === 200);
  const lost = results.filter((r) => !(r.status === 202 || r.status === 200));
  let found = 0;
  let sameOnResubmit = 0;
  let landedUnacknowledged = 0;
  let problems = [];
  for (const r of acknowledged) {
    const byId = await worker.fetch(`/v1/gasless/jobs/${r.body.id}`, { key: KEY });
    const job = await byId.json();
    const uuid = r.body.quoteId.replace(/^quote:/, "");
    const byQuote = await (await worker.fetch(`/v1/gasless/jobs?quoteId=${uuid}`, { key: KEY })).json();
    if (byId.status === 200 && job.id === r.body.id && byQuote.id === r.body.id) found++;
    else problems.push(`${r.body.id}: by id ${byId.status}, by quote ${byQuote.id}`);
    const again = await post(worker, r.path, r.payload, r.key);
    if (again.status === 200 && again.body.id === r.body.id) sameOnResubmit++;
    else problems.push(`${r.body.id}: resubmit answered ${again.status} ${again.body?.id}`);
  }
  for (const r of lost) {
    const again = await post(worker, r.path, r.payload, r.key);
    if (again.status === 200) landedUnacknowledged++;
    else if (again.status !== 202) problems.push(`unacknowledged submit answered ${again.status} on resubmit: ${JSON.stringify(again.body).slice(0, 200)}`);
  }
  console.log(JSON.stringify({ part: label, submits: results.length, acknowledged: acknowledged.length, unacknowledged: lost.length, foundExactlyOnce: found, sameJobOnResubmit: sameOnResubmit, landedButUnacknowledged: landedUnacknowledged }));
  for (const p of problems.slice(0, 10)) console.log(`  ${p}`);
  verdict(problems.length === 0 && found === acknowledged.length, `${label}: ${found}/${acknowledged.length} acknowledged jobs exist exactly once after kill -9 and restart`);
  return { submits: results.length, acknowledged: acknowledged.length, found, landedUnacknowledged };
}

async function gaslessPart(bundleDir) {
  const persist = tempDir("sr-faults-gasless-");
  try {
    const makers = [erc3009Submit, permit2Submit, permit3Submit];
    const submits = [];
    for (let i = 0; i < BURST; i++) {
      const maker = makers[i % 3];
      const payload = await maker(await vectorQuote({ expiresAt: nowSec() + 600 }));
      const standard = ["erc3009", "permit2", "permit3"][i % 3];
      submits.push({ path: `/v1/gasless/${standard}`, body: payload, payload, key: KEY });
    }
    const first = await startWorker({ bundleDir, persistDir: persist.dir });
    // Warm the isolate (core load) so the burst measures submits, not the cold start.
    await first.fetch("/v1/chains", { key: KEY });
    const { results, killedAtMs } = await burstAndKill(first, submits, Math.max(1, Math.floor(BURST / 3)));
    console.log(JSON.stringify({ part: "gasless burst", killedAfterMs: killedAtMs, statuses: count(results.map((r) => r.status)) }));
    const second = await startWorker({ bundleDir, persistDir: persist.dir });
    try {
      return await checkJobs(second, results, "gasless submits");
    } finally {
      await second.dispose();
    }
  } finally {
    persist.remove();
  }
}

async function depositPart(bundleDir) {
  const persist = tempDir("sr-faults-deposit-");
  try {
    const first = await startWorker({ bundleDir, persistDir: persist.dir });
    const n = Math.max(6, Math.floor(BURST / 2));
    const submits = [];
    for (let i = 0; i < n; i++) {
      const created = await post(first, "/v1/acme-gateway/deposit-addresses", {
        source: { chainId: 8453, token: usdcBaseDomain.verifyingContract, amount: String(25_000_000 + i) },
        destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
        refundRecipient: funder.address,
      });
      if (created.status !== 201) throw new Error(`deposit address not created: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
      const vault = created.body.vaultAddress;
      const authorization = { from: funder.address, to: vault, value: created.body.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
      const signature = await funder.signTypedData(usdcBaseDomain, ERC3009_TYPES, authorization);
      const payload = { vaultAddress: vault, authorization, signature };
      submits.push({ path: "/v1/acme-gateway/submit/erc-3009", body: payload, payload });
    }
    const { results, killedAtMs } = await burstAndKill(first, submits, 1);
    console.log(JSON.stringify({ part: "deposit burst", killedAfterMs: killedAtMs, statuses: count(results.map((r) => r.status)) }));
    const second = await startWorker({ bundleDir, persistDir: persist.dir });
    try {
      return await checkJobs(second, results, "deposit-address submits");
    } finally {
      await second.dispose();
    }
  } finally {
    persist.remove();
  }
}

const count = (xs) => xs.reduce((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});

/** Stub remote solvers on loopback: one hangs, one answers garbage, one answers slowly but validly. */
async function stubSolvers() {
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      const reply = (t) => res.writeHead(200, { "content-type": "application/json" }).end(t);
      if (req.url === "/hang") return; // never answers
      if (req.url === "/garbage") return reply("{\"amountOut\": 99999999999, oops");
      if (req.url === "/slow") {
        const request = JSON.parse(text);
        const amountOut = String((BigInt(request.source.amount) * 9990n) / 10000n);
        return void setTimeout(() => reply(JSON.stringify({ amountOut, estimatedFulfillTimeSec: 30, validUntil: nowSec() + 3600 })), 800).unref();
      }
      res.writeHead(404).end("{}");
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

async function solverPart() {
  const stubs = await stubSolvers();
  const overlay = mkdtempSync(join(tmpdir(), "sr-faults-solvers-"));
  // The overlay replaces chains, tokens and solvers (bundle-config.mjs): the local ones, plus
  // three remote solvers serving what atlas serves.
  const local = (name) => JSON.parse(readFileSync(new URL(`../config/local/${name}.json`, import.meta.url), "utf8"));
  const solvers = local("solvers");
  const atlas = solvers.find((s) => s.id === "atlas");
  const remote = (id, path, timeoutMs) => ({ ...atlas, id, name: `Fault ${id}`, url: stubs.base + path, timeoutMs });
  writeFileSync(join(overlay, "chains.json"), JSON.stringify(local("chains")));
  writeFileSync(join(overlay, "tokens.json"), JSON.stringify(local("tokens")));
  writeFileSync(join(overlay, "solvers.json"), JSON.stringify([...solvers, remote("hangs", "/hang", 1500), remote("garbage", "/garbage", 1500), remote("slow", "/slow", 3000)]));
  const bundleDir = isolatedBundle({ env: { SR_LOCAL_CHAINS_DIR: overlay } });
  const persist = tempDir("sr-faults-solvers-state-");
  const worker = await startWorker({ bundleDir, persistDir: persist.dir });
  const latencies = [];
  const winners = {};
  let signed = 0;
  const n = Number(process.env.BENCH_SOLVER_QUOTES ?? 12);
  try {
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const r = await post(worker, "/v1/quotes", {
        type: "exact-in",
        source: { chainId: 8453, token: usdcBaseDomain.verifyingContract, amount: "25000000", funder: funder.address },
        destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
        dappId: "bench-faults",
        options: { allQuotes: true },
      }, KEY);
      latencies.push(performance.now() - t0);
      if (r.status === 200 && r.body.signature) signed++;
      else console.log(`  quote ${i}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      const id = r.body?.solver?.id ?? "none";
      winners[id] = (winners[id] ?? 0) + 1;
    }
  } finally {
    await worker.dispose();
    persist.remove();
    stubs.server.closeAllConnections();
    stubs.server.close();
    rmSync(overlay, { recursive: true, force: true });
  }
  latencies.sort((a, b) => a - b);
  const figures = { quotes: n, signed, p50Ms: Math.round(latencies[Math.floor(n / 2)]), maxMs: Math.round(latencies.at(-1)), winners };
  console.log(JSON.stringify({ part: "solver faults", ...figures }));
  verdict(signed === n, `solver faults: ${signed}/${n} quotes answered 200 and signed with a hanging, a garbage and a slow remote solver configured`);
  return figures;
}

console.log(`bench:faults on ${machine()}, burst ${BURST}`);
const bundleDir = isolatedBundle();
const summary = { bench: "faults", machine: machine() };
for (const [name, part] of [["gasless", () => gaslessPart(bundleDir)], ["deposit", () => depositPart(bundleDir)], ["solvers", solverPart]]) {
  try {
    summary[name] = await part();
  } catch (e) {
    verdict(false, `${name}: ${e.message}`);
  }
}
console.log(JSON.stringify(summary));
process.exitCode = broken ? 1 : 0;
