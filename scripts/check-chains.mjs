#!/usr/bin/env node
// Confirms over JSON-RPC that every EVM chain of a configuration is what the configuration says,
// before that configuration is deployed: the worker refuses deposit addresses, ERC-3009 and
// Permit3 transfers on a chain whose Portal has not confirmed the vault derivation, so a wrong
// address or init code hash should be found here rather than by users meeting 503 chain-unverified.
//
//   npm run check:chains -- <environment> [--rpc <chainId>=<url> ...] [--allow-unchecked]
//
// <environment> is a directory of config/ (local, production). `local` means the local chain
// stack's generated chains and tokens (scripts/chains/deploy.mjs writes them to build/local-chains,
// or to $SR_LOCAL_CHAINS_DIR, which takes precedence as in the worker's local bundle) when they
// exist, else config/local.
//
// RPC URL of a chain, first found: --rpc <chainId>=<url>, env RPC_URL_<chainId>, the chain
// record's rpcUrl (local chains have one). Only the URL's origin is printed: provider URLs
// often carry an API key in their path.
//
// Per EVM chain: eth_chainId equals the configured chainId; code exists at the portal, prover,
// permit2, permit3 (when configured) and every configured token of the chain; the Portal answers
// version(); and the Portal's intentVaultAddress for the core's probe intent equals the vault
// the core derives from portal and vaultInitCodeHash (the same probe and verdict the worker uses).
// Per Solana chain, only where an RPC URL is given (else listed and skipped): getAccountInfo
// finds the Portal and prover program ids executable, and every configured token a mint owned by
// its configured `tokenProgram` (the core derives token accounts under that program and pays on
// Solana by invoking it). A Solana vault is a PDA of the Portal: there is nothing on chain to probe for it.
//
// Exit 0 when every checked chain is confirmed and complete; 1 when a check failed, when a chain
// has no RPC URL (unless --allow-unchecked) or when no chain was checked at all; 2 on a usage or
// configuration error. Needs the core's WebAssembly build (build/wasm-release, or $SR_WASM_DIR).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_CHAINS_DIR, REPO_ROOT } from './chains/paths.mjs';
import { callPrimitive, loadCore as loadSharedCore, serviceOver } from './core-service.mjs';

const RPC_TIMEOUT_MS = 10_000;
const USAGE = 'usage: npm run check:chains -- <environment> [--rpc <chainId>=<url> ...] [--allow-unchecked]';

class UsageError extends Error {}

function parseCommandLine(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { rpc: { type: 'string', multiple: true, default: [] }, 'allow-unchecked': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length !== 1) throw new UsageError('name exactly one environment');
  const rpc = new Map();
  for (const flag of values.rpc) {
    const match = /^(\d+)=(https?:\/\/.+)$/.exec(flag);
    if (!match) throw new UsageError(`--rpc ${flag}: expected <chainId>=<http(s) URL>`);
    rpc.set(Number(match[1]), match[2]);
  }
  return { environment: positionals[0], rpc, allowUnchecked: values['allow-unchecked'] };
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The configuration the worker would bundle for `environment`, and where its chains came from. */
function loadConfiguration(environment) {
  const configDir = join(REPO_ROOT, 'config', environment);
  if (!/^[\w-]+$/.test(environment) || !existsSync(join(configDir, 'chains.json'))) {
    throw new UsageError(`no configuration config/${environment}`);
  }
  const config = {};
  for (const name of ['service', 'chains', 'tokens', 'solvers', 'partners']) config[name] = readJson(join(configDir, `${name}.json`));
  let source = `config/${environment}`;
  if (environment === 'local') {
    const overlay = process.env.SR_LOCAL_CHAINS_DIR || LOCAL_CHAINS_DIR;
    const hasOverlay = ['chains', 'tokens'].every((name) => existsSync(join(overlay, `${name}.json`)));
    if (process.env.SR_LOCAL_CHAINS_DIR && !hasOverlay) throw new UsageError(`SR_LOCAL_CHAINS_DIR (${overlay}) has no chains.json and tokens.json`);
    if (hasOverlay) {
      config.chains = readJson(join(overlay, 'chains.json'));
      config.tokens = readJson(join(overlay, 'tokens.json'));
      // config/local's solvers name config/local's chains, which the overlay replaces.
      const solvers = join(overlay, 'solvers.json');
      config.solvers = existsSync(solvers) ? readJson(solvers) : [];
      const shown = relative(REPO_ROOT, overlay);
      source = shown.startsWith('..') ? overlay : shown;
    }
  }
  return { config, source };
}

async function loadCore() {
  try {
    return await loadSharedCore();
  } catch (error) {
    throw new UsageError(error.message);
  }
}

function makeService(core, config) {
  try {
    return serviceOver(core, config);
  } catch (error) {
    throw new UsageError(`the core refuses the configuration: ${error.message}`);
  }
}

class RpcError extends Error {}

async function rpc(url, method, params) {
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error.name === 'TimeoutError' ? `no answer within ${RPC_TIMEOUT_MS / 1000} s` : (error.cause?.code ?? error.cause?.message ?? error.message);
    throw new RpcError(`unreachable (${reason})`);
  }
  if (!response.ok) throw new RpcError(`HTTP ${response.status}`);
  let body;
  try {
    body = await response.json();
  } catch {
    throw new RpcError('the answer is not JSON');
  }
  if (body.error) throw new RpcError(`${method} failed: ${body.error.message ?? JSON.stringify(body.error)}`);
  return body.result;
}

