// Builds of the package's verifier module against each other, in one Node process: each build's
// verifyQuote rate on the same fixture quote, in interleaved rounds (the order flips every round),
// and the median rate of each as a ratio to the first build's. For choosing compile options: two
// builds measured in separate processes on a shared machine differ more than the options do.
//   node bench/verifier-builds.mjs [--rounds R] [--seconds S] [--cpu] NAME=FILE.wasm NAME=FILE.wasm ...
// --cpu: a round's rate counts the process's CPU time (process.cpuUsage) instead of the clock's, and
// the best round is printed beside the median: on a machine other processes keep busy, the time a
// round waits for a core is not the build's, and two wall-clock runs differed more than the builds.
// NAME=DIR/ (a trailing slash) is a whole copy of the package (its src/ and wasm/, e.g. of an
// earlier commit), for changes to the JavaScript API as well as to the module. NAME=FILE.js is one
// of the package's entries (js/src/entry-quotes-evm.js: the EVM-only module, which only its entry's
// host runs), by its loadVerifier or loadQuoteVerifier.
// Every build must pass the same quote before timing (a build that verifies less is not faster).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import { loadVerifier } from '../js/src/entry-node.js';
import * as f from '../js/test/fixtures.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = option('--rounds', 8);
const seconds = option('--seconds', 0.7);
const builds = process.argv.slice(2).filter((a) => a.includes('=')).map((a) => a.split('='));
if (builds.length < 2) {
  console.error('usage: node bench/verifier-builds.mjs [--rounds R] [--seconds S] NAME=FILE.wasm|DIR/ NAME=FILE.wasm|DIR/ ...');
  process.exit(2);
}

const quote = f.buildQuote();
const context = { chains: f.chains, request: f.request(), now: f.NOW };
const subjects = [];
for (const [name, file] of builds) {
  const entry = file.endsWith('.js') ? await import(pathToFileURL(file)) : null;
  const verifier = file.endsWith('/')
    ? await (await import(pathToFileURL(`${file}src/entry-node.js`))).loadVerifier()
    : entry ? await (entry.loadVerifier ?? entry.loadQuoteVerifier)() : await loadVerifier({ wasmBinary: readFileSync(file) });
  const report = verifier.verifyQuote(quote, context);
  if (!report.ok) throw new Error(`${name}: the fixture quote fails ${JSON.stringify(report.checks.filter((c) => !c.ok))}`);
  subjects.push({ name, verifier, rates: [] });
}

const cpu = process.argv.includes('--cpu');
const cpuSeconds = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};
const rateOf = (verifier) => {
  const end = performance.now() + seconds * 1000;
  const cpuStart = process.cpuUsage();
  let n = 0;
  while (performance.now() < end) {
    verifier.verifyQuote(quote, context);
    n += 1;
  }
  return n / (cpu ? cpuSeconds(cpuStart) : seconds);
};
for (let round = 0; round < rounds; round += 1) {
  for (const subject of round % 2 ? [...subjects].reverse() : subjects) subject.rates.push(rateOf(subject.verifier));
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const base = median(subjects[0].rates);
const best = (values) => Math.max(...values);
console.log(`verifyQuote per ${cpu ? 'CPU ' : ''}second, median${cpu ? ' and best' : ''} of ${rounds} interleaved ${seconds} s rounds, one process:`);
for (const { name, rates } of subjects) {
  const bestOf = cpu ? `   best ${String(Math.round(best(rates))).padStart(6)} /s   ${(best(rates) / best(subjects[0].rates)).toFixed(3)}x` : '';
  console.log(`  ${name.padEnd(12)} ${String(Math.round(median(rates))).padStart(6)} /s   ${(median(rates) / base).toFixed(3)}x ${subjects[0].name}${bestOf}`);
}
