#!/usr/bin/env node
// Compiles our own contracts/*.sol (Permit3, the prover, the test USDT) with the npm `solc` package
// (its bundled soljson, no downloads) into
// build/contracts/<Contract>.json = {contractName, sourceName, abi, bytecode, deployedBytecode}.
// Imports of `@openzeppelin/contracts/...` resolve to the exact-pinned devDependency in
// node_modules. Skips the compiler when the sources, the OpenZeppelin version, the compiler
// version and settings hash to the recorded key.
// The real protocol contracts (Portal, Permit2, FiatToken) are not compiled: they come as
// bytecode from npm packages (packages.mjs); loadArtifact('Portal') answers with the real one.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { createRequire } from 'node:module';
import { REPO_ROOT, isMain } from './paths.mjs';
import { PINNED_PACKAGES, portalArtifact } from './packages.mjs';

export const CONTRACTS_DIR = join(REPO_ROOT, 'contracts');
export const ARTIFACTS_DIR = join(REPO_ROOT, 'build', 'contracts');
const CACHE_KEY_FILE = join(ARTIFACTS_DIR, '.source-hash');

// bytecodeHash "none" keeps comments and paths out of the bytecode, so addresses and the vault
// initCodeHash change only when code does.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

function readSources() {
  const names = readdirSync(CONTRACTS_DIR).filter((n) => n.endsWith('.sol')).sort();
  const sources = {};
  for (const n of names) sources[`contracts/${n}`] = { content: readFileSync(join(CONTRACTS_DIR, n), 'utf8') };
  return sources;
}

const OPENZEPPELIN = '@openzeppelin/contracts';
const OPENZEPPELIN_DIR = join(REPO_ROOT, 'node_modules', OPENZEPPELIN);

function openZeppelinVersion() {
  const path = join(OPENZEPPELIN_DIR, 'package.json');
  const version = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')).version : null;
  if (version !== PINNED_PACKAGES[OPENZEPPELIN]) {
    throw new Error(`${OPENZEPPELIN} ${version ?? 'missing'}, pinned ${PINNED_PACKAGES[OPENZEPPELIN]}: run npm ci`);
  }
  return version;
}

// solc's import callback: only the pinned OpenZeppelin package, nothing else from disk.
function findImport(path) {
  if (!path.startsWith(`${OPENZEPPELIN}/`)) return { error: `import ${path}: only ${OPENZEPPELIN}/ is resolved` };
  const file = normalize(join(OPENZEPPELIN_DIR, path.slice(OPENZEPPELIN.length + 1)));
  if (!file.startsWith(`${OPENZEPPELIN_DIR}/`) || !existsSync(file)) return { error: `import ${path}: not found` };
  return { contents: readFileSync(file, 'utf8') };
}

function cacheKey(solcVersion, sources) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ solcVersion, openZeppelin: openZeppelinVersion(), SETTINGS }));
  for (const [name, { content }] of Object.entries(sources)) hash.update(`\0${name}\0${content}`);
  return hash.digest('hex');
}

// Tests and `npm start` may compile at the same time: a reader must never see a half-written file.
function writeAtomically(path, text) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

export function loadArtifact(contractName) {
  if (contractName === 'Portal') return portalArtifact();
  const path = join(ARTIFACTS_DIR, `${contractName}.json`);
  if (!existsSync(path)) throw new Error(`no artifact ${path}: run scripts/chains/compile.mjs`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Compiles when needed; returns {cached, contractNames}. Throws with the compiler's errors. */
export function compileContracts({ force = false, log = () => {} } = {}) {
  const require = createRequire(import.meta.url);
  const sources = readSources();
  // The package version names the bundled compiler; loading soljson itself takes a second.
  const key = cacheKey(require('solc/package.json').version, sources);
  if (!force && existsSync(CACHE_KEY_FILE) && readFileSync(CACHE_KEY_FILE, 'utf8') === key) {
    const contractNames = JSON.parse(readFileSync(join(ARTIFACTS_DIR, '.contracts.json'), 'utf8'));
    return { cached: true, contractNames };
  }
  const solc = require('solc');
  log(`compiling ${Object.keys(sources).length} sources with solc ${solc.version()}`);
  const input = JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS });
  const output = JSON.parse(solc.compile(input, { import: findImport }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  for (const warning of output.errors ?? []) log(warning.formattedMessage.trim());

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const contractNames = [];
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    if (!sourceName.startsWith('contracts/')) continue; // imported library code: no artifacts
    for (const [contractName, out] of Object.entries(contracts)) {
      const artifact = {
        contractName,
        sourceName,
        abi: out.abi,
        bytecode: `0x${out.evm.bytecode.object}`,
        deployedBytecode: `0x${out.evm.deployedBytecode.object}`,
      };
      writeAtomically(join(ARTIFACTS_DIR, `${contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
      contractNames.push(contractName);
    }
  }
  writeAtomically(join(ARTIFACTS_DIR, '.contracts.json'), JSON.stringify(contractNames.sort()));
  writeAtomically(CACHE_KEY_FILE, key);
  return { cached: false, contractNames };
}

if (isMain(import.meta.url)) {
  const started = Date.now();
  const { cached, contractNames } = compileContracts({ force: process.argv.includes('--force'), log: console.log });
  console.log(`${cached ? 'up to date' : 'compiled'}: ${contractNames.join(', ')} (${Date.now() - started} ms)`);
}
