// Quote verifications per second: the `stableroutes` package (C++ verifier in WebAssembly, one
// JSON call per quote; also bound to the chain records with forChains) against two reference
// verifiers written with ethers v6 (bench/ethers-quote-verifier.mjs): one doing the same nine
// checks, one doing only the essentials (signature, intent hashes, calldata decode), in one run on
// the same quotes.
//   npm run bench:verify   (builds the package's wasm first)
//   node bench/verify.mjs [--seconds S per subject] [--rounds R] [--quotes engine|fixtures] [--no-browser]
//                         [--package DIR]   another copy of the package's src/ and wasm/ (a before/after pair)
// Then, unless --no-browser, bench/verify-browser.mjs: time to first verification in Chromium
// against an ethers page (in its own process: it drives a browser and servers of its own).
// Quotes (--quotes): `engine` (default) are signed by the project's quote engine, the core's
// Service in WebAssembly (build/wasm-release/core.wasm, `npm run build`) with the local
// configuration (config/local: its chains, tokens and five solvers, options.allQuotes), and
// checked against that configuration's GET /v1/chains answer, as a dapp talking to `npm start`
// would; `fixtures` are the ethers-built quotes of js/test/fixtures.mjs.
// Before timing, the verifiers must agree, check by check, on a valid quote and on tampered
// copies; otherwise the comparison would not be of the same work and the run stops.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

import * as f from '../js/test/fixtures.mjs';
import { loadLocalConfig } from '../tests/node/local-config.mjs';
import { instantiate, wasmDir } from '../tests/node/wasm.mjs';
import { verifyQuoteEssentialsWithEthers, verifyQuoteWithEthers } from './ethers-quote-verifier.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(option('--seconds', '4'));
const rounds = Number(option('--rounds', '4'));
const source = option('--quotes', 'engine');

const packageOption = option('--package', null);
const packageDir = packageOption ? pathToFileURL(packageOption.replace(/\/?$/, '/')) : new URL('../js/', import.meta.url);
const { loadVerifier } = await import(new URL('src/entry-node.js', packageDir));
const verifier = await loadVerifier();

