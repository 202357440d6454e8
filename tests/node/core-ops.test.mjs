// Every op of the core's door against its schemas in src/service/ops.json: the real core wasm
// (build/wasm-release) answers each op with realistic inputs (a quote's life through registration,
// chain logs and status; a gasless submit signed with ethers through verification, preflight,
// relaying and its job; a deposit address from creation to its funding; webhooks; the legacy
// interface), each input is valid against the op's input schema, each 2xx body against its answer
// schema and each non-2xx body is a Problem with a status the op lists. Inputs that need chain data
// are built from the core's own earlier answers. An op of the table without a case fails the suite,
// and known-bad inputs are refused by the schemas, so they are not vacuous.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { AbiCoder, Interface, Wallet, getAddress, hexlify, id, randomBytes, zeroPadValue } from 'ethers';

import { compileOps, describeErrors, opsDocument } from './core-ops-schemas.mjs';
import { loadLocalConfig } from './local-config.mjs';
import { instantiate } from './wasm.mjs';
import { ERC3009_TYPES, USDC_BASE, erc3009Submit, funder, nowSec, usdcBaseDomain, vectorQuote } from '../../edge-worker/test/gasless-helpers.mjs';
import { fulfilled, proven, publishedAndFunded } from '../../edge-worker/test/pushed-events.mjs';
import { setAtPointers } from '../../edge-worker/src/runtime/json-pointer.js';

const { config, secrets } = await loadLocalConfig();
// The key records too, as the worker's bundled configuration carries them (webhookEvents gives a
// revoked key's endpoints nothing, so it must know the keys).
config.keys = JSON.parse(readFileSync(new URL('../../config/local/keys.json', import.meta.url), 'utf8'));
const core = await instantiate('core');
const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
const { ops, validateProblem } = compileOps();

const now = nowSec();
const random = () => hexlify(randomBytes(32));
const USDC_OP = config.tokens.find((t) => t.chainId === 10 && t.symbol === 'USDC').address;
const recipient = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const acmeKey = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes', 'all-quotes', 'gasless'] };
// Anvil's first key: a relayer of the local chains.
const relayer = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const coder = AbiCoder.defaultAbiCoder();
const erc20 = new Interface(['event Transfer(address indexed from, address indexed to, uint256 value)']);

/** Every call made, by op: its input and the core's answer. */
const calls = new Map();

/**
 * Calls `op` with `input`: the input must fit the op's input schema, the answer its answer schema
 * (or be a Problem with a status the op lists). With `inputValid: false` the input carries client
 * data the schema describes strictly (a pushed log, say): the schema must refuse it as the core does.
 */