function rpcUrlOf(chain, flags) {
  if (flags.has(chain.chainId)) return { url: flags.get(chain.chainId), from: '--rpc' };
  const env = process.env[`RPC_URL_${chain.chainId}`];
  if (env) return { url: env, from: `RPC_URL_${chain.chainId}` };
  if (chain.rpcUrl) return { url: chain.rpcUrl, from: 'rpcUrl' };
  return null;
}

function shownUrl(url) {
  try {
    const { hostname, origin } = new URL(url);
    return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname) ? url : `${origin}/…`;
  } catch {
    return 'an unparsable URL';
  }
}

/** Runs every check of one chain; returns {state: confirmed|failed|unchecked, findings}. */
async function checkChain(chain, { tokens, probe, judge, rpcUrl, versionSelector, decodeString }) {
  const findings = [];
  const ok = (text) => findings.push({ ok: true, text });
  const fail = (text) => findings.push({ ok: false, text });
  if (!rpcUrl) return { state: 'unchecked', findings };
  const call = (method, ...params) => rpc(rpcUrl.url, method, params);

  try {
    const answered = Number(BigInt(await call('eth_chainId')));
    if (answered !== chain.chainId) {
      fail(`eth_chainId is ${answered}, not ${chain.chainId}: the RPC URL serves another chain`);
      return { state: 'failed', findings };
    }
    ok(`eth_chainId ${answered}`);
  } catch (error) {
    fail(`RPC ${error.message}`);
    return { state: 'failed', findings };
  }

  const contracts = [
    ['portal', chain.portal],
    ['prover', chain.prover],
    ['permit2', chain.permit2],
    ['permit3', chain.permit3],
    ...tokens.map((token) => [`token ${token.symbol}`, token.address]),
  ].filter(([, address]) => address);
  const codeFindings = await Promise.all(
    contracts.map(async ([role, address]) => {
      try {
        const size = ((await call('eth_getCode', address, 'latest')).length - 2) / 2;
        return size > 0 ? { ok: true, text: `${role} ${address} has code (${size} bytes)` } : { ok: false, text: `${role} ${address} has no code` };
      } catch (error) {
        return { ok: false, text: `${role} ${address}: eth_getCode ${error.message}` };
      }
    }),
  );
  findings.push(...codeFindings);

  try {
    const answer = await call('eth_call', { to: chain.portal, data: versionSelector }, 'latest');
    const version = answer === '0x' ? null : decodeString(answer);
    if (version === null) fail(`Portal version() answered nothing (${answer}): is ${chain.portal} a Portal?`);
    else ok(`Portal version() "${version}"`);
  } catch (error) {
    fail(`Portal version(): ${error.message}`);
  }

  if (!probe) {
    fail('the core has no vault derivation probe for this chain');
  } else {
    try {
      const result = await call('eth_call', { to: probe.to, data: probe.data }, 'latest');
      const verdict = judge({ chainId: chain.chainId, result });
      if (verdict.vaultDerivation === 'confirmed') ok(`vault derivation confirmed: ${verdict.detail}`);
      else fail(`vault derivation ${verdict.vaultDerivation}: ${verdict.detail}`);
    } catch (error) {
      fail(`vault derivation probe (intentVaultAddress, expecting ${probe.expectedVault}): ${error.message}`);
    }
  }
  return { state: findings.every((f) => f.ok) ? 'confirmed' : 'failed', findings };
}

// The two programs a Solana mint may be owned by (a token's `tokenProgram` in tokens.json).
const TOKEN_PROGRAM_NAMES = {
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'SPL Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
};

