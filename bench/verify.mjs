// Quote verifications per second: the `stableroutes` package (C++ verifier in WebAssembly, one
// JSON call per quote) against a reference verifier written with ethers v6 doing the same nine
// checks (bench/ethers-quote-verifier.mjs), in one run on the same quotes.
//   npm run bench:verify   (builds the package's wasm first)
//   node bench/verify.mjs [--seconds S per subject] [--rounds R]
// Before timing, both verifiers must agree, check by check, on a valid quote and on tampered
// copies; otherwise the comparison would not be of the same work and the run stops.
import { cpus } from 'node:os';

import { loadVerifier } from '../js/src/entry-node.js';
import * as f from '../js/test/fixtures.mjs';
import { verifyQuoteWithEthers } from './ethers-quote-verifier.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(option('--seconds', '4'));
const rounds = Number(option('--rounds', '4'));

const verifier = await loadVerifier();
const request = f.request();
const options = { chains: f.chains, request, now: f.NOW };

// Distinct quotes (ids and amounts differ), so nothing can be served from a cache.
const direct = Array.from({ length: 16 }, (_, i) => f.buildQuote({
  id: `quote:7f3c2a10-9d4e-4b1a-8c2f-${String(i).padStart(12, '0')}`,
}));
const withCompeting = direct.slice(0, 4).map((q, i) => ({
  ...f.sign({ ...q, competingQuotes: [direct[(i + 1) % 16], direct[(i + 2) % 16]] }),
}));

// ---- agreement -------------------------------------------------------------------------------
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
const failing = (report) => report.checks.filter((c) => !c.ok).map((c) => c.name).join(',');
for (const [name, change] of Object.entries(tampers)) {
  const q = f.buildQuote();
  change(q);
  const ours = verifier.verifyQuote(q, options);
  const theirs = verifyQuoteWithEthers(q, options);
  if (failing(ours) !== failing(theirs)) {
    console.error(`verifiers disagree on "${name}": package fails [${failing(ours)}], ethers fails [${failing(theirs)}]`);
    process.exit(1);
  }
}
for (const q of [...direct, ...withCompeting]) {
  if (!verifier.verifyQuote(q, options).ok || !verifyQuoteWithEthers(q, options).ok) {
    console.error('a benchmark quote does not verify');
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
  subjects.push({ scenario, name: 'stableroutes (wasm)', run: (s) => rate((q) => verifier.verifyQuote(q, options), quotes, s) });
  subjects.push({ scenario, name: 'ethers v6 reference', run: (s) => rate((q) => verifyQuoteWithEthers(q, options), quotes, s) });
}
// Interleaved rounds, best round per subject: on a shared machine the best round is the least
// disturbed, and interleaving exposes every subject to the same disturbances.
for (let round = 0; round < rounds; round++) {
  for (const s of subjects) s.best = Math.max(s.best ?? 0, s.run(seconds / rounds));
}

console.log(`quote verifications per second (${cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}, ` +
  `best of ${rounds} interleaved rounds, ${seconds}s per subject; both verifiers agree on ${Object.keys(tampers).length} cases)`);
for (let i = 0; i < subjects.length; i += 2) {
  const [ours, ref] = [subjects[i], subjects[i + 1]];
  for (const s of [ours, ref]) console.log(`  ${s.scenario.padEnd(20)} ${s.name.padEnd(22)} ${s.best.toFixed(0).padStart(8)} /s`);
  console.log(`  ${''.padEnd(20)} ${'speed-up'.padEnd(22)} ${(ours.best / ref.best).toFixed(1).padStart(7)}x`);
}