function call(op, input, expectedStatus = 200, { inputValid = true } = {}) {
  const schema = ops[op];
  assert.ok(schema, `op ${op} is not in ops.json`);
  if (inputValid) {
    assert.ok(schema.validateInput(input), `${op} input: ${describeErrors(schema.validateInput)}`);
  } else {
    assert.equal(schema.validateInput(input), false, `${op} input schema accepts what the core refuses: ${JSON.stringify(input)}`);
  }
  const answer = JSON.parse(service.handle(op, JSON.stringify(input)));
  assert.equal(answer.status, expectedStatus, `${op} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  if (answer.status < 300) {
    assert.ok(schema.validateAnswer(answer.body), `${op} answer: ${describeErrors(schema.validateAnswer)}`);
  } else {
    assert.ok(schema.problems.includes(answer.status), `${op} answered ${answer.status}, which ops.json does not list in its problems`);
    assert.ok(validateProblem(answer.body), `${op} problem: ${describeErrors(validateProblem)}`);
  }
  if (schema.validateRegistrations && answer.status < 300) {
    assert.ok(schema.validateRegistrations(answer.registrations), `${op} registrations: ${describeErrors(schema.validateRegistrations)}`);
  } else {
    assert.equal(answer.registrations ?? null, null, `${op} answered registrations that ops.json does not describe (or with a ${answer.status})`);
  }
  if (schema.validateSimulations && answer.status < 300) {
    assert.ok(schema.validateSimulations(answer.simulations), `${op} simulations: ${describeErrors(schema.validateSimulations)}`);
  } else {
    assert.equal(answer.simulations ?? null, null, `${op} answered simulations that ops.json does not describe (or with a ${answer.status})`);
  }
  if (!calls.has(op)) calls.set(op, []);
  calls.get(op).push({ input, answer });
  return answer.body;
}

const quoteBody = () => ({
  type: 'exact-in',
  source: { chainId: 8453, token: USDC_BASE, amount: '25000000', funder: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
  destination: { chainId: 10, token: USDC_OP, recipient },
  dappId: 'core-ops-test',
});
const depositBody = () => ({
  source: { chainId: 8453, token: USDC_BASE, amount: '25000000' },
  destination: { chainId: 10, token: USDC_OP, recipient },
  refundRecipient: funder.address,
});

describe('every op of the core answers as ops.json describes', () => {
  it('chain catalogue and vault derivation', () => {
    const { chains } = call('chains', { confirmedChains: [8453] });
    assert.equal(chains.find((c) => c.chainId === 8453).vaultDerivation, 'confirmed');
    call('chains', {});
    assert.ok(call('tokens', { chainId: '8453' }).tokens.every((t) => t.chainId === 8453));
    call('tokens', { chainId: null });
    call('tokens', { chainId: '999999' }, 422);
    call('tokens', { chainId: '08453' }, 400);
    const { probes } = call('vaultDerivationProbes', {});
    const probe = probes.find((p) => p.chainId === 8453);
    const verdict = call('vaultDerivationVerdict', { chainId: 8453, result: coder.encode(['address'], [probe.expectedVault]) });
    assert.equal(verdict.vaultDerivation, 'confirmed');
    assert.equal(call('vaultDerivationVerdict', { chainId: 8453, result: '0x' }).vaultDerivation, 'unconfirmed');
  });

  it('keys', () => {
    assert.deepEqual(call('authorizeKey', { key: acmeKey, feature: 'gasless' }), {});
    call('authorizeKey', { key: { ...acmeKey, features: ['quotes'] }, feature: 'gasless' }, 403);
    assert.deepEqual(call('authorizeKey', { key: acmeKey, feature: 'webhooks' }), {});
  });

  it('clientNetwork', () => {
    assert.deepEqual(call('clientNetwork', { address: '203.0.113.7' }), { network: 'ipv4:203.0.113.7', aggregate: null });
    assert.deepEqual(call('clientNetwork', { address: '2001:DB8:1:2:aa:bb:cc:dd' }), { network: 'ipv6:2001:db8:1:2::/64', aggregate: 'ipv6:2001:db8:1::/48' });
    assert.deepEqual(call('clientNetwork', { address: '::ffff:203.0.113.7' }), { network: 'ipv4:203.0.113.7', aggregate: null });
    assert.deepEqual(call('clientNetwork', { address: null }), { network: 'unknown', aggregate: null });
    assert.deepEqual(call('clientNetwork', { address: 'local' }), { network: 'unknown', aggregate: null });
  });

  it('rateBucket', () => {
    const limit = { ratePerSec: 2, burst: 10 };
    const first = call('rateBucket', { kind: 'take', bucket: null, limit, want: 4, spendOne: true, nowMs: 1_000_000 });
    assert.deepEqual({ granted: first.granted, leased: first.leased, remaining: first.remaining }, { granted: 4, leased: 3, remaining: 6 });
    assert.deepEqual(first.bucket.leases, [{ tokens: 3, expiresMs: 1_000_500 }]);
    const empty = call('rateBucket', { kind: 'take', bucket: { tokens: 0, updatedMs: 1_000_000, leases: [] }, limit, want: 1, spendOne: true, nowMs: 1_000_000 });
    assert.deepEqual({ allowed: empty.allowed, retryAfterSec: empty.retryAfterSec }, { allowed: false, retryAfterSec: 1 });
    const idle = call('rateBucket', { kind: 'idle', buckets: { a: { ...first.bucket, ...limit }, b: { tokens: 10, updatedMs: 0, leases: [], ...limit } }, nowMs: 1_000_600 });
    assert.deepEqual(idle.idle, ['b'], 'a is still refilling');
  });

  it('streamAdmission', () => {
    assert.deepEqual(call('streamAdmission', { caller: 'network', open: 10 }), { cap: 10, remaining: 0 });
    assert.deepEqual(call('streamAdmission', { caller: 'key', open: 3, cap: 5 }), { cap: 5, remaining: 2 });
    assert.equal(call('streamAdmission', { caller: 'network', open: 11, cap: null }, 429).code, 'rate-limited');
  });

  it('submitAdmission', () => {
    const nowMs = 1_800_000_000_000;
    assert.deepEqual(call('submitAdmission', { partner: 'acme', started: [nowMs], nowMs }), { cap: 1, remaining: 0, expired: [] });
    assert.deepEqual(call('submitAdmission', { partner: 'acme', started: [nowMs - 5, nowMs], nowMs, cap: 2 }), { cap: 2, remaining: 0, expired: [] });
    // A check started 30 s ago or more no longer counts, and is named for the worker to forget.
    assert.deepEqual(call('submitAdmission', { partner: 'acme', started: [nowMs - 30_000, nowMs], nowMs, cap: 1 }), { cap: 1, remaining: 0, expired: [0] });
    const refused = call('submitAdmission', { partner: 'acme', started: [nowMs - 5, nowMs - 1, nowMs], nowMs, cap: null }, 429);
    assert.equal(refused.code, 'rate-limited');
    assert.match(refused.detail, /acme's deposit addresses/);
  });

  it('attributionRetention', () => {
    // Day 20,000 (2024-10-04 UTC) at noon: the last 90 days are kept, older ones go.
    const noon = 20000 * 86400 + 43200;
    assert.deepEqual(call('attributionRetention', { now: noon, days: [20000, 19911, 19910] }), { day: 20000, expired: [19910], nextAt: 20001 * 86400 });
    assert.deepEqual(call('attributionRetention', { now: 100, days: [48], keepDays: 1, daySec: 2 }), { day: 50, expired: [48], nextAt: null });
  });

  it('relayerFloor and operatorStatus', () => {
    // The local floor of Base, read from the configuration and compared here with BigInt.
    const floor = BigInt(config.service.relay.minRelayerBalanceWei['8453']);
    for (const balance of [floor - 1n, floor, floor + 1n]) {
      const verdict = call('relayerFloor', { chainId: 8453, address: relayer.address, balanceWei: `0x${balance.toString(16)}` });
      assert.equal(verdict.mayTakeJob, balance >= floor);
      assert.equal(verdict.balanceWei, String(balance));
      assert.equal(verdict.floorWei, String(floor));
    }
    const status = call('operatorStatus', {
      now,
      chains: [{ chainId: 8453, reader: { head: 120, cursor: 100, finalized: 90, polledAt: now, lastError: null }, providers: [{ url: 'https://rpc.example/key/abc', coolingDownForMs: 0, failures: 0 }], relayers: [{ address: relayer.address, balanceWei: String(floor - 1n), openJobs: 0 }] }],
    });
    assert.equal(status.chains[0].reader.lagBlocks, 20);
    assert.equal(status.chains[0].providers[0].origin, 'https://rpc.example');
    assert.equal(status.chains[0].relayers[0].belowFloor, true);
    assert.equal(status.healthy, false);
  });

  it('depositAdmission', () => {
    assert.deepEqual(call('depositAdmission', { partner: { open: 1 }, network: { open: 100, cap: null, freesAt: null }, now }), { partner: { cap: 10000, remaining: 9999 }, network: { cap: 100, remaining: 0 } });
    assert.equal(call('depositAdmission', { partner: { open: 3, cap: 2, freesAt: now + 30 }, network: { open: 1 }, now }, 429).code, 'deposit-quota-exceeded');
  });

  describe('a quote through registration, chain logs and status', () => {
    let quote;
    let registered;
    let updated;
    let status;
    before(() => {
      call('solverRequests', { body: quoteBody(), key: acmeKey, now });
      call('solverRequests', { body: { ...quoteBody(), type: 'sideways' }, now }, 400);
      quote = call('quote', { body: quoteBody(), key: acmeKey, now, random: random() });
      call('quote', { body: { ...quoteBody(), options: { allQuotes: true } }, key: acmeKey, now, random: random() });
      call('quote', { body: quoteBody(), key: { ...acmeKey, features: [] }, now, random: random() }, 403);
    });

    it('the quote\'s simulations and quoteGas: its approvals and funding simulated together set their gas', () => {
      const { simulations } = calls.get('quote')[0].answer;
      const mine = simulations.find((sim) => sim.quoteId === quote.id);
      const txs = [...quote.execution.approvals, quote.execution.transaction];
      assert.deepEqual(mine.calls.map((c) => c.data), txs.map((t) => t.data));
      const results = [{ quoteId: quote.id, calls: mine.calls.map(() => ({ status: '0x1', gasUsed: '0x186a0' })) }];
      const estimated = setAtPointers(structuredClone(quote), call('quoteGas', { simulations, results }).patch);
      for (const tx of [...estimated.execution.approvals, estimated.execution.transaction]) assert.deepEqual([tx.gas, tx.gasEstimated], [130000, true]);
      assert.deepEqual(estimated.execution.approval, estimated.execution.approvals.at(-1));
      // A reverting call: the configured bounds stay.
      const reverted = [{ quoteId: quote.id, calls: mine.calls.map(() => ({ status: '0x0', gasUsed: '0x5208' })) }];
      assert.deepEqual(call('quoteGas', { simulations, results: reverted }).patch, []);
    });

    it('registerQuote and mergeRegistration', () => {
      const missing = call('registerQuote', { quote, records: {}, now });
      assert.deepEqual(missing.missing, [quote.intentHash]);
      registered = call('registerQuote', { quote, records: { [quote.intentHash]: null }, now });
      assert.equal(registered.deliveryIntentHash, quote.intentHash);
      assert.deepEqual(call('registerQuote', { quote, now, fresh: true }), registered);
    });

    it('routeLogs and applyLogs from the Portal and prover logs of its life', () => {
      const logs = [...publishedAndFunded(quote), ...proven(quote)];
      const routed = call('routeLogs', { chainId: 8453, logs });
      assert.deepEqual(Object.keys(routed.byIntent), [quote.intentHash]);
      call('routeLogs', { chainId: 999999, logs }, 422);
      call('routeLogs', { chainId: 8453, logs: [{ ...logs[0], data: 'zz' }] }, 400, { inputValid: false });
      const record = registered.records[quote.intentHash];
      assert.deepEqual(call('applyLogs', { chainId: 8453, logs, now }).missing, [quote.intentHash]);
      // Without a record (an intent registered elsewhere on the shared Portal) nothing is created.
      const foreign = call('applyLogs', { chainId: 8453, logs, records: { [quote.intentHash]: null }, now });
      assert.deepEqual([foreign.updates, foreign.unregistered], [{}, [quote.intentHash]]);
      const applied = call('applyLogs', { chainId: 8453, logs, records: { [quote.intentHash]: record }, now });
      assert.equal(applied.applied, 3);
      updated = applied.updates[quote.intentHash];
      const merged = call('mergeRegistration', { registered: record, stored: updated });
      assert.deepEqual(merged.record, updated);
      const destination = call('applyLogs', { chainId: 10, logs: fulfilled(quote), records: { [quote.intentHash]: updated }, now });
      assert.equal(destination.applied, 1);
    });

    it('intentStatus and legacyIntentStatus of the record', () => {
      status = call('intentStatus', { query: { intentHash: quote.intentHash, quoteId: null }, record: updated, now, chainTimes: { 8453: now } });
      assert.equal(status.status, 'settled');
      assert.equal(call('intentStatus', { query: { intentHash: null, quoteId: quote.id.replace('quote:', '') }, record: null, now }).status, 'unknown');
      call('intentStatus', { query: { intentHash: 'not a hash', quoteId: null }, record: null, now }, 400);
      // A stream: the record's status, and no stream (404) without a record.
      assert.equal(call('intentStatus', { query: { intentHash: quote.intentHash, quoteId: null }, record: updated, now, stream: true }).status, 'settled');
      assert.equal(call('intentStatus', { query: { intentHash: `0x${'ab'.repeat(32)}`, quoteId: null }, record: null, now, stream: true }, 404).code, 'not-found');
      // The watcher's check: a settled intent no longer moves with time; a registered one is looked
      // at again the second after its route deadline.
      assert.deepEqual(call('intentStatusCheck', { record: updated, now, owner: 'key:dev-acme' }), { status: call('intentStatus', { query: { intentHash: quote.intentHash, quoteId: null }, record: updated, now }), recheckAt: null, refundJob: null });
      // Funded, never filled, the source chain's clock at the reward deadline: the relayer refunds
      // it under the key's partner (src/service/funding/refund_relay.h).
      const funded = call('applyLogs', { chainId: 8453, logs: publishedAndFunded(quote), records: { [quote.intentHash]: registered.records[quote.intentHash] }, now }).updates[quote.intentHash];
      const rewardDeadline = funded.rewardDeadline;
      const refundable = call('intentStatusCheck', { record: funded, now, chainTimes: { 8453: rewardDeadline }, owner: 'key:dev-acme' });
      assert.equal(refundable.status.status, 'refundable');
      assert.equal(refundable.refundJob.job.id, `refund:${quote.intentHash}`);
      assert.equal(refundable.refundJob.partner, 'acme');
      assert.equal(refundable.refundJob.plan.standard, 'refund');
      // Its plan is taken by the relay ops like a funding's: the simulation names the one call, a refund.
      const simulated = call('relaySimulation', { plan: refundable.refundJob.plan, relayer: relayer.address, chainTime: rewardDeadline });
      assert.deepEqual(simulated.calls.map((c) => [c.purpose, c.data]), [['refund', refundable.status.refund.transaction.data]]);
      // Started as op refundStep says: no job yet, so generation 1, admitted, simulated, stored;
      // its failed job with nothing mined is replaced by generation 2 (src/service/funding/refund_step.h).
      const nowMs = now * 1000;
      let refundState = { refund: refundable.refundJob, owner: 'key:dev-acme', nowMs, endpoint: true, relayer: relayer.address };
      const refundStep = (event) => {
        const answer = call('refundStep', { state: refundState, event });
        refundState = { ...refundState, context: answer.state.context };
        return answer;
      };
      assert.deepEqual(refundStep({ kind: 'start' }).effects, [{ kind: 'readJob' }]);
      // (mined: what the job's object recorded from the chain's store when it released it.)
      const failed = { ...refundable.refundJob.job, status: 'failed', error: 'simulated right before signing, the refund call reverts', mined: 0 };
      assert.deepEqual(refundStep({ kind: 'jobRead', stored: { job: failed } }).effects, [{ kind: 'admit', plan: refundable.refundJob.plan, jobId: `${failed.id}:2`, partner: 'acme' }]);
      assert.equal(refundStep({ kind: 'admitted', refused: null }).effects[0].kind, 'simulate');
      assert.deepEqual(refundStep({ kind: 'simulated', refused: null }).effects, [{ kind: 'judge', verdict: { status: 200, body: { ok: true } } }]);
      assert.deepEqual(refundStep({ kind: 'judged', reply: { status: 200, body: { ok: true } } }).effects, [{ kind: 'forget', jobId: failed.id }]);
      const [submit] = refundStep({ kind: 'forgotten' }).effects;
      assert.deepEqual([submit.kind, submit.jobKey, submit.job.id, submit.replaces], ['submitJob', failed.id, `${failed.id}:2`, failed.id]);
      assert.deepEqual(refundStep({ kind: 'jobSubmitted', stored: { created: true, job: submit.job } }).reply, { recheckAt: now + refundable.refundJob.retryAfterSec });
      // A failed job one of whose transactions was mined is not replaced: no more looking.
      refundState = { refund: refundable.refundJob, owner: 'key:dev-acme', nowMs, endpoint: true, relayer: relayer.address };
      refundStep({ kind: 'start' });
      assert.deepEqual(refundStep({ kind: 'jobRead', stored: { job: { ...failed, mined: 1 } } }).reply, { recheckAt: null });
      // No owner, or one whose key maps to no partner: nobody's budget, no refund.
      assert.equal(call('intentStatusCheck', { record: funded, now, chainTimes: { 8453: rewardDeadline } }).refundJob, null);
      assert.equal(call('intentStatusCheck', { record: funded, now, chainTimes: { 8453: rewardDeadline }, owner: 'key:dev-unmapped' }).refundJob, null);
      // Retention: the registered record (no transaction) goes an hour after its reward deadline;
      // the settled one is kept.
      const registeredRecord = registered.records[quote.intentHash];
      assert.deepEqual(call('recordRetention', { records: { [quote.intentHash]: registeredRecord }, now }).expireAt, { [quote.intentHash]: registeredRecord.rewardDeadline + 3600 });
      assert.deepEqual(call('recordRetention', { records: { [quote.intentHash]: updated }, now, graceSec: 0 }).expireAt, { [quote.intentHash]: null });
      // A quote id kept apart from its record lives as long as the record; without it, it goes now.
      const quoteId = quote.id.replace('quote:', '');
      assert.deepEqual(call('quoteIdRetention', { rows: { [quoteId]: { intentHash: quote.intentHash, record: registeredRecord } }, now }).expireAt, { [quoteId]: registeredRecord.rewardDeadline + 3600 });
      assert.deepEqual(call('quoteIdRetention', { rows: { [quoteId]: { intentHash: quote.intentHash, record: updated } }, now }).expireAt, { [quoteId]: null });
      assert.deepEqual(call('quoteIdRetention', { rows: { [quoteId]: { intentHash: quote.intentHash, record: null } }, now }).expireAt, { [quoteId]: now });
      const pending = call('intentStatusCheck', { record: registered.records[quote.intentHash], now });
      assert.equal(pending.status.status, 'pending');
      assert.equal(pending.recheckAt, registered.records[quote.intentHash].routeDeadline + 1);
      const legacy = call('legacyIntentStatus', { body: { intentHash: quote.intentHash }, record: updated, now });
      assert.equal(legacy.data.intentHash, quote.intentHash);
      call('legacyIntentStatus', { body: { intentHash: quote.intentHash }, record: null, now }, 404);
    });

    it('intentShardStep: the shard stores, indexes, streams and checks as the core says', () => {
      const hash = quote.intentHash;
      const nowMs = now * 1000;
      const record = registered.records[hash];
      const stored = call('intentShardStep', { state: { nowMs, records: { [hash]: record }, stored: { [hash]: null }, owner: 'key:acme', owned: [], alarm: null }, event: { kind: 'registered' } });
      // One row: the owner is a column of the record's, in the table of its expiry's hour, which
      // the alarm drops once that hour is past (the first second after it).
      const expiry = record.rewardDeadline + 3600;
      const hourEnd = (Math.floor(expiry / 3600) + 1) * 3600;
      assert.deepEqual(stored.writes.map((w) => w.table), [`record_until_${hourEnd}`]);
      assert.equal(stored.writes[0].upsert.owner, 'key:acme');
      assert.equal(stored.alarmAt, hourEnd * 1000);
      assert.deepEqual(stored.effects, [{ kind: 'notify', intents: [hash] }]);
      const logs = [...publishedAndFunded(quote), ...proven(quote)];
      const folded = call('intentShardStep', { state: { nowMs, chainId: 8453, logs, records: { [hash]: record }, owned: [hash], alarm: null }, event: { kind: 'logs' } });
      assert.equal(folded.reply.status, 200);
      assert.equal(folded.reply.body.applied, 3);
      assert.deepEqual(folded.effects.map((e) => e.kind), ['notify', 'mark']);
      assert.equal(folded.alarmAt, nowMs);
      // A stream's event id is the first 16 hex digits of the body's SHA-256 (node's here).
      const query = { intentHash: hash, quoteId: null };
      const streamed = call('intentShardStep', { state: { nowMs, query, record: updated, chainTimes: { 8453: now }, chainHeads: {}, last: null }, event: { kind: 'stream' } });
      const [send, close] = streamed.effects;
      assert.equal(JSON.parse(send.data).status, 'settled');
      assert.equal(send.id, createHash('sha256').update(send.data).digest('hex').slice(0, 16));
      assert.deepEqual(close, { kind: 'close' });
      assert.equal(streamed.state.last, send.id);
      const check = call('intentShardStep', { state: { nowMs, intentHash: hash, owner: 'key:acme', lastStatus: 'pending', record: updated }, event: { kind: 'check', chainHeads: {} } });
      assert.deepEqual(check.effects[0].before, { status: 'pending' });
      assert.equal(check.effects[0].after.status, 'settled');
      const checked = call('intentShardStep', { state: { ...check.state, table: 'record_kept' }, event: { kind: 'checked', markedAgain: false, delivered: true } });
      assert.deepEqual(checked.writes, [{ table: 'record_kept', where: { intent_hash: hash }, set: { last_status: 'settled', check_at: null } }]);
      const quoteId = quote.id.replace('quote:', '');
      const rows = call('intentShardStep', { state: { nowMs, rows: [{ quoteId, intentHash: hash, expireAt: now, record: null }] }, event: { kind: 'quoteRows' } });
      assert.deepEqual(rows.writes, [{ table: 'quote', where: { quote_id: quoteId, expire_at: now }, delete: true }]);
      const gone = call('intentShardStep', { state: { nowMs, records: [{ intentHash: hash, expireAt: now - 1, transactions: [id('publication')] }] }, event: { kind: 'expired' } });
      assert.deepEqual(gone.writes.map((w) => w.table), ['record_tx', 'quote', 'record']);
      assert.deepEqual(gone.effects, [{ kind: 'unindex', pairs: [{ transactionHash: id('publication'), intentHash: hash }] }]);
      // A table of records whose hour is past goes whole, with its records' other rows.
      assert.deepEqual(call('intentShardStep', { state: { nowMs, tables: ['record_kept', `record_until_${now}`, `record_until_${hourEnd}`, 'record'] }, event: { kind: 'buckets' } }).reply, { due: [`record_until_${now}`], next: hourEnd });
      const dropped = call('intentShardStep', { state: { nowMs, table: `record_until_${now}`, records: [{ intentHash: hash, transactions: [] }] }, event: { kind: 'drop' } });
      assert.deepEqual(dropped.writes, [{ table: 'quote', where: { intent_hash: hash }, delete: true }, { table: `record_until_${now}`, drop: true }]);
      assert.deepEqual(call('intentShardStep', { state: { nowMs, version: 2 }, event: { kind: 'upgrade' } }).reply, { upToDate: true });
      const upgraded = call('intentShardStep', { state: { nowMs, version: 1, records: [{ intentHash: hash, record }], apart: [] }, event: { kind: 'upgrade' } });
      assert.deepEqual(upgraded.writes, [{ table: 'record', where: { intent_hash: hash }, set: { expire_at: record.rewardDeadline + 3600 } }, { table: 'meta', replace: { name: 'retention', value: 2 } }]);
      assert.equal(call('intentShardStep', { state: { nowMs, due: [now + 5, null], alarm: null }, event: { kind: 'wake' } }).alarmAt, (now + 5) * 1000);
    });

    it('webhookEvents for its status change', () => {
      const { deliveries } = call('webhookEvents', { endpoints: [{ id: 'wh:1', events: ['intent.status'] }], before: null, after: status, now });
      assert.equal(deliveries.length, 1);
      assert.deepEqual(JSON.parse(deliveries[0].payload).data, status);
      assert.deepEqual(call('webhookEvents', { endpoints: [{ id: 'wh:1', events: ['intent.status'] }], before: status, after: status, now }).deliveries, []);
      // An endpoint of a revoked key (config/local/keys.json dev-revoked) hears nothing.
      const keyed = call('webhookEvents', {
        endpoints: [{ id: 'wh:1', events: ['intent.status'], keyId: 'dev-acme' }, { id: 'wh:2', events: ['intent.status'], keyId: 'dev-revoked' }],
        before: null,
        after: status,
        now,
      });
      assert.deepEqual(keyed.deliveries.map((d) => d.endpointId), ['wh:1']);
    });
  });

  it('pollPlan', () => {
    const plan = call('pollPlan', {
      cursors: { 8453: 100, 10: null },
      heads: { 8453: 200, 10: 50 },
      confirmations: 3,
      rpcUrls: { 8453: 'http://127.0.0.1:8545', 10: 'http://127.0.0.1:8546' },
      deposits: { 8453: [{ vault: '0x' + '11'.repeat(20), token: USDC_BASE }] },
    });
    assert.ok(plan.chains.some((c) => c.chainId === 8453 && c.ranges.length > 0));
    call('pollPlan', {});
  });

  it('chainReaderStep: a round reads the head, compares the anchor, lags or reads its ranges', () => {
    const state = { chainId: 8453, cursor: { block: 100, finalized: 80, anchorHash: '0x' + 'aa'.repeat(32) }, anchorChecked: false, watched: [], rpcUrls: { 8453: 'http://127.0.0.1:8545' }, nowMs: now * 1000, intervalMs: 1000 };
    const polled = call('chainReaderStep', { state, event: { kind: 'poll' } });
    assert.deepEqual(polled.effects, [{ kind: 'read', blocks: ['latest', '0x1', 'finalized'] }]);
    assert.equal(polled.alarmAt, now * 1000 + 1000);
    const block = (n, hash = '0x' + 'aa'.repeat(32)) => ({ number: '0x' + n.toString(16), hash, timestamp: '0x6a00' });
    const read = call('chainReaderStep', { state: polled.state, event: { kind: 'read', results: [{ tag: 'latest', block: block(200) }, { tag: '0x1', block: block(1) }, { tag: 'finalized', block: block(150) }] } });
    assert.equal(read.effects[0].kind, 'range');
    assert.deepEqual(read.effects[0].writes[0].set.block, read.effects[0].toBlock);
    // The next round starts with the reads this one named: its first event is their results.
    assert.deepEqual(read.state.nextRead, ['latest', 'finalized']);
    const next = call('chainReaderStep', { state: { ...read.state, cursor: { block: 200, finalized: 150, anchorHash: '0x' + 'aa'.repeat(32) } }, event: { kind: 'read', results: [{ tag: 'latest', block: block(210) }, { tag: 'finalized', block: block(190) }] } });
    assert.equal(next.reply.head, 210);
    const lagging = call('chainReaderStep', { state: polled.state, event: { kind: 'read', results: [{ tag: 'latest', block: block(90) }, { tag: '0x1', block: block(1) }, { tag: 'finalized', block: null }] } });
    assert.deepEqual(lagging.reply, { chainId: 8453, lagging: true, head: 90 });
    const replaced = call('chainReaderStep', { state: polled.state, event: { kind: 'read', results: [{ tag: 'latest', block: block(90) }, { tag: '0x1', block: block(1, '0x' + 'bb'.repeat(32)) }] } });
    assert.deepEqual(replaced.writes[0].set, { anchor_hash: '0x' + 'bb'.repeat(32), block: null });
    assert.equal(call('chainReaderStep', { state, event: { kind: 'rangeFailed', message: 'x' } }).reply.error, 'x');
    assert.equal(call('chainReaderStep', { state: { nowMs: now * 1000, intervalMs: 1000 }, event: { kind: 'start' } }).alarmAt, now * 1000 + 1000);
  });

  describe('a gasless submit through verification, preflight, relaying and its job', () => {
    let verified;
    before(async () => {
      const submit = await erc3009Submit(await vectorQuote({ expiresAt: now + 120 }));
      call('gaslessVerify', { standard: 'erc3009', body: { ...submit, extra: 1 }, now, confirmedChains: [8453] }, 400);
      call('gaslessVerify', { standard: 'erc3009', body: submit, now, confirmedChains: [] }, 503);
      verified = call('gaslessVerify', { standard: 'erc3009', body: submit, now, confirmedChains: [8453] });
    });

    it('gaslessJobLookup and gaslessJobAdvance', () => {
      assert.equal(call('gaslessJobLookup', { jobId: verified.job.id }).quoteId, verified.job.quoteId);
      assert.equal(call('gaslessJobLookup', { quoteId: verified.job.quoteId }).quoteId, verified.job.quoteId);
      call('gaslessJobLookup', { jobId: 'job:nope' }, 400);
      const stored = { owner: 'partner:acme', job: verified.job };
      assert.deepEqual(call('gaslessJobLookup', { jobId: verified.job.id, partner: 'acme', stored }).job, verified.job);
      call('gaslessJobLookup', { jobId: verified.job.id, partner: 'globex', stored }, 404);
      call('gaslessJobLookup', { quoteId: verified.job.quoteId, partner: 'acme', stored: null }, 404);
      const retried = call('gaslessJobAdvance', { job: verified.job, outcome: { transientError: 'node down', attempts: 1 }, now });
      assert.equal(retried.job.status, 'accepted');
      assert.ok(retried.retryAfterSec > 0);
      const chainHeads = { [verified.job.chainId]: { head: 101, finalized: null, depth: 4, read: 101 } };
      const published = call('gaslessJobAdvance', { job: verified.job, outcome: { transactionHash: id('funding'), blockNumber: 100 }, now: now + 5, chainHeads });
      assert.equal(published.job.status, 'published');
      assert.deepEqual([published.job.confirmations, published.job.final, published.checkReceipt], [1, false, true]);
      assert.equal(published.retryAfterSec, null);
      const gone = call('gaslessJobAdvance', { job: published.job, outcome: { receiptGone: id('funding') }, now: now + 6, chainHeads });
      assert.deepEqual([gone.job.status, gone.job.transactionHash, gone.retryAfterSec], ['accepted', null, 0]);
      assert.equal(call('gaslessJobAdvance', { job: verified.job, outcome: { error: 'reverted' }, now }).job.status, 'failed');
      const inFlight = call('gaslessJobAdvance', { job: verified.job, outcome: { inFlight: 'no receipt yet' }, now });
      assert.deepEqual([inFlight.job, inFlight.retryAfterSec], [verified.job, 2]);
      const waiting = call('gaslessJobAdvance', { job: verified.job, outcome: { waitingFor: 'gas-price', detail: 'above the ceiling' }, now });
      assert.equal(waiting.job.waitingFor, 'gas-price');
      assert.ok(waiting.retryAfterSec > 0);
    });

    it('gaslessJobRetention', () => {
      // Accepted: kept. Published but not final (still watched for a reorganisation): kept.
      // Final: 30 days after it finished (its updatedAt).
      assert.deepEqual(call('gaslessJobRetention', { job: verified.job }), { deleteAt: null });
      const outcome = { transactionHash: id('funding'), blockNumber: 100 };
      const watched = call('gaslessJobAdvance', { job: verified.job, outcome, now: now + 5 }).job;
      assert.deepEqual(call('gaslessJobRetention', { job: watched, keepSec: 0 }), { deleteAt: null });
      const chainHeads = { 8453: { head: 200, finalized: 150, depth: 12, read: 200 } };
      const published = call('gaslessJobAdvance', { job: verified.job, outcome, now: now + 5, chainHeads }).job;
      assert.equal(published.final, true);
      assert.deepEqual(call('gaslessJobRetention', { job: published }), { deleteAt: now + 5 + 30 * 86400 });
      assert.deepEqual(call('gaslessJobRetention', { job: published, keepSec: 2 }), { deleteAt: now + 7 });
    });

    it('gaslessJobStep: the job object relays, publishes, releases and keeps its job', () => {
      const state = { job: verified.job, attempts: 0, nowMs: now * 1000, pollMs: 1000 };
      assert.deepEqual(call('gaslessJobStep', { state, event: { kind: 'alarm' } }).effects, [{ kind: 'relay' }]);
      const chainHeads = { 8453: { head: 200, finalized: 150, depth: 12, read: 200 } };
      const mined = call('gaslessJobStep', { state, event: { kind: 'relayed', result: { transactionHash: id('funding'), blockNumber: 100 }, chainHeads } });
      assert.equal(JSON.parse(mined.writes[0].set.job).status, 'published');
      assert.deepEqual(mined.effects, [{ kind: 'release' }]);
      const kept = call('gaslessJobStep', { state: mined.state, event: { kind: 'released' } });
      assert.equal(kept.alarmAt, (now + 30 * 86400) * 1000);
      const retried = call('gaslessJobStep', { state, event: { kind: 'relayed', thrown: 'node down', chainHeads } });
      assert.equal(retried.writes[0].set.attempts, 1);
      assert.equal(retried.logs[0].level, 'error');
      assert.deepEqual(call('gaslessJobStep', { state: { ...state, job: null }, event: { kind: 'alarm' } }).effects, []);
      const submitted = call('gaslessJobStep', { state: { job: verified.job }, event: { kind: 'submitted', outcome: 'created', reserved: true, quoteId: verified.quoteId } });
      assert.deepEqual(submitted.reply, { status: 202, body: verified.job });
      const conflict = call('gaslessJobStep', { state: { job: JSON.parse(mined.writes[0].set.job) }, event: { kind: 'submitted', outcome: 'conflict', reserved: true, quoteId: verified.quoteId } });
      assert.equal(conflict.reply.status, 409);
      assert.deepEqual(conflict.effects, [{ kind: 'release' }]);
    });

    it('relayerStep: a relay from its key to its funding', () => {
      let state = { jobId: verified.job.id, chainId: 8453, account: relayer.address, pinned: true, stored: false };
      const step = (event) => {
        const answer = call('relayerStep', { state, event });
        state = answer.state;
        return answer;
      };
      assert.deepEqual(step({ kind: 'relay', keyFound: true }).effects, [{ kind: 'prepare', checkFloor: true, sign: true }]);
      assert.deepEqual(step({ kind: 'prepared', result: { transactions: 1 } }).effects, [{ kind: 'land', index: 0, fresh: true, waitMs: 60000 }]);
      const attempt = { kind: 'original', purpose: 'funding', hash: id('funding'), nonce: 7 };
      assert.equal(step({ kind: 'landed', result: { receipt: { status: '0x1', blockNumber: '0x64' }, attempt } }).effects[0].kind, 'recordReceipt');
      const done = step({ kind: 'recorded', failed: null });
      assert.deepEqual(done.reply, { transactionHash: id('funding'), blockNumber: 100 });
      assert.deepEqual(done.writes, [{ table: 'sent', where: { job_id: verified.job.id }, set: { open: 0 } }]);
      assert.deepEqual(call('relayerStep', { state: { nonce: 7 }, event: { kind: 'polled', used: 8, found: false } }).effects, [{ kind: 'readReceipts', afterMs: 1500 }]);
      assert.deepEqual(call('relayerStep', { state: {}, event: { kind: 'sendRefused', message: 'already known' } }).reply, { sent: true });
      // Which object relays: a pinned account whose key is gone and that signed nothing repins.
      const routed = call('relayerStep', { state: { jobId: verified.job.id, chainId: 8453 }, event: { kind: 'route', endpoint: true, keyed: true, pinned: relayer.address, pinnedKeyFound: false } });
      assert.deepEqual(routed.effects, [{ kind: 'holds', address: relayer.address }]);
      assert.deepEqual(call('relayerStep', { state: routed.state, event: { kind: 'held', address: relayer.address, holds: false } }).effects, [{ kind: 'repin' }]);
      // The chain's store: an admitted funding is simulated, its verdict takes its rows; a settled
      // job that sent nothing leaves no row.
      const admission = { status: 200, body: { day: 20417, funder: relayer.address, holdWei: '1' } };
      const admitted = call('relayerStep', { state: { sponsorship: [] }, event: { kind: 'admitted', jobId: verified.job.id, partner: 'acme', admission } });
      assert.deepEqual(admitted.effects, [{ kind: 'simulate' }]);
      const reservation = { token: USDC_BASE, funder: relayer.address, amount: '25000000' };
      const taken = call('relayerStep', { state: admitted.state, event: { kind: 'simulated', verdict: { status: 200, body: {} }, reservation } });
      assert.deepEqual(taken.writes.map((w) => w.table), ['sponsorship', 'reservation']);
      const released = call('relayerStep', { state: { sponsorship: { receipts: {} } }, event: { kind: 'release', jobId: verified.job.id } });
      assert.deepEqual(released.writes.map((w) => [w.table, Boolean(w.delete)]), [['reservation', true], ['sponsorship', true]]);
      assert.deepEqual(released.reply, { mined: 0 });
      const mined = call('relayerStep', { state: { sponsorship: { receipts: {} } }, event: { kind: 'receiptMined', jobId: verified.job.id, hash: id('funding'), receipt: { gasUsed: '0x5208' } } });
      assert.deepEqual(JSON.parse(mined.writes[0].set.receipts), { [id('funding')]: { gasUsed: '0x5208', effectiveGasPrice: null } });
    });

    it('gaslessSubmitStep: a keyless submit refused by its preflight, then a keyed one stored', () => {
      // What the op reads of the verification: the plan stays with the driver.
      let state = { verified: { job: { id: verified.job.id }, jobKey: verified.jobKey, quoteId: verified.quoteId, standard: verified.standard }, owner: 'partner:acme', keyed: false };
      const step = (event) => {
        const answer = call('gaslessSubmitStep', { state, event });
        state = { ...state, context: answer.state.context };
        return answer;
      };
      assert.deepEqual(step({ kind: 'submit' }).effects, [{ kind: 'readJob' }]);
      assert.equal(step({ kind: 'jobRead', exists: false }).effects[0].kind, 'reserve');
      step({ kind: 'reserved', verdict: { status: 422, body: { code: 'funding-would-fail', detail: 'insufficient balance' } } });
      assert.deepEqual(step({ kind: 'jobRead', exists: false }).effects, [{ kind: 'countRefusedWork' }]);
      assert.equal(step({ kind: 'workCounted' }).reply.status, 422);
      state = { verified, owner: 'partner:acme', keyed: true };
      step({ kind: 'submit' });
      step({ kind: 'jobRead', exists: false });
      assert.deepEqual(step({ kind: 'reserved', verdict: { status: 200, body: {} } }).effects, [{ kind: 'submitJob', reserved: true }]);
      const done = step({ kind: 'jobSubmitted', stored: { created: true, jobKey: verified.jobKey, job: verified.job, owner: 'partner:acme' } });
      assert.equal(done.reply.status, 202);
      assert.equal(done.reply.body.id, verified.job.id);
    });

    it('relayerAccount, relayTransactions, fundingPreflight and its verdict', () => {
      assert.equal(call('relayerAccount', { relayerKey: relayer.privateKey }).address, relayer.address);
      const relay = call('relayTransactions', { plan: verified.plan, relayerKey: relayer.privateKey, nonce: 7, minedNonce: 7, heldNonces: [], baseFeePerGas: '0x3b9aca00', priorityFeeSuggestion: null });
      assert.deepEqual(relay.transactions.map((t) => [t.purpose, t.nonce]), [['authorization', 7], ['funding', 8]]);
      // 100 gwei is above chain 8453's ceiling: nothing signed, the job waits for the gas price.
      const spike = call('relayTransactions', { plan: verified.plan, relayerKey: relayer.privateKey, nonce: 7, minedNonce: 7, heldNonces: [], baseFeePerGas: '0x174876e800', priorityFeeSuggestion: null });
      assert.equal(spike.waitingFor, 'gas-price');
      assert.equal(spike.transactions, undefined);
      // Another job of the account holds nonce 7, not mined yet: nothing signed, the job waits behind it.
      const behind = call('relayTransactions', { plan: verified.plan, relayerKey: relayer.privateKey, nonce: 7, minedNonce: 7, heldNonces: [{ jobId: 'job:a', nonce: 7 }], baseFeePerGas: '0x1', priorityFeeSuggestion: null });
      assert.equal(behind.waitingFor, 'relayer');
      assert.equal(behind.transactions, undefined);
      const { calls: preflight } = call('fundingPreflight', { plan: verified.plan, relayer: relayer.address });
      // No endpoint on the chain, or no relayer key: refused before anything is read.
      assert.equal(call('fundingPreflight', { plan: verified.plan, relayer: relayer.address, endpoint: false }, 422).code, 'funding-would-fail');
      assert.match(call('fundingPreflight', { plan: verified.plan, relayer: null, endpoint: true }, 422).detail, /no key/);
      const word = (n) => coder.encode(['uint256'], [n]);
      const results = Object.fromEntries(preflight.map((c) => [c.id, { result: c.id === 'balance' ? word(10n ** 12n) : c.id === 'authorization' ? '0x' : word(0) }]));
      assert.deepEqual(call('fundingPreflightVerdict', { plan: verified.plan, results }), { ok: true });
      call('fundingPreflightVerdict', { plan: verified.plan, results: { ...results, balance: { result: word(1) } } }, 422);
      // Another accepted funding of the same funder reserves the whole balance: refused.
      const reserved = [{ jobId: 'job:00000000-0000-4000-8000-000000000000', amount: String(10n ** 12n) }];
      call('fundingPreflightVerdict', { plan: verified.plan, results, reserved, jobId: verified.job.id }, 422);
    });

    it('relaySimulation and its verdict, right before signing', () => {
      const { calls: job } = call('relaySimulation', { plan: verified.plan, relayer: relayer.address, chainTime: now });
      assert.deepEqual(job.map((c) => c.purpose), ['authorization', 'funding']);
      // A window that closes within the margin: nothing to simulate, the job fails.
      call('relaySimulation', { plan: verified.plan, relayer: relayer.address, chainTime: now + 10 ** 6 }, 422);
      const succeeded = job.map(() => ({ status: '0x1', returnData: '0x' }));
      assert.deepEqual(call('relaySimulationVerdict', { plan: verified.plan, results: succeeded }), { ok: true });
      const reverted = [succeeded[0], { status: '0x0', returnData: '0x', error: { message: 'execution reverted' } }];
      call('relaySimulationVerdict', { plan: verified.plan, results: reverted }, 422);
      // Only the funding left (the authorization mined): one call, one result.
      const { calls: rest } = call('relaySimulation', { plan: verified.plan, relayer: relayer.address, chainTime: now, from: 'funding' });
      assert.deepEqual(rest.map((c) => c.purpose), ['funding']);
      assert.deepEqual(call('relaySimulationVerdict', { plan: verified.plan, from: 'funding', at: 'latest', results: [succeeded[1]] }), { ok: true });
    });

    it('relayReplace: a stuck transaction is simulated again, then replaced with fees raised 10%', () => {
      const relay = call('relayTransactions', { plan: verified.plan, relayerKey: relayer.privateKey, nonce: 7, minedNonce: 7, heldNonces: [], baseFeePerGas: '0x1', priorityFeeSuggestion: null });
      const transaction = { purpose: 'funding', nonce: 8, maxFeePerGas: relay.maxFeePerGas, maxPriorityFeePerGas: relay.maxPriorityFeePerGas, cancelling: false, known: true, blocksWaited: 1 };
      const input = { plan: verified.plan, relayerKey: relayer.privateKey, transaction, minedNonce: 8, baseFeePerGas: '0x1', priorityFeeSuggestion: null, simulation: null };
      assert.deepEqual(call('relayReplace', input), { action: 'wait', detail: null, transaction: null });
      const due = { ...input, transaction: { ...transaction, blocksWaited: 5 } };
      assert.equal(call('relayReplace', due).action, 'simulate');
      const replaced = call('relayReplace', { ...due, simulation: { ok: true } });
      assert.equal(replaced.action, 'replace');
      assert.equal(replaced.transaction.nonce, 8);
      assert.ok(BigInt(replaced.transaction.maxFeePerGas) * 10n >= BigInt(relay.maxFeePerGas) * 11n);
      assert.equal(call('relayReplace', { ...due, simulation: { error: 'intent already funded' } }).transaction.kind, 'cancel');
      assert.equal(call('relayReplace', { ...due, minedNonce: 9 }).action, 'fail');
    });

    it('sponsorshipAdmission', () => {
      const day = Math.floor(now / 86400);
      const admitted = call('sponsorshipAdmission', { plan: verified.plan, partner: 'acme', now, rows: [] });
      assert.equal(admitted.day, day);
      assert.equal(admitted.fundings.used, 0);
      // A mined job of 50,000 gas at 1 gwei and a held one at the ceiling; the budget is not spent.
      const rows = [
        { day, funder: admitted.funder, holdWei: admitted.holdWei, settled: true, receipts: [{ gasUsed: '0xc350', effectiveGasPrice: '0x3b9aca00' }] },
        { day, funder: admitted.funder, holdWei: admitted.holdWei, settled: false, receipts: [] },
      ];
      const again = call('sponsorshipAdmission', { plan: verified.plan, partner: 'acme', now, rows });
      assert.equal(again.budget.spentWei, String(50_000n * 10n ** 9n + BigInt(admitted.holdWei)));
      assert.equal(again.fundings.used, 2);
      // Rows holding the whole budget: 429 with its own code and the headers.
      const spent = [{ day, funder: recipient, holdWei: again.budget.limitWei, settled: false, receipts: [] }];
      assert.equal(call('sponsorshipAdmission', { plan: verified.plan, partner: 'acme', now, rows: spent }, 429).code, 'sponsorship-exhausted');
    });
  });

  describe('a deposit address from creation to its funding', () => {
    let deposit;
    before(() => {
      call('depositSolverRequests', { body: depositBody(), partner: 'acme', now });
      call('depositSolverRequests', { body: { ...depositBody(), extra: true }, partner: 'acme', now }, 400);
      call('depositCreate', { body: depositBody(), partner: 'acme', now, random: random(), confirmedChains: [] }, 503);
      deposit = call('depositCreate', { body: depositBody(), partner: 'acme', now, random: random(), confirmedChains: [8453] }, 201);
    });

    it('depositVault', () => {
      assert.equal(call('depositVault', { vaultAddress: deposit.record.vaultAddress }).vault, deposit.record.vaultAddress.toLowerCase());
      call('depositVault', { vaultAddress: 'nope' }, 400);
      const vaultAddress = deposit.record.vaultAddress;
      assert.equal(call('depositVault', { vaultAddress, partner: 'acme', owner: 'partner:acme' }).vault, vaultAddress.toLowerCase());
      assert.equal(call('depositVault', { vaultAddress, partner: 'globex', owner: 'partner:acme' }, 404).code, 'not-found');
      call('depositVault', { vaultAddress, partner: 'acme', owner: null }, 404);
    });

    it('depositSubmitVerify (ERC-3009 and transfer) and depositStatus', async () => {
      const authorization = { from: funder.address, to: deposit.record.vaultAddress, value: deposit.record.source.amount, validAfter: '0', validBefore: String(now + 3600), nonce: random() };
      const signature = await funder.signTypedData(usdcBaseDomain, ERC3009_TYPES, authorization);
      const body = { vaultAddress: deposit.record.vaultAddress, authorization, signature };
      const verified = call('depositSubmitVerify', { standard: 'erc-3009', body, deposit, now, confirmedChains: [8453] });
      assert.equal(verified.vault, deposit.record.vaultAddress);
      call('depositSubmitVerify', { standard: 'erc-3009', body: { ...body, signature: '0x' + '00'.repeat(65) }, deposit, now, confirmedChains: [8453] }, 400);
      call('depositSubmitVerify', { standard: 'erc-3009', body, deposit, now: deposit.record.deadline + 1, confirmedChains: [8453] }, 409);
      const transfer = call('depositSubmitVerify', { standard: 'transfer', deposit, now });
      assert.equal(transfer.plan.standard, 'transfer');
      // A deposit already paid by transfers counts against its partner like any relayed funding: a
      // budget spent (here by a receipt's L1 data fee) holds it.
      const day = Math.floor(now / 86400);
      const spent = [{ day, funder: recipient, holdWei: '1', settled: true, receipts: [{ gasUsed: '0x0', effectiveGasPrice: '0x1', l1Fee: '0x' + (10n ** 22n).toString(16) }] }];
      assert.match(call('sponsorshipAdmission', { plan: transfer.plan, partner: 'acme', now, rows: spent }, 429).detail, /daily gas budget on chain 8453/);
      assert.equal(call('sponsorshipAdmission', { plan: transfer.plan, partner: 'acme', now, rows: [] }).budget.spentWei, '0');
      const before = call('depositStatus', { deposit, job: null, transfers: [], intentStatus: null, now });
      assert.equal(before.status.status, 'awaiting-funding');
      assert.deepEqual(before.record.attempts, []);
      // A job that failed with nothing mined and was archived leaves the address open, its record keeping it.
      const failed = call('gaslessJobAdvance', { job: verified.job, outcome: { error: 'the simulation reverts' }, now }).job;
      const reopened = call('depositStatus', { deposit, job: null, transfers: [], attempts: [failed], intentStatus: null, now });
      assert.equal(reopened.status.status, 'awaiting-funding');
      assert.deepEqual(reopened.record.attempts, [failed]);
      assert.equal(call('depositStatus', { deposit, job: verified.job, now }).status.status, 'funding-submitted');
    });

    it('routeDepositTransfers and depositObserve', () => {
      const vault = deposit.record.vaultAddress;
      const encoded = erc20.encodeEventLog('Transfer', [funder.address, vault, deposit.record.source.amount]);
      const log = { address: USDC_BASE, ...encoded, blockNumber: '0x69', transactionHash: id('deposit transfer'), logIndex: '0x0' };
      const other = { ...log, ...erc20.encodeEventLog('Transfer', [funder.address, recipient, 1n]), logIndex: '0x1' };
      const routed = call('routeDepositTransfers', { chainId: 8453, logs: [log, other], deposits: [{ vault, token: USDC_BASE }] });
      const transfers = routed.byVault[vault.toLowerCase()];
      assert.equal(transfers.length, 1);
      assert.deepEqual(routed.ignored.map((i) => i.index), [1]);
      assert.deepEqual(routed.due, [], 'no range named, none due');
      const quiet = '0x00000000000000000000000000000000000000aa';
      const ranged = call('routeDepositTransfers', { chainId: 8453, logs: [log], deposits: [{ vault, token: USDC_BASE }, { vault: quiet, token: USDC_BASE, recheckFrom: 105 }], toBlock: 105 });
      assert.deepEqual(ranged.due, [vault.toLowerCase(), quiet]);
      call('routeDepositTransfers', { chainId: 999999, logs: [], deposits: [] }, 422);
      const waiting = call('depositObserve', { deposit, transfers: [], delivery: { fromBlock: 100, toBlock: 105, transfers }, confirmations: 3, now });
      assert.equal(waiting.state, 'waiting');
      assert.equal(waiting.recheckFrom, 105);
      const funded = call('depositObserve', { deposit, transfers: waiting.transfers, delivery: { fromBlock: 106, toBlock: 110, transfers: [] }, confirmations: 3, now });
      assert.equal(funded.state, 'funded');
      assert.equal(getAddress(funded.transfers[0].from), funder.address);

      // The address's object walks the same covering transfer to its funding job.
      let state = { deposit: { owner: 'partner:acme', ...deposit, transfers: [], attempts: [] }, holds: ['partner:acme'], released: [], funded: false, heldUntil: null, now };
      const step = (event) => {
        const answer = call('depositAddressStep', { state, event });
        state = { ...state, context: answer.state.context };
        return answer;
      };
      const read = step({ kind: 'observe', delivery: { fromBlock: 100, toBlock: 110, transfers }, confirmations: 3 });
      assert.deepEqual(read.effects.map((e) => e.kind), ['readJob']);
      assert.deepEqual(step({ kind: 'jobRead', exists: false }).effects.map((e) => e.kind), ['admit']);
      const submit = step({ kind: 'admitted', answer: { status: 200, body: {} } });
      assert.equal(submit.effects[0].kind, 'submitJob');
      assert.equal(submit.effects[0].quoteId, read.effects[0].quoteId);
      const release = step({ kind: 'jobSubmitted', stored: { created: true, jobKey: submit.effects[0].jobKey, job: submit.effects[0].job } });
      assert.deepEqual(release.effects, [{ kind: 'releaseHolds', names: ['partner:acme'], vault }]);
      const done = step({ kind: 'holdsReleased' });
      assert.deepEqual(done.reply, { state: 'funded', recheckFrom: null, watch: null });
      assert.deepEqual(done.writes.map((w) => w.table), ['released_holds', 'holds', 'deposit']);
    });
  });

  it('webhooks', () => {
    const created = call('webhookCreate', { body: { url: 'https://93.184.216.34/hooks', events: ['intent.status'], description: 'ops' }, random: random(), now }, 201);
    assert.match(created.secret, /^whsec_/);
    assert.deepEqual(call('webhookCreate', { body: { url: 'https://hooks.example.com/x', events: ['intent.status'] }, random: random(), now }), { resolve: 'hooks.example.com' });
    call('webhookCreate', { body: { url: 'https://hooks.example.com/x', events: ['intent.status'] }, random: random(), now, addresses: ['93.184.216.34'] }, 201);
    call('webhookCreate', { body: { url: 'http://10.0.0.1/x', events: [] }, random: random(), now }, 400);
    call('webhookCreate', { body: { url: 'https://93.184.216.34/hooks', events: ['intent.status'] }, random: random(), now, existing: 15 }, 201);
    assert.equal(call('webhookCreate', { body: { url: 'https://93.184.216.34/hooks', events: ['intent.status'] }, random: random(), now, existing: 16 }, 409).code, 'conflict');
    const { keyIds } = call('webhookKeys', { key: acmeKey });
    assert.equal(keyIds[0], 'dev-acme');
    assert.ok(keyIds.includes('dev-revoked'), 'a revoked key of the partner keeps its endpoints manageable');
    call('webhookKeys', { key: { ...acmeKey, id: 'dev-unmapped', partner: null } }, 403);
    assert.deepEqual(call('webhookTarget', { url: 'https://93.184.216.34/hooks', keyId: 'dev-acme' }), { ok: true, connect: '93.184.216.34' });
    assert.equal(call('webhookTarget', { url: 'https://10.0.0.1/hooks', keyId: 'dev-acme' }).ok, false);
    assert.deepEqual(call('webhookTarget', { url: 'https://hooks.example.com/x', keyId: 'dev-acme' }), { ok: false, resolve: 'hooks.example.com' });
    assert.deepEqual(call('webhookTarget', { url: 'https://hooks.example.com/x', keyId: 'dev-acme', addresses: ['93.184.216.34', '2606:4700::6810:84e5'] }), { ok: true, connect: '93.184.216.34' });
    // A message queued for a key revoked since is cancelled, whatever its URL.
    const revoked = call('webhookTarget', { url: 'https://93.184.216.34/hooks', keyId: 'dev-revoked' });
    assert.equal(revoked.cancel, true);
    assert.match(revoked.reason, /dev-revoked was revoked/);
    assert.equal(call('webhookTarget', { url: 'https://93.184.216.34/hooks', keyId: null }).cancel, true);
    assert.equal(call('webhookRetry', { attempts: 1, firstAttemptAt: now, now }).retryAt, now + 5);
    assert.equal(call('webhookRetry', { attempts: 9, firstAttemptAt: now - 3 * 86400, now }).retryAt, null);
    // An endpoint's queue: its due message sent, a 2xx delivered, a 500 retried, the week's retention.
    const queue = { target: { url: 'http://127.0.0.1:9000/hook', keyId: 'dev-acme' }, heads: [{ seq: 1, id: 'msg:01', attempts: 0, firstAttemptAt: null, nextAt: now, then: null }], finished: [], finishedCount: 0, nowMs: now * 1000 };
    const alarm = call('webhookDeliveryStep', { state: queue, event: { kind: 'alarm' } });
    assert.deepEqual(alarm.effects, [{ kind: 'send', connect: '127.0.0.1', at: now, messages: [{ seq: 1, id: 'msg:01' }] }]);
    const delivered = call('webhookDeliveryStep', { state: alarm.state, event: { kind: 'sent', results: [{ seq: 1, statusCode: 200 }] } });
    assert.equal(delivered.writes[0].set.state, 'delivered');
    assert.equal(delivered.alarmAt, (now + 7 * 86400) * 1000);
    const retried = call('webhookDeliveryStep', { state: alarm.state, event: { kind: 'sent', results: [{ seq: 1, statusCode: 500 }] } });
    assert.deepEqual(retried.writes[0].set, { state: 'pending', attempts: 1, first_attempt_at: now, last_status_code: 500, next_at: now + 5 });
    // The same queue loaded as every pending message: the core finds the head (in order per intent).
    const { heads: _, ...loaded } = queue;
    const intent = '0x' + '22'.repeat(32);
    const plain = call('webhookDeliveryStep', { state: { ...loaded, pending: [{ seq: 1, id: 'msg:01', intentHash: intent, attempts: 0, firstAttemptAt: null, nextAt: now }, { seq: 2, id: 'msg:02', intentHash: intent, attempts: 0, firstAttemptAt: null, nextAt: now }] }, event: { kind: 'alarm' } });
    assert.deepEqual(plain.effects, alarm.effects, 'the second message of the intent waits for the first');
    const named = call('webhookDeliveryStep', { state: { ...queue, target: { url: 'https://hooks.example.com/x', keyId: 'dev-acme' } }, event: { kind: 'alarm' } });
    assert.deepEqual(named.effects, [{ kind: 'resolve', host: 'hooks.example.com' }]);
    assert.equal(call('webhookDeliveryStep', { state: named.state, event: { kind: 'resolved', addresses: ['93.184.216.34'] } }).effects[0].connect, '93.184.216.34');
    const cancelled = call('webhookDeliveryStep', { state: { ...queue, target: { ...queue.target, keyId: 'dev-revoked' } }, event: { kind: 'alarm' } });
    assert.deepEqual(cancelled.writes, [{ table: 'message', where: { state: 'pending' }, set: { state: 'cancelled', reason: cancelled.logs[0].line.reason, next_at: now } }]);
    const rows = [{ id: 'msg:01', event_type: 'intent.status', intent_hash: '0x' + '11'.repeat(32), status: 'settled', state: 'pending', attempts: 1, last_status_code: 500, next_at: now + 5, delivered_at: null, reason: null }];
    assert.equal(call('webhookDeliveryStep', { state: {}, event: { kind: 'list', rows } }).reply[0].nextAttemptAt, now + 5);
  });

  it('the legacy v3 quotes', () => {
    const legacy = (sourceAmount) => ({
      dAppID: 'core-ops-test',
      intentExecutionTypes: ['SELF_PUBLISH'],
      quoteRequest: { sourceChainID: 8453, destinationChainID: 10, sourceToken: USDC_BASE, destinationToken: USDC_OP, sourceAmount, funder: funder.address, recipient },
    });
    assert.ok(Array.isArray(call('legacySolverRequests', { body: legacy('25000000'), kind: 'exactIn', now }).requests));
    call('legacySolverRequests', { body: { ...legacy('25000000'), quoteRequest: {} }, kind: 'exactOut', now }, 400);
    assert.ok(call('legacyExactIn', { body: legacy('25000000'), now, random: random() }).data.length > 0);
    assert.ok(call('legacyExactOut', { body: legacy('20000000'), now, random: random() }).data.length > 0);
    call('legacyExactIn', { body: { ...legacy('25000000'), quoteRequest: {} }, now, random: random() }, 400);
  });

  it('every op of the document has a case, with a 2xx answer', () => {
    const without = Object.keys(opsDocument.ops).filter((op) => !(calls.get(op) ?? []).some((c) => c.answer.status < 300));
    assert.deepEqual(without, []);
  });
});

it('every op of the document has a summary, an input and answer schema and its non-2xx statuses', () => {
  for (const [name, op] of Object.entries(opsDocument.ops)) {
    assert.deepEqual(Object.keys(op).filter((k) => !['registrations', 'simulations'].includes(k)), ['area', 'summary', 'input', 'answer', 'problems'], name);
    assert.ok(op.summary.length > 10, name);
    assert.ok(op.problems.every((s) => Number.isInteger(s) && s >= 400 && s < 600), name);
    assert.deepEqual(op.problems, [...new Set(op.problems)].sort(), name);
    assert.notDeepEqual(op.input, { type: 'object' }, `${name}: a bare placeholder input`);
    assert.notDeepEqual(op.answer, { type: 'object' }, `${name}: a bare placeholder answer`);
  }
});

describe('the schemas refuse what the core refuses', () => {
  const refused = (op, input, why) => {
    it(`${op}: ${why}`, () => {
      assert.equal(ops[op].validateInput(input), false, `${op} input schema accepts ${JSON.stringify(input)}`);
      const answer = JSON.parse(service.handle(op, JSON.stringify(input)));
      assert.ok(answer.status >= 400, `${op} answered ${answer.status} to an input its schema refuses`);
    });
  };
  refused('quote', { body: quoteBody(), key: acmeKey, random: random() }, 'no now');
  refused('quote', { body: quoteBody(), key: acmeKey, now, random: '0x1234' }, 'too few random bytes');
  refused('webhookRetry', { attempts: -1, firstAttemptAt: now, now }, 'a negative attempt count');
  refused('quoteGas', { simulations: [], results: 'none' }, 'results that are not simulation results');
  refused('gaslessVerify', { standard: 'erc2612', body: {}, now, confirmedChains: [] }, 'a standard gasless submits do not have');
  refused('relayTransactions', { plan: {}, relayerKey: '0x12', nonce: 0, baseFeePerGas: null, priorityFeeSuggestion: null }, 'a malformed relayer key and plan');
  refused('routeLogs', { chainId: 8453, logs: [{ address: USDC_BASE }] }, 'a log without topics, data, block, transaction');
  refused('applyLogs', { chainId: 8453, logs: [], records: {}, now: 'yesterday' }, 'a clock that is not Unix seconds');
  refused('intentStatus', { query: { intentHash: null, quoteId: null }, record: { intentHash: '0x12' }, now }, 'a record that is not one');
  refused('intentStatusCheck', { record: null, now }, 'no record to check');
  refused('recordRetention', { records: { [`0x${'ab'.repeat(32)}`]: null }, now }, 'a record the caller does not hold');
  refused('quoteIdRetention', { rows: { 'not-a-quote-id': { intentHash: `0x${'ab'.repeat(32)}`, record: null } }, now }, 'a row not named by a quote id');
  refused('attributionRetention', { now, days: [-1] }, 'a day that is not a day number');
  refused('gaslessJobRetention', { job: { status: 'lost' } }, 'a job that is not one');
  refused('authorizeKey', { key: acmeKey, feature: 'teleport' }, 'a feature that is not one');
  refused('clientNetwork', { address: 7 }, 'an address that is not text');
  refused('depositVault', { vaultAddress: '0x' + '11'.repeat(20), owner: 'partner:acme' }, 'an owner without the partner asking');
  refused('streamAdmission', { caller: 'partner', open: 1 }, 'a caller that is neither a key nor a network');
  refused('streamAdmission', { caller: 'key', open: 0 }, 'no open stream counted');
  refused('submitAdmission', { partner: 'acme', started: [], nowMs: 1 }, 'no submit counted');
  refused('depositAdmission', { partner: { open: 0 }, network: { open: 1 }, now }, 'no open address counted');
  refused('depositAdmission', { partner: { open: 1 }, network: { open: 1, cap: 0 }, now }, 'a cap of 0');
  refused('depositSubmitVerify', { standard: 'erc-3009', body: {}, deposit: { record: {}, intent: {} }, now }, 'a malformed stored deposit');
  refused('sponsorshipAdmission', { plan: { standard: 'erc3009', chainId: 8453, funder: recipient }, partner: 'acme', now, rows: [{ day: Math.floor(now / 86400), funder: recipient, holdWei: 'lots', settled: false, receipts: [] }] }, 'a hold that is not wei');

  it('answers that break the schemas are refused too', () => {
    assert.equal(ops.webhookRetry.validateAnswer({ retryAt: 'soon' }), false);
    assert.equal(ops.depositObserve.validateAnswer({ transfers: [], state: 'maybe', received: '0', confirmed: '0', recheckFrom: null }), false);
    assert.equal(ops.applyLogs.validateAnswer({ updates: {}, applied: 1 }), false);
    assert.equal(validateProblem({ status: 400, code: 'invalid-request' }), false);
  });
});
