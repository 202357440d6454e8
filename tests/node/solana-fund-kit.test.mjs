// A Solana-source quote of the core's Service (the wasm module the worker runs, local
// configuration) is checked against an implementation that shares no code with the core:
// @solana/kit builds the Portal's `fund` instruction from the quote's own inputs (its intent and
// funder) -- Borsh arguments with kit's codecs, the vault and associated token accounts with kit's
// getProgramDerivedAddress, hashes with ethers -- and both instructions are compiled into the same
// transaction message and compared account for account and byte for byte.
//
// The accounts are the Portal program's `Fund` accounts struct (eco-routes-svm, programs/portal):
// payer (signer, writable), funder (signer, writable), vault PDA ["vault", intentHash] (writable),
// Token, Token-2022, Associated Token and System programs, then per reward token the funder's token
// account (writable), the vault's token account (writable) and the mint (read-only).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';

import {
  AccountRole, address, appendTransactionMessageInstruction, compileTransaction, createTransactionMessage,
  fixEncoderSize, getAddressEncoder, getArrayEncoder, getBase64Encoder, getBooleanEncoder, getBytesEncoder,
  getProgramDerivedAddress, getStructEncoder, getU64Encoder, pipe, setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { AbiCoder, getBytes, keccak256, solidityPacked } from 'ethers';

import { loadLocalConfig } from './local-config.mjs';

const repo = new URL('../../', import.meta.url);
const coreDir = new URL('build/wasm-release/', repo);
const NOW = 1763697600;
const KEY = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes'] };
const SOLANA = 1399811149;
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const FUNDER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

// Program ids as the Solana runtime and SPL publish them (not read from the core).
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
// Eco's Portal on Solana, from @eco-foundation/routes-ts 3.2.20 (EcoProtocolAddresses["1399811149"]).
const PORTAL = address('EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV');

const ROUTE_TYPE = 'tuple(bytes32,uint64,address,uint256,tuple(address,uint256)[],tuple(address,bytes,uint256)[])';

const tokenAmount = getStructEncoder([['token', getAddressEncoder()], ['amount', getU64Encoder()]]);
const reward = getStructEncoder([
  ['deadline', getU64Encoder()],
  ['creator', getAddressEncoder()],
  ['prover', getAddressEncoder()],
  ['nativeAmount', getU64Encoder()],
  ['tokens', getArrayEncoder(tokenAmount)],
]);
const fundArgs = getStructEncoder([
  ['discriminator', fixEncoderSize(getBytesEncoder(), 8)],
  ['destination', getU64Encoder()],
  ['routeHash', fixEncoderSize(getBytesEncoder(), 32)],
  ['reward', reward],
  ['allowPartial', getBooleanEncoder()],
]);

function rewardOf(json) {
  return {
    deadline: BigInt(json.deadline),
    creator: address(json.creator),
    prover: address(json.prover),
    nativeAmount: BigInt(json.nativeAmount),
    tokens: json.tokens.map((t) => ({ token: address(t.token), amount: BigInt(t.amount) })),
  };
}

async function ata(owner, mint) {
  const enc = getAddressEncoder();
  const [pda] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [enc.encode(owner), enc.encode(TOKEN_PROGRAM), enc.encode(mint)],
  });
  return pda;
}

// The instruction from the quote's inputs: its intent (Solana source, EVM destination) and funder.
async function kitFundInstruction(intent, funder) {
  const r = intent.route;
  const encodedRoute = AbiCoder.defaultAbiCoder().encode([ROUTE_TYPE], [[
    r.salt, r.deadline, r.portal, r.nativeAmount,
    r.tokens.map((t) => [t.token, t.amount]), r.calls.map((c) => [c.target, c.data, c.value]),
  ]]);
  const routeHash = keccak256(encodedRoute);
  const rewardArgs = rewardOf(intent.reward);
  const rewardHash = keccak256(reward.encode(rewardArgs));
  const intentHash = keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [intent.destination, routeHash, rewardHash]));
  const [vault] = await getProgramDerivedAddress({
    programAddress: PORTAL,
    seeds: [new TextEncoder().encode('vault'), getBytes(intentHash)],
  });
  const discriminator = createHash('sha256').update('global:fund').digest().subarray(0, 8);
  const data = fundArgs.encode({
    discriminator, destination: BigInt(intent.destination), routeHash: getBytes(routeHash), reward: rewardArgs, allowPartial: false,
  });
  const accounts = [
    { address: funder, role: AccountRole.WRITABLE_SIGNER },
    { address: funder, role: AccountRole.WRITABLE_SIGNER },
    { address: vault, role: AccountRole.WRITABLE },
    { address: TOKEN_PROGRAM, role: AccountRole.READONLY },
    { address: TOKEN_2022_PROGRAM, role: AccountRole.READONLY },
    { address: ASSOCIATED_TOKEN_PROGRAM, role: AccountRole.READONLY },
    { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
  ];
  for (const { token } of rewardArgs.tokens) {
    accounts.push({ address: await ata(funder, token), role: AccountRole.WRITABLE });
    accounts.push({ address: await ata(vault, token), role: AccountRole.WRITABLE });
    accounts.push({ address: token, role: AccountRole.READONLY });
  }
  return { instruction: { programAddress: PORTAL, accounts, data: new Uint8Array(data) }, vault, intentHash };
}