// Distinct quotes (ids, salts and amounts differ), so nothing can be served from a cache.
async function engineQuotes() {
  if (!existsSync(new URL('core.wasm', wasmDir))) {
    throw new Error(`no core.wasm in ${wasmDir.pathname}: run npm run build (or use --quotes fixtures)`);
  }
  const { config, secrets } = await loadLocalConfig();
  const core = await instantiate('core');
  const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
  const ask = (op, input) => {
    const answer = JSON.parse(service.handle(op, JSON.stringify(input)));
    if (answer.status !== 200) throw new Error(`core ${op}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.body;
  };
  const now = 1763697600;
  const chains = ask('chains', { confirmedChains: [] });
  const request = {
    type: 'exact-in',
    source: { chainId: 42161, token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', amount: '100000000',
      funder: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
    destination: { chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      recipient: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' },
    dappId: 'bench',
    options: { allQuotes: true },
  };
  const key = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes', 'all-quotes'] };
  const answers = Array.from({ length: 16 }, (_, i) =>
    ask('quote', { body: request, key, now, random: `0x${(i + 1).toString(16).padStart(64, '0')}` }));
  // The winner alone (the competing list is not signed) and the winner with two of its four rivals.
  const direct = answers.map(({ competingQuotes, ...winner }) => winner);
  const withCompeting = answers.slice(0, 4).map((a) => ({ ...a, competingQuotes: a.competingQuotes.slice(0, 2) }));
  return { direct, withCompeting, options: { chains, request, now }, what: 'quotes signed by the core engine, local configuration' };
}

function fixtureQuotes() {
  const direct = Array.from({ length: 16 }, (_, i) => f.buildQuote({
    id: `quote:7f3c2a10-9d4e-4b1a-8c2f-${String(i).padStart(12, '0')}`,
  }));
  const withCompeting = direct.slice(0, 4).map((q, i) => ({
    ...f.sign({ ...q, competingQuotes: [direct[(i + 1) % 16], direct[(i + 2) % 16]] }),
  }));
  return { direct, withCompeting, options: { chains: f.chains, request: f.request(), now: f.NOW }, what: 'ethers-built fixture quotes' };
}

const { direct, withCompeting, options, what } = source === 'fixtures' ? fixtureQuotes() : await engineQuotes();
const bound = verifier.forChains(options.chains);
const boundOptions = { request: options.request, now: options.now };

// ---- agreement -------------------------------------------------------------------------------
const fixtureOptions = { chains: f.chains, request: f.request(), now: f.NOW };
const fixtureBound = verifier.forChains(f.chains);
const tampers = {
  valid: () => {},
  amount: (q) => { q.source.amount = '30000000'; },
  recipient: (q) => { q.destination.recipient = f.OTHER; },
  portal: (q) => { q.execution.transaction.to = f.PROVER; },
  signature: (q) => { f.sign(q, f.funderWallet); },
  vault: (q) => { q.execution.vault = f.OTHER; },
  'intent hash': (q) => { q.steps[0].intents[0].intentHash = `0x${'a'.repeat(64)}`; f.sign(q); },
  slippage: (q) => { q.slippage = 0.01; },
  calldata: (q) => {
    q.execution.transaction.data = f.portalInterface.encodeFunctionData('publishAndFund',
      [10, f.hashIntent(q.execution.intent).encodedRoute, f.rewardTuple(q.execution.intent.reward), true]);
  },
};
const failing = (report, only) => report.checks.filter((c) => !c.ok && (!only || only.includes(c.name))).map((c) => c.name).join(',');
const ESSENTIAL = ['signature', 'intent-hashes', 'funding-calldata', 'competing-quotes'];
// The nine checks the ethers reference implements; the package's other rules (funded-intent,
// first-leg, delivery-route, deadlines, fees) have no counterpart there.
const NINE = ['signature', 'expiry', 'intent-hashes', 'vault', 'funding-target', 'funding-calldata',
  'route-matches-request', 'slippage-bound', 'competing-quotes'];
for (const [name, change] of Object.entries(tampers)) {
  const q = f.buildQuote();
  change(q);
  const ours = verifier.verifyQuote(q, fixtureOptions);
  const theirs = verifyQuoteWithEthers(q, fixtureOptions);
  const essentials = verifyQuoteEssentialsWithEthers(q, fixtureOptions);
  if (failing(ours, NINE) !== failing(theirs) || failing(ours, ESSENTIAL) !== failing(essentials)) {
    console.error(`verifiers disagree on "${name}": package fails [${failing(ours)}], ethers fails [${failing(theirs)}], ` +
      `ethers essentials fail [${failing(essentials)}]`);
    process.exit(1);
  }
  if (!isDeepStrictEqual(fixtureBound.verifyQuote(q, { request: fixtureOptions.request, now: f.NOW }), ours)) {
    console.error(`forChains reports differ from verifyQuote on "${name}"`);
    process.exit(1);
  }
}
for (const q of [...direct, ...withCompeting]) {
  const reports = [verifier.verifyQuote(q, options), bound.verifyQuote(q, boundOptions),
    verifyQuoteWithEthers(q, options), verifyQuoteEssentialsWithEthers(q, options)];
  const bad = reports.find((r) => !r.ok);
  if (bad) {
    console.error(`a benchmark quote does not verify: ${JSON.stringify(bad.checks.filter((c) => !c.ok))}`);
    process.exit(1);
  }
}

// ---- timing ----------------------------------------------------------------------------------
function rate(fn, quotes, budget) {
  let n = 0;
  const start = performance.now();
  let elapsed;
  do {
    for (const q of quotes) fn(q);
    n += quotes.length;
    elapsed = (performance.now() - start) / 1000;
  } while (elapsed < budget);
  return n / elapsed;
}

const subjects = [];
for (const [scenario, quotes] of [['direct quote', direct], ['quote + 2 competing', withCompeting]]) {
  subjects.push({ scenario, name: 'stableroutes verifyQuote', run: (s) => rate((q) => verifier.verifyQuote(q, options), quotes, s) });
  subjects.push({ scenario, name: 'stableroutes forChains', run: (s) => rate((q) => bound.verifyQuote(q, boundOptions), quotes, s) });
  subjects.push({ scenario, name: 'ethers, nine checks', run: (s) => rate((q) => verifyQuoteWithEthers(q, options), quotes, s) });
  subjects.push({ scenario, name: 'ethers, essentials', run: (s) => rate((q) => verifyQuoteEssentialsWithEthers(q, options), quotes, s) });
}
// Interleaved rounds, best round per subject: on a shared machine the best round is the least
// disturbed, and interleaving exposes every subject to the same disturbances.
for (let round = 0; round < rounds; round++) {
  for (const s of subjects) s.best = Math.max(s.best ?? 0, s.run(seconds / rounds));
}

console.log(`quote verifications per second (${cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}, ` +
  `best of ${rounds} interleaved rounds, ${seconds}s per subject; ${what}; the verifiers agree on ${Object.keys(tampers).length} cases)`);
for (let i = 0; i < subjects.length; i += 4) {
  const [ours, boundOurs, full, essentials] = subjects.slice(i, i + 4);
  for (const s of [ours, boundOurs, full, essentials]) console.log(`  ${s.scenario.padEnd(20)} ${s.name.padEnd(26)} ${s.best.toFixed(0).padStart(8)} /s`);
  const ratio = (a, b) => `${(a.best / b.best).toFixed(1)}x`;
  console.log(`  ${''.padEnd(20)} ${'verifyQuote vs nine checks'.padEnd(26)} ${ratio(ours, full).padStart(8)}`);
  console.log(`  ${''.padEnd(20)} ${'verifyQuote vs essentials'.padEnd(26)} ${ratio(ours, essentials).padStart(8)}`);
  console.log(`  ${''.padEnd(20)} ${'forChains vs essentials'.padEnd(26)} ${ratio(boundOurs, essentials).padStart(8)}`);
}

if (!process.argv.includes('--no-browser')) {
  console.log('');
  execFileSync(process.execPath, [fileURLToPath(new URL('verify-browser.mjs', import.meta.url))], { stdio: 'inherit' });
}
