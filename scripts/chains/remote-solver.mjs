#!/usr/bin/env node
// The local reference solver as a program of its own: what a solver operator runs, in miniature.
// It does the two things docs/solver-protocol.md asks of a solver that joins:
// 1. it answers the remote-solver protocol over HTTP (POST /quote): the worker sends each quote
//    request it serves, and the answer is priced by solver-pricing.mjs, refused (422) when the
//    solver does not hold what the route would deliver on the destination chain;
// 2. it fills what it quoted: the solver loop of solver.mjs watches every chain's Portal, fills
//    funded intents that pay it, proves them through the source chain's prover and withdraws the
//    reward.
// `npm start` (local.mjs) forks it and lists its URL in the local solvers.json, so the local
// stack's quotes travel the same path as production's. Alone, against a running local stack:
//   node scripts/chains/remote-solver.mjs [--port 8600] [--id local-reference] [--no-fill]
// reads build/local-chains/deployment.json, serves http://127.0.0.1:<port>/quote and prints each
// request with its answer (--no-fill beside `npm start`, whose copy already fills with that account).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Contract } from 'ethers';
import { ERC20_ABI } from './abis.mjs';
import { LOCAL_SOLVERS, devAccount, localProvider } from './deploy.mjs';
import { LOCAL_CHAINS_DIR, isMain } from './paths.mjs';
import { priceRequest, pricingTerms } from './solver-pricing.mjs';
import { recordSnapshot, startLocalSolver } from './solver.mjs';

// A quote request is a few hundred bytes; custom calls make it larger, never this large.
const MAX_REQUEST_BYTES = 64 * 1024;

// How long one read of the solver's balance answers its quotes: about a block of a production
// chain. A solver that read its inventory on the node for every quote would make the node's queue,
// not its pricing, its quote rate (anvil answers a few hundred requests a second, in turn); real
// solvers keep their inventory in memory and refresh it per block, as this one does in miniature.
export const INVENTORY_READ_MS = 1000;

/**
 * The quoting endpoint: POST /quote with a protocol request, answered 200 with the protocol's
 * answer, or a 4xx or 503 {error} the worker leaves out (400 malformed, 404/405 wrong path or method,
 * 413 too large, 422 not served, 503 its balance unreadable). `onQuote({request, status,
 * answer | error})` sees every request. Its balance of a token is read once per
 * `inventoryReadMs` (concurrent quotes share the read in flight) and read again after
 * `server.forgetInventory()` (its own fill spent some).
 */
export function createQuoteServer({ chains, solver, onQuote = () => {}, inventoryReadMs = INVENTORY_READ_MS }) {
  const terms = pricingTerms(solver);
  const holder = devAccount(solver.accountIndex).address;
  const providers = new Map(chains.map((c) => [Number(c.chainId), localProvider(c.rpcUrl, c.chainId)]));
  // `${chainId}:${token}` -> {at, held: Promise<bigint>}; a failed read is not kept.
  const inventory = new Map();
  const balanceOf = (chainId, token) => {
    const key = `${chainId}:${token.toLowerCase()}`;
    const kept = inventory.get(key);
    if (kept && Date.now() - kept.at < inventoryReadMs) return kept.held;
    const held = new Contract(token, ERC20_ABI, providers.get(chainId)).balanceOf(holder);
    const entry = { at: Date.now(), held };
    inventory.set(key, entry);
    held.catch(() => inventory.get(key) === entry && inventory.delete(key));
    return held;
  };
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function answer(text) {
    let request;
    try {
      request = JSON.parse(text);
    } catch {
      return { status: 400, body: { error: 'the request is not JSON' } };
    }
    const priced = priceRequest(request, { chains, terms });
    if (!priced.ok) return { request, status: priced.status, body: { error: priced.error } };
    // Inventory is what the solver holds now on the destination chain, not a configured figure.
    const { chainId, token, amount } = priced.delivers;
    let held;
    try {
      held = await balanceOf(chainId, token);
    } catch (error) {
      return { request, status: 503, body: { error: `cannot read its balance on chain ${chainId}: ${error.shortMessage ?? error.message}` } };
    }
    if (held < amount) return { request, status: 422, body: { error: `holds ${held} of ${token} on chain ${chainId}, the route delivers ${amount}` } };
    return { request, status: 200, body: priced.answer };
  }

  const server = createServer((req, res) => {
    if (req.url !== '/quote') return send(res, 404, { error: 'the quoting endpoint is POST /quote' });
    if (req.method !== 'POST') return send(res, 405, { error: 'POST only' });
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', async () => {
      if (size > MAX_REQUEST_BYTES) return send(res, 413, { error: `requests are at most ${MAX_REQUEST_BYTES} bytes` });
      const result = await answer(Buffer.concat(chunks).toString('utf8'));
      onQuote({ request: result.request ?? null, status: result.status, ...(result.status === 200 ? { answer: result.body } : result.body) });
      send(res, result.status, result.body);
    });
  });
  server.on('close', () => providers.forEach((p) => p.destroy()));
  server.forgetInventory = () => inventory.clear();
  return server;
}