/** The Solana chain's program ids and mints, over the Solana JSON-RPC getAccountInfo. */
async function checkSolanaChain(chain, { tokens, rpcUrl }) {
  const findings = [];
  const accountInfo = async (pubkey) => (await rpc(rpcUrl.url, 'getAccountInfo', [pubkey, { encoding: 'base64', commitment: 'finalized' }]))?.value ?? null;
  const programs = [['portal', chain.portal], ['prover', chain.prover]].filter(([, id]) => id);
  const programFindings = programs.map(async ([role, id]) => {
    try {
      const account = await accountInfo(id);
      if (!account) return { ok: false, text: `${role} ${id} has no account` };
      if (account.executable !== true) return { ok: false, text: `${role} ${id} is not executable (owner ${account.owner}): not a program` };
      return { ok: true, text: `${role} ${id} is an executable program (owner ${account.owner})` };
    } catch (error) {
      return { ok: false, text: `${role} ${id}: getAccountInfo ${error.message}` };
    }
  });
  const mintFindings = tokens.map(async (token) => {
    const role = `token ${token.symbol}`;
    try {
      const account = await accountInfo(token.address);
      if (!account) return { ok: false, text: `${role} ${token.address} has no account` };
      const name = TOKEN_PROGRAM_NAMES[token.tokenProgram] ?? 'tokenProgram';
      if (account.owner !== token.tokenProgram) {
        return { ok: false, text: `${role} ${token.address} is owned by ${account.owner}, not ${name} ${token.tokenProgram}: its tokenProgram in tokens.json, which payments on Solana invoke and its token accounts are derived under` };
      }
      return { ok: true, text: `${role} ${token.address} is owned by ${name}` };
    } catch (error) {
      return { ok: false, text: `${role} ${token.address}: getAccountInfo ${error.message}` };
    }
  });
  findings.push(...(await Promise.all([...programFindings, ...mintFindings])));
  return { state: findings.every((f) => f.ok) ? 'confirmed' : 'failed', findings };
}

async function main(argv) {
  const options = parseCommandLine(argv);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const { config, source } = loadConfiguration(options.environment);
  const byId = new Map(config.chains.map((chain) => [chain.chainId, chain]));
  for (const id of options.rpc.keys()) {
    if (!byId.has(id)) throw new UsageError(`--rpc ${id}: not a chain of ${source}`);
  }
  const core = await loadCore();
  const handle = makeService(core, config);
  const probes = new Map(handle('vaultDerivationProbes', {}).probes.map((p) => [p.chainId, p]));
  const versionSelector = callPrimitive(core, 'keccak256', { data: `0x${Buffer.from('version()').toString('hex')}` }).slice(0, 10);
  const decodeString = (data) => callPrimitive(core, 'abi_decode', { types: ['string'], data })[0];
  const judge = (input) => handle('vaultDerivationVerdict', input);

  const evm = config.chains.filter((chain) => chain.vm === 'evm');
  const svm = config.chains.filter((chain) => chain.vm === 'svm');
  console.log(`check-chains ${options.environment}: ${evm.length} EVM and ${svm.length} Solana chains from ${source}`);
  // Concurrently, but printed in configuration order so that each chain's lines stay together.
  const results = await Promise.all(
    config.chains.map((chain) => {
      const rpcUrl = rpcUrlOf(chain, options.rpc);
      const tokens = config.tokens.filter((token) => token.chainId === chain.chainId);
      if (chain.vm === 'svm') {
        if (!rpcUrl) return { state: 'skipped', findings: [] };
        return checkSolanaChain(chain, { tokens, rpcUrl }).then((r) => ({ ...r, rpcUrl }));
      }
      if (chain.vm !== 'evm') return { state: 'skipped', findings: [] };
      return checkChain(chain, { tokens, probe: probes.get(chain.chainId), judge, rpcUrl, versionSelector, decodeString }).then((r) => ({ ...r, rpcUrl }));
    }),
  );
  const count = { confirmed: 0, failed: 0, unchecked: 0 };
  config.chains.forEach((chain, i) => {
    const { state, findings, rpcUrl } = results[i];
    const name = `chain ${chain.chainId} ${chain.name}`;
    if (state === 'skipped') {
      console.log(`${name}: ${chain.vm} chain without an RPC URL, not checked (give --rpc ${chain.chainId}=<url> or RPC_URL_${chain.chainId} to check its program ids)`);
      return;
    }
    count[state] += 1;
    if (state === 'unchecked') {
      console.log(`${name}: no RPC URL: not checked (give --rpc ${chain.chainId}=<url> or RPC_URL_${chain.chainId})`);
      return;
    }
    const failures = findings.filter((f) => !f.ok).length;
    const verdict = state === 'confirmed' ? 'confirmed' : `FAILED (${failures} failed check${failures === 1 ? '' : 's'})`;
    console.log(`${name} via ${shownUrl(rpcUrl.url)} (${rpcUrl.from}): ${verdict}`);
    for (const f of findings) console.log(`  ${f.ok ? 'ok  ' : 'FAIL'}  ${f.text}`);
  });

  const checked = count.confirmed + count.failed;
  const parts = [`${count.confirmed} of ${checked} checked chains confirmed`];
  if (count.unchecked) parts.push(`${count.unchecked} not checked${options.allowUnchecked ? ' (allowed)' : ''}`);
  const passed = checked > 0 && count.failed === 0 && (count.unchecked === 0 || options.allowUnchecked);
  console.log(`check-chains ${options.environment}: ${parts.join(', ')}${checked === 0 ? ', nothing checked' : ''}: ${passed ? 'OK' : 'FAILED'}`);
  return passed ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (error instanceof UsageError) {
      console.error(`check-chains: ${error.message}\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(`check-chains: ${error.stack ?? error}`);
      process.exitCode = 1;
    }
  },
);
