#!/usr/bin/env node
// Deploys the production worker after every check that can refuse it; `--dry-run` runs the offline
// checks and builds the bundle without uploading anything (npm test runs it).
//
//   npm run deploy -- [--dry-run] [--plan free|paid] [--rpc <chainId>=<url> ...]
//                     [--config-dir <dir>] [--worker-dir <dir>]
//
// Offline checks, each refusal naming what to fix:
//   - the configuration loads: config/production as the worker bundles it, validated by the core's
//     Service exactly as the worker constructs it (every error with its path);
//   - every EVM chain has its per-chain relay entries (fee ceiling, daily sponsorship budget,
//     relayer balance floor) and, where the operator lists protocol-fee recipients, its recipient,
//     named with the file and member to add;
//   - no development key or secret rides in the bundle: the local secrets of wrangler.toml
//     [env.local.vars], config/local/secrets.json, the development mnemonic's private keys, the
//     local API keys (`dev-key-*`) and their digests (config/local/keys.json);
//   - the bundle, compressed, is under the plan's Worker size limit;
//   - the bundle's startup (its global scope, profiled by `wrangler check startup`) is under the
//     platform's startup time limit;
//   - zero solvers is a warning: every quote will answer 502 solver-error.
// A real deploy (no --dry-run) then also needs: every secret the worker reads set on the Worker
// (`wrangler secret list`), and `npm run check:chains -- production` passing against the RPC URLs
// (given as --rpc, RPC_URL_<chainId>, or CHAIN_RPC_URLS in the environment, the same JSON as the
// Worker's secret), before `wrangler deploy` uploads the bundle it checked.
//
// --config-dir replaces config/production and --worker-dir replaces edge-worker/ (both copied,
// never edited): a configuration or worker change can be judged before it is committed.
// Exit 0 when deployed (or, with --dry-run, when every offline check passed), 1 when refused,
// 2 on a usage error.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { HDNodeWallet } from 'ethers';
import { DEV_ACCOUNT_COUNT, DEV_MNEMONIC } from './chains/anvil.mjs';
import { REPO_ROOT } from './chains/paths.mjs';
import { loadCore, serviceOver } from './core-service.mjs';

const USAGE = 'usage: npm run deploy -- [--dry-run] [--plan free|paid] [--rpc <chainId>=<url> ...] [--config-dir <dir>] [--worker-dir <dir>]';
const WRANGLER = join(REPO_ROOT, 'node_modules', '.bin', 'wrangler');

// Worker size after compression, per plan (Cloudflare Workers limits, "Worker size":
// https://developers.cloudflare.com/workers/platform/limits/ — 3 MB on Workers Free, 10 MB on
// Workers Paid; the errors page says "after compression"). Counted as MiB, as wrangler reports.
export const SIZE_LIMITS = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 };
// Worker startup time (parse and execute the global scope): 1 second on both plans since
// Cloudflare's changelog of 2025-10-10 ("Worker startup time limit increased to 1 second";
// 400 ms before).
export const STARTUP_LIMIT_MS = 1000;

// Every secret the worker reads (edge-worker/wrangler.toml lists them): `required` ones must be
// set before a real deploy. The local worker sets each in [env.local.vars], DEVELOPMENT ONLY;
// those values must never reach a production bundle.
export const SECRETS = [
  { name: 'QUOTE_SIGNER_KEY', required: true, fix: 'wrangler secret put QUOTE_SIGNER_KEY (0x-hex key whose address is every chain\'s quoteSigner)' },
  { name: 'INDEXER_TOKEN', required: true, fix: 'wrangler secret put INDEXER_TOKEN (a long random bearer token)' },
  { name: 'RELAYER_KEY', required: true, fix: 'wrangler secret put RELAYER_KEY (0x-hex key of a funded relayer account)' },
  { name: 'RELAYER_KEYS', required: false },
  { name: 'WEBHOOK_SECRETS_KEY', required: true, fix: 'wrangler secret put WEBHOOK_SECRETS_KEY (32 random bytes as hex)' },
  { name: 'CHAIN_RPC_URLS', required: true, fix: 'wrangler secret put CHAIN_RPC_URLS ({"<chainId>": "<https url>" | [urls]})' },
];

