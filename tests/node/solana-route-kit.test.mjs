// A quote to Solana from the core's Service (the wasm module the worker runs, local configuration)
// is checked against an implementation that shares no code with the core: the route's payments
// (the recipient's, then the gateway fee's) are built with the Token program's own client
// (@solana-program/token: the TransferChecked instruction, the associated token accounts) and
// @solana/kit (the executor PDA, the Borsh codecs of CalldataWithAccounts and of the route), the
// hashes with ethers; the quote's route, its bytes,
// its hash and the intent hash must be those, byte for byte.
//
// What is built is what Eco's Solana Portal fills (eco-routes-svm, programs/portal: fulfill.rs,
// types.rs and the integration test fulfill_intent_token_transfer_success): target = the mint's
// token program; data = Borsh CalldataWithAccounts {calldata: {data: TransferChecked, account_count:
// 4}, accounts: executor's token account (writable), mint (read-only), recipient's token account
// (writable), executor (read-only, not a signer)}, the executor being the Portal's PDA ["executor"].
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';

import {
  AccountRole, addEncoderSizePrefix, address, fixEncoderSize, getAddressEncoder, getArrayEncoder,
  getBooleanEncoder, getBytesEncoder, getProgramDerivedAddress, getStructEncoder, getU32Encoder, getU64Encoder,
  getU8Encoder,
} from '@solana/kit';
import { findAssociatedTokenPda, getTransferCheckedInstruction } from '@solana-program/token';
import { AbiCoder, getBytes, hexlify, keccak256, solidityPacked } from 'ethers';

import { loadLocalConfig } from './local-config.mjs';

const repo = new URL('../../', import.meta.url);
const coreDir = new URL('build/wasm-release/', repo);
const NOW = 1763697600;
const KEY = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes'] };
const SOLANA = 1399811149;
const USDC_SOLANA = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const FUNDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const RECIPIENT = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');

// Program ids as SPL publishes them (not read from the core).
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
// Eco's Portal on Solana, from @eco-foundation/routes-ts 3.2.20 (EcoProtocolAddresses["1399811149"]).
const PORTAL = address('EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV');

const REWARD_TYPE = 'tuple(uint64,address,address,uint256,tuple(address,uint256)[])';

const bytes = addEncoderSizePrefix(getBytesEncoder(), getU32Encoder());
const calldataWithAccounts = getStructEncoder([
  ['calldata', getStructEncoder([['data', bytes], ['accountCount', getU8Encoder()]])],
  ['accounts', getArrayEncoder(getStructEncoder([
    ['pubkey', getAddressEncoder()], ['isSigner', getBooleanEncoder()], ['isWritable', getBooleanEncoder()],
  ]))],
]);
const tokenAmount = getStructEncoder([['token', getAddressEncoder()], ['amount', getU64Encoder()]]);
const route = getStructEncoder([
  ['salt', fixEncoderSize(getBytesEncoder(), 32)],
  ['deadline', getU64Encoder()],
  ['portal', getAddressEncoder()],
  ['nativeAmount', getU64Encoder()],
  ['tokens', getArrayEncoder(tokenAmount)],
  ['calls', getArrayEncoder(getStructEncoder([['target', getAddressEncoder()], ['data', bytes]]))],
]);

// The payment call as Eco's own test builds it, with the token program's client.
async function kitPaymentCall({ tokenProgram, mint, recipient, amount, decimals }) {
  const [executor] = await getProgramDerivedAddress({ programAddress: PORTAL, seeds: ['executor'] });
  const [executorAta] = await findAssociatedTokenPda({ owner: executor, mint, tokenProgram });
  const [recipientAta] = await findAssociatedTokenPda({ owner: recipient, mint, tokenProgram });
  const ix = getTransferCheckedInstruction(
    { source: executorAta, mint, destination: recipientAta, authority: executor, amount, decimals },
    { programAddress: tokenProgram },
  );
  // The metas the Portal hashes are the flags the accounts carry in the fill: the client's order
  // (source, mint, destination, authority), token accounts writable, nobody a signer.
  assert.deepEqual(ix.accounts.map((a) => a.role),
    [AccountRole.WRITABLE, AccountRole.READONLY, AccountRole.WRITABLE, AccountRole.READONLY]);
  const data = calldataWithAccounts.encode({
    calldata: { data: ix.data, accountCount: ix.accounts.length },
    accounts: ix.accounts.map((a) => ({
      pubkey: a.address, isSigner: false, isWritable: a.role === AccountRole.WRITABLE,
    })),
  });
  return { target: ix.programAddress, data: new Uint8Array(data), recipientAta, transferData: ix.data };
}

function routeBytes(json, calls) {
  return new Uint8Array(route.encode({
    salt: getBytes(json.salt),
    deadline: BigInt(json.deadline),
    portal: address(json.portal),
    nativeAmount: BigInt(json.nativeAmount),
    tokens: json.tokens.map((t) => ({ token: address(t.token), amount: BigInt(t.amount) })),
    calls,
  }));
}

function intentHashOf(intent, routeHash) {
  const r = intent.reward;
  const rewardHash = keccak256(AbiCoder.defaultAbiCoder().encode([REWARD_TYPE], [[
    r.deadline, r.creator, r.prover, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount]),
  ]]));
  return keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [intent.destination, routeHash, rewardHash]));
}

