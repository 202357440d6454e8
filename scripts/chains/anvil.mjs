#!/usr/bin/env node
// Starts local anvil nodes (npm @foundry-rs/anvil) on loopback and stops them with this process,
// even when it dies without cleaning up: each node runs under a small sh wrapper that kills it as
// soon as the wrapper's stdin (a pipe held only by this process) reaches end of file.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { isMain } from './paths.mjs';

export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
// 0 deploys, 1–9 are the users' wallets, 10 the reference solver, 11 the gasless relayer, 12 the
// second local solver, 13 the USDC proxy admin, 14 and 15 the relayer's extra accounts (local
// RELAYER_KEYS; deploy.mjs ACCOUNT_INDEX). Every one holds DEV_NATIVE_BALANCE_ETH on every chain.
export const DEV_ACCOUNT_COUNT = 16;
export const DEV_NATIVE_BALANCE_ETH = 10000;

export const DEFAULT_LOCAL_CHAINS = Object.freeze([
  Object.freeze({ name: 'Anvil A', chainId: 31337, port: 8545 }),
  Object.freeze({ name: 'Anvil B', chainId: 31338, port: 8546 }),
]);

const LOOPBACK = '127.0.0.1';
const PLATFORM_PACKAGES = {
  'linux-x64': 'anvil-linux-amd64',
  'linux-arm64': 'anvil-linux-arm64',
  'darwin-x64': 'anvil-darwin-amd64',
  'darwin-arm64': 'anvil-darwin-arm64',
};

export function anvilBinaryPath() {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`anvil: no @foundry-rs package for ${process.platform}-${process.arch}`);
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`@foundry-rs/${pkg}/package.json`)), 'bin', 'anvil');
}

/** A TCP port free on loopback right now (for tests that must not collide with a running stack). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Runs "$0 $@" (anvil and its arguments); the watcher reads the inherited copy of stdin (fd 3,
// because background jobs get /dev/null as stdin) and kills anvil at end of file.
const WRAPPER = [
  'exec 3<&0',
  '"$0" "$@" & node_pid=$!',
  'echo "anvil-pid $node_pid" >&2',
  '( read -r _ <&3; kill "$node_pid" 2>/dev/null ) & watcher=$!',
  'wait "$node_pid"; status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(2000),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Starts one anvil node and resolves once it answers eth_chainId with `chainId`. `extraArgs` go
 * to anvil as they are (e.g. ['--timestamp', '1763700000'] to replay signed vectors).
 * @returns {Promise<{name, chainId, port, rpcUrl, stop: () => Promise<void>}>}
 */
export async function startAnvil({ name, chainId, port, extraArgs = [], timeoutMs = 15000, log = () => {} }) {
  const args = [
    '--host', LOOPBACK,
    '--port', String(port),
    '--chain-id', String(chainId),
    '--mnemonic', DEV_MNEMONIC,
    '--accounts', String(DEV_ACCOUNT_COUNT),
    '--balance', String(DEV_NATIVE_BALANCE_ETH),
    ...extraArgs,
  ];
  const child = spawn('/bin/sh', ['-c', WRAPPER, anvilBinaryPath(), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let anvilPid = null;
  const keepTail = (chunk) => {
    output = (output + chunk).slice(-4000);
    const match = /anvil-pid (\d+)/.exec(output);
    if (match) anvilPid = Number(match[1]);
  };
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);
  // SR_ANVIL_LOG_DIR: every node's output (one line per JSON-RPC method it answered) is also
  // appended to <dir>/anvil-<chainId>.log, for a load run to count the requests a quote makes.
  if (process.env.SR_ANVIL_LOG_DIR) child.stdout.pipe(createWriteStream(join(process.env.SR_ANVIL_LOG_DIR, `anvil-${chainId}.log`), { flags: 'a' }));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  exited.then(() => { running = false; });

  const rpcUrl = `http://${LOOPBACK}:${port}`;
  const stop = async () => {
    if (!running) return;
    child.stdin.end();
    const timedOut = await Promise.race([exited.then(() => false), delay(5000).then(() => true)]);
    if (timedOut) {
      if (anvilPid) tryKill(anvilPid);
      tryKill(child.pid);
      await exited;
    }
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running) throw new Error(`anvil ${name} (chain ${chainId}, port ${port}) exited early:\n${output.trim()}`);
    try {
      const answered = await rpc(rpcUrl, 'eth_chainId');
      if (BigInt(answered) !== BigInt(chainId)) {
        await stop();
        throw new Error(`anvil on port ${port} answers chain ${BigInt(answered)}, expected ${chainId}`);
      }
      break;
    } catch (error) {
      if (error.message.startsWith('anvil on port')) throw error;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil ${name} not ready on ${rpcUrl} within ${timeoutMs} ms:\n${output.trim()}`);
    }
    await delay(100);
  }
  log(`anvil ${name}: chain ${chainId} on ${rpcUrl}`);
  return { name, chainId, port, rpcUrl, stop };
}

/** Starts every chain (default: DEFAULT_LOCAL_CHAINS); on a failure stops those already started. */
export async function startLocalChains(chains = DEFAULT_LOCAL_CHAINS, options = {}) {
  const started = [];
  try {
    for (const chain of chains) started.push(await startAnvil({ ...chain, ...options }));
  } catch (error) {
    await stopAll(started);
    throw error;
  }
  return started;
}

export async function stopAll(nodes) {
  await Promise.all(nodes.map((node) => node.stop()));
}

function tryKill(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

if (isMain(import.meta.url)) {
  const nodes = await startLocalChains(DEFAULT_LOCAL_CHAINS, { log: console.log });
  const shutdown = async () => {
    await stopAll(nodes);
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