// The API's JSON instruction ({programId, accounts: [{pubkey, isSigner, isWritable}], data base64})
// as a kit instruction.
function fromApi(json) {
  const role = (a) => (a.isSigner
    ? (a.isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER)
    : (a.isWritable ? AccountRole.WRITABLE : AccountRole.READONLY));
  return {
    programAddress: address(json.programId),
    accounts: json.accounts.map((a) => ({ address: address(a.pubkey), role: role(a) })),
    data: new Uint8Array(getBase64Encoder().encode(json.data)),
  };
}

// Both compiled the way a wallet would, with a fixed blockhash: the message bytes a signer signs.
function messageBytes(feePayer, instruction) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: address('11111111111111111111111111111111'), lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstruction(instruction, m),
  );
  return new Uint8Array(compileTransaction(message).messageBytes);
}

describe('Solana-source quote against @solana/kit', () => {
  let service;
  before(async () => {
    const { default: createCore } = await import(new URL('core.mjs', coreDir).href);
    const core = await createCore({ wasmBinary: readFileSync(new URL('core.wasm', coreDir)) });
    const { config, secrets } = await loadLocalConfig();
    service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
  });

  const quoteFor = (amount) => {
    const body = {
      type: 'exact-in',
      source: { chainId: SOLANA, token: USDC_SOLANA, amount, funder: FUNDER },
      destination: { chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', recipient: RECIPIENT },
      dappId: 'solana-kit-test',
    };
    const out = JSON.parse(service.handle('quote', JSON.stringify({ body, key: KEY, now: NOW, random: `0x${'5a'.repeat(32)}`, solverAnswers: [] })));
    assert.equal(out.status, 200, JSON.stringify(out.body));
    return out.body;
  };

  for (const amount of ['100000000', '12345678901']) {
    it(`the fund instruction of a ${amount} USDC quote is kit's, account for account and byte for byte`, async () => {
      const quote = quoteFor(amount);
      const tx = quote.execution.transaction;
      assert.equal(tx.type, 'svm');
      assert.equal(tx.feePayer, FUNDER);
      assert.equal(tx.instructions.length, 1);
      const served = fromApi(tx.instructions[0]);
      const { instruction: expected, vault, intentHash } = await kitFundInstruction(quote.execution.intent, address(FUNDER));

      assert.equal(quote.execution.vault, vault);
      assert.equal(quote.steps[0].intents[0].intentHash, intentHash);
      assert.equal(served.programAddress, expected.programAddress);
      assert.equal(served.accounts.length, 10);
      served.accounts.forEach((account, i) => assert.deepEqual(account, expected.accounts[i], `account ${i}`));
      assert.deepEqual(served.data, expected.data);
      assert.equal(served.data.length, 173, 'one reward token and no native amount: 173 bytes');
      assert.deepEqual(messageBytes(tx.feePayer, served), messageBytes(FUNDER, expected));
    });
  }

  it('a changed account or flag gives other message bytes (the comparison can fail)', async () => {
    const quote = quoteFor('100000000');
    const served = fromApi(quote.execution.transaction.instructions[0]);
    const { instruction: expected } = await kitFundInstruction(quote.execution.intent, address(FUNDER));
    // (Payer and funder are one wallet here, so the message merges their flags: the writable mint
    // is the flag change that shows in the bytes.)
    const writableMint = { ...served, accounts: served.accounts.map((a, i) => (i === 9 ? { ...a, role: AccountRole.WRITABLE } : a)) };
    assert.notDeepEqual(messageBytes(FUNDER, writableMint), messageBytes(FUNDER, expected));
    const swapped = { ...served, accounts: [served.accounts[0], served.accounts[1], served.accounts[2], served.accounts[4], served.accounts[3], ...served.accounts.slice(5)] };
    assert.notDeepEqual(messageBytes(FUNDER, swapped), messageBytes(FUNDER, expected));
  });
});