describe('Solana-destination route against @solana/kit and @solana-program/token', () => {
  let core;
  let local;
  before(async () => {
    const { default: createCore } = await import(new URL('core.mjs', coreDir).href);
    core = await createCore({ wasmBinary: readFileSync(new URL('core.wasm', coreDir)) });
    local = await loadLocalConfig();
  });

  // A Base USDC to Solana USDC quote of a Service whose Solana USDC is owned by `tokenProgram`.
  const quoteFor = (amount, tokenProgram = TOKEN_PROGRAM) => {
    const config = structuredClone(local.config);
    const usdc = config.tokens.find((t) => t.chainId === SOLANA && t.address === USDC_SOLANA);
    usdc.tokenProgram = tokenProgram;
    const service = new core.Service(JSON.stringify(config), JSON.stringify(local.secrets));
    const body = {
      type: 'exact-in',
      source: { chainId: 8453, token: USDC_BASE, amount, funder: FUNDER },
      destination: { chainId: SOLANA, token: USDC_SOLANA, recipient: RECIPIENT },
      dappId: 'solana-route-kit-test',
    };
    const out = JSON.parse(service.handle('quote', JSON.stringify({ body, key: KEY, now: NOW, random: `0x${'3c'.repeat(32)}`, solverAnswers: [] })));
    service.delete?.();
    assert.equal(out.status, 200, JSON.stringify(out.body));
    return out.body;
  };

  for (const [amount, tokenProgram] of [['100000000', TOKEN_PROGRAM], ['12345678901', TOKEN_PROGRAM], ['100000000', TOKEN_2022_PROGRAM]]) {
    it(`a ${amount} USDC quote (mint of ${tokenProgram.slice(0, 6)}) pays with the kit-built call; route bytes and hashes match`, async () => {
      const quote = quoteFor(amount, tokenProgram);
      const entry = quote.steps[0].intents[0];
      assert.equal(entry.role, 'direct');
      assert.equal(entry.destinationChainId, SOLANA);
      const { intent } = entry;
      assert.equal(intent.route.portal, PORTAL);
      // The recipient's payment, then the partner's gateway fee (the key charges one) to its recipient.
      const gateway = quote.fees.find((fee) => fee.type === 'gateway');
      assert.ok(gateway.recipient && BigInt(gateway.amount) > 0n);
      assert.deepEqual(intent.route.tokens,
        [{ token: USDC_SOLANA, amount: (BigInt(quote.destination.minAmountOut) + BigInt(gateway.amount)).toString() }]);

      const expected = await kitPaymentCall({
        tokenProgram, mint: USDC_SOLANA, recipient: RECIPIENT, amount: BigInt(quote.destination.minAmountOut), decimals: 6,
      });
      const fee = await kitPaymentCall({
        tokenProgram, mint: USDC_SOLANA, recipient: address(gateway.recipient), amount: BigInt(gateway.amount), decimals: 6,
      });
      assert.equal(intent.route.calls.length, 2);
      const [call, feeCall] = intent.route.calls;
      assert.equal(feeCall.target, tokenProgram);
      assert.equal(feeCall.data, hexlify(fee.data));
      assert.equal(call.target, tokenProgram);
      assert.equal(call.value, '0');
      assert.equal(call.data, hexlify(expected.data));
      assert.equal(expected.data.length, 155, 'TransferChecked (10 bytes) with four account metas: 155 bytes');
      assert.equal(hexlify(expected.transferData.subarray(0, 1)), '0x0c');

      const encoded = routeBytes(intent.route, [{ target: expected.target, data: expected.data }, { target: fee.target, data: fee.data }]);
      assert.equal(entry.encodedRoute, hexlify(encoded));
      // The route hash as the program computes it: keccak256 of the Borsh route.
      const intentHash = intentHashOf(intent, keccak256(encoded));
      assert.equal(entry.intentHash, intentHash);
      assert.equal(quote.intentHash, intentHash);
    });
  }

  it('the comparison can fail: the Token-2022 call, the old raw-Transfer call and another recipient differ', async () => {
    const quote = quoteFor('100000000');
    const { intent } = quote.steps[0].intents[0];
    const amount = BigInt(quote.destination.minAmountOut);
    const token2022 = await kitPaymentCall({ tokenProgram: TOKEN_2022_PROGRAM, mint: USDC_SOLANA, recipient: RECIPIENT, amount, decimals: 6 });
    const other = await kitPaymentCall({ tokenProgram: TOKEN_PROGRAM, mint: USDC_SOLANA, recipient: address('5Zzguz4NsSRFxGkHfM4FmsFpGZiCDtY72zH2jzMcqkJx'), amount, decimals: 6 });
    const good = await kitPaymentCall({ tokenProgram: TOKEN_PROGRAM, mint: USDC_SOLANA, recipient: RECIPIENT, amount, decimals: 6 });
    const raw = new Uint8Array([3, ...getU64Encoder().encode(amount)]);
    const gateway = quote.fees.find((f) => f.type === 'gateway');
    const fee = await kitPaymentCall({ tokenProgram: TOKEN_PROGRAM, mint: USDC_SOLANA, recipient: address(gateway.recipient), amount: BigInt(gateway.amount), decimals: 6 });
    const feeCall = { target: fee.target, data: fee.data };
    assert.equal(quote.steps[0].intents[0].encodedRoute, hexlify(routeBytes(intent.route, [{ target: good.target, data: good.data }, feeCall])));
    for (const call of [
      { target: token2022.target, data: token2022.data },
      { target: other.target, data: other.data },
      { target: good.recipientAta, data: raw },
    ]) {
      assert.notEqual(quote.steps[0].intents[0].encodedRoute, hexlify(routeBytes(intent.route, [call, feeCall])));
    }
  });
});
