// The stranger of bench/preflight-flood.mjs, in a thread of its own: CONCURRENCY loops posting
// the pre-signed bodies to the worker over loopback HTTP until told to stop, then the count of
// answers by status. A thread, not the bench's main thread, because that thread also runs the
// loopback RPC proxy standing in for the chain's provider: a flood driven from the same event
// loop would delay the provider's answers to the legitimate submit, a cost no deployment has
// (its attackers and its provider are other machines).
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";

const { url, bodies, concurrency, networks, nice } = workerData;
// nice: this thread (Linux: a thread's own priority) yields the CPU to the worker and the stand-in
// provider whenever they want it, as a stranger's machine does not share theirs.
if (nice) setPriority(0, 19);
// networks: each submit from a client network of its own (a random IPv6 /48 of 2001:db8::/32, the
// documentation prefix), as from a stranger holding as many networks as it likes: no client's
// bucket ever refuses it.
const word = () => Math.floor(Math.random() * 0x10000).toString(16);
const aNetwork = () => `2001:db8:${word()}:${word()}::1`;
let flooding = true;
let sent = 0;
const statuses = {};
parentPort.on("message", (message) => {
  if (message === "stop") flooding = false;
});

async function stranger() {
  while (flooding) {
    const body = bodies[sent++ % bodies.length];
    try {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(networks ? { "cf-connecting-ip": aNetwork() } : {}) }, body });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    } catch (e) {
      statuses[`error: ${e?.cause?.code ?? e?.message ?? e}`] = (statuses[`error: ${e?.cause?.code ?? e?.message ?? e}`] ?? 0) + 1;
    }
  }
}

await Promise.all(Array.from({ length: concurrency }, stranger));
parentPort.postMessage(statuses);