// What every EVM chain needs in service.json `relay`, one entry per chain id. Another per-chain
// requirement is one more row (e.g. fee recipients: `onlyWhenConfigured` applies a row only when
// its map exists in the configuration at all).
export const PER_CHAIN = [
  { what: 'fee ceiling', path: ['relay', 'maxFeePerGasWei'], value: '"<wei>"' },
  { what: 'daily sponsorship budget', path: ['relay', 'sponsorship', 'dailyGasBudgetWei'], value: '"<wei>"' },
  { what: 'relayer balance floor', path: ['relay', 'minRelayerBalanceWei'], value: '"<wei>"' },
  // The operator's protocol-fee recipient: the core requires it only where a protocol fee can be
  // non-zero, so a deployment charging none may leave the map out.
  { what: 'protocol fee recipient', path: ['feeRecipients'], value: '"<address>"', onlyWhenConfigured: true },
];

class UsageError extends Error {}

function parseCommandLine(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        'dry-run': { type: 'boolean', default: false },
        plan: { type: 'string', default: 'free' },
        rpc: { type: 'string', multiple: true, default: [] },
        'config-dir': { type: 'string' },
        'worker-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { values } = parsed;
  if (!(values.plan in SIZE_LIMITS)) throw new UsageError(`--plan ${values.plan}: expected one of ${Object.keys(SIZE_LIMITS).join(', ')}`);
  return {
    help: values.help,
    dryRun: values['dry-run'],
    plan: values.plan,
    rpc: values.rpc,
    configDir: resolve(values['config-dir'] ?? join(REPO_ROOT, 'config', 'production')),
    workerDir: resolve(values['worker-dir'] ?? join(REPO_ROOT, 'edge-worker')),
  };
}

const run = (cmd, args, options) => execFileSync(cmd, args, { stdio: 'pipe', encoding: 'utf8', timeout: 180_000, ...options, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...options?.env } });

/**
 * A private copy of the worker and the configuration, built for production: every build rewrites
 * generated/config.js and wasm/ in place, and a test suite may be using the repository's at once.
 */
function buildCopy({ configDir, workerDir }) {
  const root = mkdtempSync(join(tmpdir(), 'sr-deploy-'));
  const copy = join(root, 'edge-worker');
  cpSync(workerDir, copy, { recursive: true, filter: (src) => !/\/(node_modules|\.wrangler|test|generated|wasm)$/.test(src) });
  cpSync(configDir, join(root, 'config', 'production'), { recursive: true });
  for (const link of ['build', 'node_modules']) symlinkSync(join(REPO_ROOT, link), join(root, link));
  const env = { SR_WASM_DIR: process.env.SR_WASM_DIR ?? join(REPO_ROOT, 'build', 'wasm-release') };
  run('bash', [join(copy, 'scripts', 'build-worker.sh'), 'production'], { env });
  return { root, copy };
}

