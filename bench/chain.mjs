// One chain reader's core work under real Portal traffic: the Portal is shared with every other
// integrator, so a block's logs are mostly other intents'. Per block, as the reader does
// (edge-worker/src/chain/logs.js): op routeLogs over the block's logs, then op applyLogs once per
// intent shard with the range and the records it holds (ours registered; everyone else's absent).
// Measured in one process on the core wasm (build/wasm-release), against a baseline in the same
// run: ethers' Interface.parseLog of the same logs (decoding alone, what any JavaScript indexer
// does first). Also counted: the records the index stores for intents it never issued (0 since
// records start only with a registration; run it with SR_WASM_DIR of an older core to compare).
//   npm run bench:chain   (builds the core first)
//   node bench/chain.mjs [--intents N other intents per block] [--blocks B] [--rounds R]
// The delay from a block to its status change on the local chains is measured by bench/abuse.mjs
// (part 4; see bench/README.md).
import { AbiCoder, Interface, hexlify, id, randomBytes, zeroPadValue } from 'ethers';

import { loadLocalConfig } from '../tests/node/local-config.mjs';
import { instantiate } from '../tests/node/wasm.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const others = option('--intents', 200);
const blocks = option('--blocks', 5);
const rounds = option('--rounds', 3);

const { config, secrets } = await loadLocalConfig();
const core = await instantiate('core');
const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
const ask = (op, input) => {
  const answer = JSON.parse(service.handle(op, JSON.stringify(input)));
  if (answer.status >= 300) throw new Error(`${op} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
};

const PORTAL = config.chains.find((c) => c.chainId === 8453).portal;
const USDC_BASE = config.tokens.find((t) => t.chainId === 8453 && t.symbol === 'USDC').address;
const USDC_OP = config.tokens.find((t) => t.chainId === 10 && t.symbol === 'USDC').address;
const events = new Interface([
  'event IntentPublished(bytes32 indexed intentHash, uint64 destination, bytes route, address indexed creator, address indexed prover, uint64 rewardDeadline, uint256 rewardNativeAmount, (address token, uint256 amount)[] rewardTokens)',
  'event IntentFunded(bytes32 intentHash, address funder, bool complete)',
]);
const now = Math.floor(Date.now() / 1000);
const key = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes'] };

/** A distinct real intent from the engine (each quote draws a fresh salt). */
function quote(n) {
  return ask('quote', {
    body: {
      type: 'exact-in',
      source: { chainId: 8453, token: USDC_BASE, amount: String(10_000_000 + n), funder: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      destination: { chainId: 10, token: USDC_OP, recipient: '0x976EA74026E726554dB657fA54763abd0C3a0aa9' },
      dappId: 'bench-chain',
    },
    key, now, random: hexlify(randomBytes(32)),
  });
}

/** The IntentPublished and IntentFunded logs of a quote's intent in `block`. */
function logsOf(q, block, index) {
  const step = q.body.steps[0].intents[0];
  const { intent } = step;
  const tx = id(`bench-chain ${block} ${index}`);
  const at = (encoded, i) => ({ address: PORTAL, ...encoded, blockNumber: '0x' + block.toString(16), transactionHash: tx, logIndex: '0x' + (2 * index + i).toString(16), blockHash: id(`block ${block}`) });
  return [
    at(events.encodeEventLog('IntentPublished', [q.body.intentHash, intent.destination, step.encodedRoute, intent.reward.creator, intent.reward.prover, intent.reward.deadline, intent.reward.nativeAmount, intent.reward.tokens.map((t) => [t.token, t.amount])]), 0),
    at(events.encodeEventLog('IntentFunded', [q.body.intentHash, intent.reward.creator, true]), 1),
  ];
}

const ours = quote(0);
const ourRecords = ask('registerQuote', { quote: ours.body, now, fresh: true }).body.records;
const foreign = Array.from({ length: others }, (_, i) => quote(i + 1));
const chainBlocks = Array.from({ length: blocks }, (_, b) => {
  const block = 5_000 + b;
  const logs = foreign.flatMap((q, i) => logsOf(q, block, i));
  if (b === 0) logs.push(...logsOf(ours, block, others));
  return { block, logs };
});
const logCount = chainBlocks.reduce((n, b) => n + b.logs.length, 0);

/** The reader's core work for one block; the records the shards would store. */
function readBlock({ block, logs }) {
  const { byIntent } = ask('routeLogs', { chainId: 8453, logs }).body;
  const perShard = new Map();
  for (const [hash, intentLogs] of Object.entries(byIntent)) {
    const shard = hash.slice(2, 4);
    if (!perShard.has(shard)) perShard.set(shard, {});
    perShard.get(shard)[hash] = intentLogs;
  }
  let stored = 0;
  let bytes = 0;
  for (const group of perShard.values()) {
    const records = Object.fromEntries(Object.keys(group).map((h) => [h, ourRecords[h] ?? null]));
    const answer = ask('applyLogs', { chainId: 8453, logs: Object.values(group).flat(), records, now, fromBlock: block, toBlock: block });
    for (const [hash, record] of Object.entries(answer.body.updates)) {
      if (!ourRecords[hash]) {
        stored += 1;
        bytes += JSON.stringify(record).length;
      }
    }
  }
  return { stored, bytes };
}

function parseAll({ logs }) {
  let n = 0;
  for (const log of logs) if (events.parseLog(log)) n += 1;
  return n;
}

const rate = (fn) => {
  const t0 = performance.now();
  for (const b of chainBlocks) fn(b);
  return logCount / ((performance.now() - t0) / 1000);
};
const results = { core: [], ethers: [] };
let foreignStored = null;
for (let r = 0; r < rounds; r += 1) {
  results.core.push(rate(readBlock));
  results.ethers.push(rate(parseAll));
}
foreignStored = chainBlocks.map(readBlock).reduce((t, x) => ({ stored: t.stored + x.stored, bytes: t.bytes + x.bytes }), { stored: 0, bytes: 0 });
const best = (xs) => Math.max(...xs);
console.log(`one reader's core work, ${blocks} blocks of ${2 * others} logs of other intents (+2 of ours in the first), best of ${rounds} rounds, one process:`);
console.log(`  core routeLogs + applyLogs per shard   ${Math.round(best(results.core)).toString().padStart(8)} logs/s`);
console.log(`  ethers parseLog alone (baseline)       ${Math.round(best(results.ethers)).toString().padStart(8)} logs/s`);
console.log(`  ratio core / ethers                    ${(best(results.core) / best(results.ethers)).toFixed(2)}x`);
console.log(`  records written for intents never issued here: ${foreignStored.stored} (${(foreignStored.bytes / 1024).toFixed(1)} KiB of record JSON) in ${blocks} blocks`);