/**
 * Runs the solver `solverId` of LOCAL_SOLVERS against deployment `chains`: its quoting endpoint
 * on 127.0.0.1:`port` (0: any free port) and, unless `fill` is false, its solver loop.
 * @returns {Promise<{url, address, loop, stop}>} loop: the solver loop (null without fill)
 */
export async function runRemoteSolver({ chains, solverId, port = 0, fill = true, log = console.log, onQuote, onRecord = () => {}, loopOptions = {} }) {
  const solver = LOCAL_SOLVERS.find((s) => s.id === solverId);
  if (!solver) throw new Error(`no local solver ${solverId}`);
  const server = createQuoteServer({ chains, solver, onQuote });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}/quote`;
  let loop = null;
  try {
    if (fill) {
      loop = await startLocalSolver(solver, { ...loopOptions, chains, log });
      loop.events.on('state', (record) => {
        // A fill spent inventory: the next quote reads the balance again.
        if (record.state === 'filled') server.forgetInventory();
        onRecord('state', record);
      });
      loop.events.on('update', (record) => onRecord('update', record));
    }
  } catch (error) {
    server.close();
    throw error;
  }
  log(`solver ${solverId}: quoting at ${url}${fill ? '' : ' (not filling)'}`);
  const stop = async () => {
    await loop?.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url, address: devAccount(solver.accountIndex).address, loop, stop };
}

// Forked by solver-process.mjs: the parent sends {type: 'start', chains, solverId, fill,
// loopOptions} and later {type: 'stop'}; this process reports 'ready', 'log', 'record' and
// 'quote' messages, and exits when told to or when its parent goes away.
async function runForked() {
  const sendMessage = (message) => process.connected && process.send(message);
  let running = null;
  const exit = async (code) => {
    await running?.stop().catch(() => {});
    process.exit(code);
  };
  process.on('disconnect', () => exit(0));
  process.on('message', async (message) => {
    if (message.type === 'stop') return exit(0);
    if (message.type !== 'start' || running) return;
    try {
      running = await runRemoteSolver({
        ...message,
        log: (line) => sendMessage({ type: 'log', line }),
        onQuote: (quote) => sendMessage({ type: 'quote', quote }),
        onRecord: (event, record) => sendMessage({ type: 'record', event, record: recordSnapshot(record) }),
      });
      sendMessage({ type: 'ready', url: running.url, address: running.address });
    } catch (error) {
      sendMessage({ type: 'failed', message: error.shortMessage ?? error.message });
      process.exit(1);
    }
  });
}

async function runAlone() {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '0' }, id: { type: 'string', default: LOCAL_SOLVERS[0].id }, 'no-fill': { type: 'boolean', default: false } },
  });
  const deployment = JSON.parse(readFileSync(join(LOCAL_CHAINS_DIR, 'deployment.json'), 'utf8'));
  const running = await runRemoteSolver({
    chains: deployment.chains,
    solverId: values.id,
    port: Number(values.port),
    fill: !values['no-fill'],
    onQuote: (q) => console.log(`quote ${q.status}: ${JSON.stringify(q.request)} -> ${JSON.stringify(q.answer ?? q.error)}`),
  });
  const shutdown = async () => {
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (isMain(import.meta.url)) {
  if (process.send) await runForked();
  else await runAlone();
}