/** Every value that must not appear in a production bundle, each with where it comes from. */
export function developmentSecrets() {
  const found = [];
  const toml = readFileSync(join(REPO_ROOT, 'edge-worker', 'wrangler.toml'), 'utf8');
  const localVars = /^\[env\.local\.vars\]\n([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? '';
  for (const { name } of SECRETS) {
    const value = new RegExp(`^${name} = "([^"]*)"`, 'm').exec(localVars)?.[1];
    for (const part of (value ?? '').split(',').filter(Boolean)) found.push({ value: part, source: `wrangler.toml [env.local.vars] ${name}` });
  }
  const secrets = JSON.parse(readFileSync(join(REPO_ROOT, 'config', 'local', 'secrets.json'), 'utf8'));
  for (const [name, value] of Object.entries(secrets)) found.push({ value, source: `config/local/secrets.json ${name}` });
  const root = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0");
  for (let i = 0; i < Math.max(DEV_ACCOUNT_COUNT, 20); i++) found.push({ value: root.deriveChild(i).privateKey, source: `the development mnemonic's account #${i}` });
  const keys = JSON.parse(readFileSync(join(REPO_ROOT, 'config', 'local', 'keys.json'), 'utf8'));
  for (const record of keys) {
    for (const [member, value] of Object.entries(record)) {
      if (typeof value === 'string' && /^(0x)?[0-9a-f]{64}$/i.test(value)) found.push({ value, source: `config/local/keys.json ${record.id ?? ''} ${member} (a local API key's digest: the development keys would work)` });
    }
  }
  return found;
}

/** Refusals for each development value found in the bundle's files (text, and raw bytes for hex). */
export function scanForDevelopmentSecrets(outdir, secrets = developmentSecrets()) {
  const refusals = [];
  for (const file of readdirSync(outdir)) {
    if (file.endsWith('.map') || statSync(join(outdir, file)).isDirectory()) continue;
    const bytes = readFileSync(join(outdir, file));
    const text = bytes.toString('latin1').toLowerCase();
    const local = /dev-key-[a-z0-9-]+/.exec(text);
    if (local) refusals.push(`the bundle's ${file} holds the local API key "${local[0]}": remove it from the production sources and configuration`);
    for (const { value, source } of secrets) {
      const hex = /^(0x)?([0-9a-f]{32,})$/i.exec(value)?.[2]?.toLowerCase();
      const hit = hex ? text.includes(hex) || bytes.includes(Buffer.from(hex, 'hex')) : text.includes(value.toLowerCase());
      if (hit) refusals.push(`the bundle's ${file} holds a development secret (${source}): production takes its secrets from \`wrangler secret put\`, never from sources or configuration`);
    }
  }
  return refusals;
}

/** Refusals for every EVM chain missing one of its per-chain relay entries. */
export function perChainRefusals(config, requirements = PER_CHAIN) {
  const refusals = [];
  for (const requirement of requirements) {
    const map = requirement.path.reduce((node, key) => node?.[key], config.service);
    if (map === undefined && requirement.onlyWhenConfigured) continue;
    for (const chain of config.chains.filter((c) => c.vm === 'evm')) {
      if (map?.[String(chain.chainId)] === undefined) {
        refusals.push(`chain ${chain.chainId} (${chain.name}) has no ${requirement.what}: add "${chain.chainId}": ${requirement.value} to service.json ${requirement.path.join('.')}`);
      }
    }
  }
  return refusals;
}

/** The compressed size of the bundle's files, counted as bundle-size.sh and wrangler count it. */
export function bundleSize(outdir) {
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(outdir)) {
    if (file.endsWith('.map') || file === 'README.md' || statSync(join(outdir, file)).isDirectory()) continue;
    const bytes = readFileSync(join(outdir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** Milliseconds of the startup profile (`wrangler check startup` over the built bundle). */
function profileStartup(copy, bundleFile, profileFile) {
  run(WRANGLER, ['check', 'startup', '--workerBundle', bundleFile, '--outfile', profileFile], { cwd: copy });
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  return (profile.endTime - profile.startTime) / 1000;
}

/** The RPC URLs for check:chains: --rpc, then CHAIN_RPC_URLS (first URL of each chain). */
function rpcArgs(options) {
  const args = options.rpc.flatMap((flag) => ['--rpc', flag]);
  if (process.env.CHAIN_RPC_URLS) {
    const given = new Set(options.rpc.map((flag) => flag.split('=')[0]));
    for (const [id, urls] of Object.entries(JSON.parse(process.env.CHAIN_RPC_URLS))) {
      if (!given.has(id)) args.push('--rpc', `${id}=${[].concat(urls)[0]}`);
    }
  }
  return args;
}

async function main(argv) {
  const options = parseCommandLine(argv);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const refusals = [];
  const warnings = [];
  const say = (line) => console.log(`deploy: ${line}`);
  say(`${options.dryRun ? 'dry run (nothing is uploaded)' : 'deploying'}: configuration ${options.configDir}, worker ${options.workerDir}, ${options.plan} plan`);

  let built;
  try {
    built = buildCopy(options);
  } catch (error) {
    console.error(`deploy: refused: the production bundle does not build: ${(error.stderr || error.message).trim()}`);
    return 1;
  }
  try {
    const { default: bundled } = await import(pathToFileURL(join(built.copy, 'generated', 'config.js')).href);
    const config = bundled.config;

    // 1. The configuration, as the worker loads it.
    refusals.push(...perChainRefusals(config));
    try {
      serviceOver(await loadCore(), config);
      say(`configuration loads (${config.chains.length} chains, ${config.tokens.length} tokens, ${config.solvers.length} solvers, ${config.partners.length} partners, ${config.keys.length} keys)`);
    } catch (error) {
      refusals.push(`the core refuses the configuration; fix these in ${options.configDir}: ${error.message}`);
    }
    if (config.solvers.length === 0) {
      warnings.push('no solver is configured: every quote will answer 502 solver-error until one is added to solvers.json (docs/operations.md, "Adding a remote solver")');
    }

    // 2. The bundle, exactly as `wrangler deploy` would upload it.
    const outdir = join(built.root, 'out');
    const bundleFile = join(built.root, 'worker.bundle');
    run(WRANGLER, ['deploy', '--dry-run', '--outdir', outdir, '--outfile', bundleFile, '--env', ''], { cwd: built.copy });
    refusals.push(...scanForDevelopmentSecrets(outdir));

    const size = bundleSize(outdir);
    const limit = SIZE_LIMITS[options.plan];
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    say(`bundle ${kib(size.raw)} raw, ${kib(size.gzip)} compressed (${options.plan} plan limit ${kib(limit)})`);
    if (size.gzip >= limit) {
      refusals.push(`the bundle is ${kib(size.gzip)} compressed, over the ${options.plan} plan's Worker size limit of ${kib(limit)}: shrink the bundle (the core's wasm, bundled configuration, dependencies)${options.plan === 'free' ? ', or deploy on the paid plan (--plan paid)' : ''}`);
    }

    const startupMs = profileStartup(built.copy, bundleFile, join(built.root, 'startup.cpuprofile'));
    say(`startup ${startupMs.toFixed(1)} ms (platform limit ${STARTUP_LIMIT_MS} ms)`);
    if (startupMs >= STARTUP_LIMIT_MS) {
      refusals.push(`the Worker's startup takes ${startupMs.toFixed(0)} ms, over the platform's ${STARTUP_LIMIT_MS} ms: move work out of the global scope (\`wrangler check startup\` writes a profile)`);
    }

    for (const warning of warnings) console.log(`deploy: WARNING: ${warning}`);
    if (refusals.length === 0 && !options.dryRun) {
      // 3. Online: the Worker's secrets, then the chains against their RPC URLs.
      let listed;
      try {
        listed = new Set(JSON.parse(run(WRANGLER, ['secret', 'list', '--format', 'json', '--env', ''], { cwd: built.copy })).map((s) => s.name));
      } catch (error) {
        refusals.push(`\`wrangler secret list\` failed (log in with \`wrangler login\` or set CLOUDFLARE_API_TOKEN): ${(error.stderr || error.message).trim()}`);
      }
      for (const secret of SECRETS.filter((s) => s.required && listed && !listed.has(s.name))) {
        refusals.push(`the secret ${secret.name} is not set: ${secret.fix}`);
      }
      const check = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'check-chains.mjs'), 'production', ...rpcArgs(options)], { stdio: 'inherit', env: process.env });
      if (check.status !== 0) {
        refusals.push('check:chains -- production did not confirm every chain (above): give every EVM chain an RPC URL (--rpc <chainId>=<url>, RPC_URL_<chainId> or CHAIN_RPC_URLS) and fix what it names');
      }
    }
    if (refusals.length) {
      for (const refusal of refusals) console.error(`deploy: REFUSED: ${refusal}`);
      console.error(`deploy: refused (${refusals.length} to fix)${options.dryRun ? '' : '; nothing was uploaded'}`);
      return 1;
    }
    if (options.dryRun) {
      say('every offline check passed; dry run: nothing uploaded');
      return 0;
    }
    const upload = spawnSync(WRANGLER, ['deploy', '--env', ''], { cwd: built.copy, stdio: 'inherit' });
    return upload.status === 0 ? 0 : 1;
  } finally {
    rmSync(built.root, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof UsageError ? `deploy: ${error.message}\n${USAGE}` : `deploy: ${error.stack ?? error}`);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
