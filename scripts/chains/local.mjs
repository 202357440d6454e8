#!/usr/bin/env node
// The whole local-chain stack in one call: compile, start the anvil nodes, deploy the real Portal,
// Permit2 and USDC plus our Permit3, prover and test USDT, and run the local solvers (one loop per
// solver account). The reference solver runs as a process of its own (remote-solver.mjs, started
// by solver-process.mjs) that the generated solvers.json lists by URL, so the worker asks it for
// prices over the remote-solver protocol as production asks its solvers; the budget solver is an
// in-process price model whose loop runs here. `npm start` (scripts/serve.sh) runs this file;
// run directly, it prints the chains, contracts and funded accounts and runs until interrupted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LOCAL_CHAINS, freePort, startLocalChains, stopAll } from './anvil.mjs';
import { LOCAL_SOLVERS, deployLocalChains, describeAccounts, writeGeneratedConfig } from './deploy.mjs';
import { startLocalSolver } from './solver.mjs';
import { startRemoteSolver } from './solver-process.mjs';
import { LOCAL_CHAINS_DIR, isMain } from './paths.mjs';

/**
 * @param options.chains [{name, chainId, port}] (default: 31337 on 8545 and 31338 on 8546)
 * @param options.outDir where the generated configuration goes (null: nowhere)
 * @param options.solver false to run no solver loop (nothing fills; the remote solvers still quote)
 * @param options.solverOptions the solver loops' options (pollMs, txWaitMs, ...)
 * @returns {Promise<{nodes, deployment, solver, solvers, remoteSolvers, stop}>} solver: the
 *   reference solver (solvers[0]); solvers: every local solver loop (in this process or a remote
 *   solver's handle), empty with solver: false; remoteSolvers: the remote solvers' handles
 *   (solver-process.mjs: url, quotes answered)
 */
export async function startLocalStack({
  chains = DEFAULT_LOCAL_CHAINS,
  outDir = LOCAL_CHAINS_DIR,
  solver: withSolver = true,
  solverOptions = {},
  log = (line) => console.log(line),
} = {}) {
  const nodes = await startLocalChains(chains, { log });
  const started = [];
  const stopSolvers = () => Promise.all(started.map((s) => s.stop()));
  try {
    const deployment = await deployLocalChains(nodes, { outDir: null, log });
    const remoteSolvers = [];
    for (const record of LOCAL_SOLVERS) {
      if (record.remote) {
        const remote = await startRemoteSolver({ chains: deployment.chains, solverId: record.id, fill: withSolver, loopOptions: solverOptions, log });
        started.push(remote);
        remoteSolvers.push(remote);
      } else if (withSolver) {
        started.push(await startLocalSolver(record, { chains: deployment.chains, log, ...solverOptions }));
      }
    }
    // Written once the remote solvers listen: the configuration names their URLs.
    if (outDir) writeGeneratedConfig(deployment, outDir, { solverUrls: Object.fromEntries(remoteSolvers.map((r) => [r.id, r.url])) });
    const solvers = withSolver ? started : [];
    const stop = async () => {
      await stopSolvers();
      await stopAll(nodes);
    };
    return { nodes, deployment, solver: solvers[0] ?? null, solvers, remoteSolvers, stop };
  } catch (error) {
    await stopSolvers();
    await stopAll(nodes);
    throw error;
  }
}

/**
 * The two test chains the relaying suites and benches start with: 31337 (A, the source) and
 * 31338 (B, the destination) on free loopback ports, their configuration in a fresh temporary
 * directory (the caller removes it after stack.stop()), the solvers polling every `pollMs`.
 * @returns {Promise<{stack: Awaited<ReturnType<typeof startLocalStack>>, outDir: string}>}
 */
export async function startTestChains(prefix, { names = ['Test A', 'Test B'], pollMs = 200 } = {}) {
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  const [portA, portB] = [await freePort(), await freePort()];
  const stack = await startLocalStack({
    chains: [
      { name: names[0], chainId: 31337, port: portA },
      { name: names[1], chainId: 31338, port: portB },
    ],
    outDir,
    solverOptions: { pollMs },
    log: () => {},
  });
  return { stack, outDir };
}

if (isMain(import.meta.url)) {
  const stack = await startLocalStack();
  for (const c of stack.deployment.chains) {
    console.log(`${c.name}: chain ${c.chainId} at ${c.rpcUrl}`);
    console.log(`  Portal ${c.portal}  Prover ${c.prover}  USDC ${c.tokens.USDC}  USDT ${c.tokens.USDT}`);
    console.log(`  Permit2 ${c.permit2}  Permit3 ${c.permit3}`);
    console.log(`  vault initCodeHash ${c.vaultInitCodeHash}`);
  }
  console.log((await describeAccounts(stack.deployment)).join('\n'));
  for (const s of stack.solvers) console.log(`solver ${s.id} ${s.address}${s.url ? ` quoting at ${s.url} (remote-solver protocol)` : ' (in-process price model)'}`);
  console.log(`relayer ${stack.deployment.accounts.relayer.address}`);
  console.log(`configuration in ${LOCAL_CHAINS_DIR}; Ctrl-C stops the chains`);
  const shutdown = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
