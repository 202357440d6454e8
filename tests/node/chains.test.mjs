// Local chains end to end: two anvil nodes on free loopback ports, our contracts deployed, the
// reference solver running. Checks the contracts against the protocol page and the vectors, and
// runs real fundings (approve, ERC-3009, EIP-2612), fills, proofs, withdrawals and a refund.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Contract, ContractFactory, Interface, Signature, TypedDataEncoder, ZeroAddress, getCreate2Address, hexlify, randomBytes } from 'ethers';
import { freePort, startAnvil } from '../../scripts/chains/anvil.mjs';
import { compileContracts, loadArtifact } from '../../scripts/chains/compile.mjs';
import { ACCOUNT_INDEX, PERMIT2_ADDRESS, devAccount, localProvider } from '../../scripts/chains/deploy.mjs';
import { addressToBytes32, encodeRoute, hashIntent, vaultAddress, vaultInitCodeHash } from '../../scripts/chains/intent.mjs';
import { startLocalStack } from '../../scripts/chains/local.mjs';
import { relayEip2612Funding, relayErc3009Funding, relayPermit2Funding } from '../../scripts/chains/relay.mjs';
import { DEFAULT_POLICY, REWARD_STATUS, evaluateIntent } from '../../scripts/chains/solver.mjs';

const SHARED = new URL('../../../shared/', import.meta.url);
const protocolPage = readFileSync(new URL('design/protocol.md', SHARED), 'utf8');
const vectors = JSON.parse(readFileSync(new URL('vectors/protocol-vectors.json', SHARED), 'utf8'));

// The stack compiles too, but the ABIs are needed at module load; the compile is cached.
compileContracts();
const portalAbi = loadArtifact('Portal').abi;
const portalInterface = new Interface(portalAbi);
const proverInterface = new Interface(loadArtifact('Prover').abi);
const tokenInterface = new Interface(loadArtifact('TestStablecoin').abi);
const permit2Interface = new Interface(loadArtifact('AllowancePermit2').abi);
const ERC3009_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
  ],
};
const EIP2612_TYPES = {
  Permit: [
    { name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' },
  ],
};
const PERMIT2_SINGLE_TYPES = {
  PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
  PermitDetails: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }, { name: 'expiration', type: 'uint48' }, { name: 'nonce', type: 'uint48' }],
};
// Reverts surface from the signer's gas estimate, where ethers does not decode custom errors.
const rejectsWith = (pending, contractInterface, errorName) =>
  assert.rejects(pending, (error) => contractInterface.parseError(error.data ?? '0x')?.name === errorName);
const USDC = (units) => BigInt(Math.round(units * 1e6));

describe('local chains', { timeout: 90_000 }, () => {
  let stack;
  let outDir;
  let chainA; // source side in these tests
  let chainB; // destination side
  const solverLog = [];
  const providers = [];

  before(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'sr-local-chains-'));
    const [portA, portB] = [await freePort(), await freePort()];
    stack = await startLocalStack({
      chains: [
        { name: 'Test A', chainId: 31337, port: portA },
        { name: 'Test B', chainId: 31338, port: portB },
      ],
      outDir,
      solverOptions: { pollMs: 100 },
      log: (line) => solverLog.push(line),
    });
    [chainA, chainB] = stack.deployment.chains.map((c) => {
      const provider = localProvider(c.rpcUrl, c.chainId);
      providers.push(provider);
      return { ...c, provider, portalContract: new Contract(c.portal, portalAbi, provider) };
    });
  });

  after(async () => {
    providers.forEach((p) => p.destroy());
    if (stack) await stack.stop();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    if (process.env.SR_CHAINS_VERBOSE) console.log(solverLog.join('\n'));
  });

  const wallet = (index, chain) => devAccount(index, chain.provider);
  const token = (chain, symbol, runner = chain.provider) => new Contract(chain.tokens[symbol], tokenInterface, runner);
  const portalAs = (chain, signer) => new Contract(chain.portal, portalAbi, signer);
  const latestTime = async (chain) => BigInt((await chain.provider.getBlock('latest')).timestamp);
  const mined = async (pending) => {
    const receipt = await (await pending).wait();
    assert.equal(receipt.status, 1);
    return receipt;
  };
  const portalEvents = (receipt, name) =>
    receipt.logs
      .map((log) => { try { return portalInterface.parseLog(log); } catch { return null; } })
      .filter((event) => event?.name === name);

  /** A plain transfer of `amount` B-USDC to `recipient`, rewarded with `reward` A-USDC. */
  async function plainTransfer({ creator, recipient, amount, reward, rewardWindowSec = 1200n }) {
    const usdcB = chainB.tokens.USDC;
    const route = {
      salt: hexlify(randomBytes(32)),
      deadline: (await latestTime(chainB)) + 600n,
      portal: chainB.portal,
      nativeAmount: 0n,
      tokens: [{ token: usdcB, amount }],
      calls: [{ target: usdcB, data: tokenInterface.encodeFunctionData('transfer', [recipient, amount]), value: 0n }],
    };
    const rewardStruct = {
      deadline: (await latestTime(chainA)) + rewardWindowSec,
      creator,
      prover: chainA.prover,
      nativeAmount: 0n,
      tokens: [{ token: chainA.tokens.USDC, amount: reward }],
    };
    const encodedRoute = encodeRoute(route);
    return { destination: BigInt(chainB.chainId), route, reward: rewardStruct, encodedRoute, ...hashIntent(chainB.chainId, encodedRoute, rewardStruct) };
  }

  /** The parties and a plain-transfer intent from chain A to B, with its vault address. */
  async function scenario({ funderIndex, recipientIndex, amount, reward, rewardWindowSec }) {
    const funder = wallet(funderIndex, chainA);
    const recipient = devAccount(recipientIndex).address;
    const intent = await plainTransfer({ creator: funder.address, recipient, amount, reward, rewardWindowSec });
    const vault = await chainA.portalContract.intentVaultAddress(intent.destination, intent.encodedRoute, intent.reward);
    assert.equal(vault, vaultAddress(chainA.portal, intent.intentHash, chainA.vaultInitCodeHash));
    return { funder, relayer: wallet(ACCOUNT_INDEX.relayer, chainA), recipient, intent, vault };
  }

  it('compiled selectors, topic0s and token typehashes equal the protocol page', async () => {
    const proverAbi = loadArtifact('Prover').abi;
    const functionRows = [...protocolPage.matchAll(/^\| `(0x[0-9a-f]{8})` \| `(\w+)\(/gm)];
    const fulfillRow = /`(fulfill)\([^`]*\)` = `(0x[0-9a-f]{8})`/.exec(protocolPage);
    assert.equal(functionRows.length, 9);
    assert.ok(fulfillRow);
    const pageSelectors = [...functionRows.map(([, selector, name]) => [selector, name]), [fulfillRow[2], fulfillRow[1]]];
    for (const [selector, name] of pageSelectors) {
      // publishAndFund is overloaded: the page's selector must be one of the compiled overloads.
      const compiled = portalInterface.fragments.filter((f) => f.type === 'function' && f.name === name).map((f) => f.selector);
      assert.ok(compiled.includes(selector), `${name}: page ${selector}, compiled ${compiled}`);
    }
    assert.equal(new Set(pageSelectors.map(([selector]) => selector)).size, 10);
    const eventRows = [...protocolPage.matchAll(/^\| `(\w+)\([^`]*\)`[^|]*\| `(0x[0-9a-f]{64})` \|$/gm)];
    assert.equal(eventRows.length, 6);
    for (const [, name, topic] of eventRows) {
      const abi = name === 'IntentProven' ? proverAbi : portalAbi;
      assert.equal(new Interface(abi).getEvent(name).topicHash, topic, name);
    }
    const typehashRows = [...protocolPage.matchAll(/`((TransferWithAuthorization|ReceiveWithAuthorization|Permit)\([^`]*\))`\s*=\s*`(0x[0-9a-f]{64})`/g)];
    assert.equal(typehashRows.length, 3);
    const getters = {
      TransferWithAuthorization: 'TRANSFER_WITH_AUTHORIZATION_TYPEHASH',
      ReceiveWithAuthorization: 'RECEIVE_WITH_AUTHORIZATION_TYPEHASH',
      Permit: 'PERMIT_TYPEHASH',
    };
    for (const [, , name, typehash] of typehashRows) {
      assert.equal(await token(chainA, 'USDC')[getters[name]](), typehash, name);
    }
  });

  it('the deployed Portal reproduces the vectors\' hashes, vaults and calldata', async () => {
    assert.equal(vectors.intents.length, 3);
    for (const vector of vectors.intents) {
      const { intent } = vector;
      assert.equal(encodeRoute(intent.route), vector.encodedRoute, vector.name);
      const [intentHash, routeHash, rewardHash] = await chainA.portalContract.getIntentHash(intent);
      assert.deepEqual([intentHash, routeHash, rewardHash], [vector.intentHash, vector.routeHash, vector.rewardHash], vector.name);
      const [published] = await chainA.portalContract.publish.staticCall(intent.destination, vector.encodedRoute, intent.reward);
      assert.equal(published, vector.intentHash, vector.name);
      // The CREATE2 rule of the page, checked on the production values first...
      assert.equal(vaultAddress(vectors.portal, vector.intentHash, vectors.vaultInitCodeHash), vector.vault, vector.name);
      // ...then on this deployment, with the initCodeHash recomputed from the artifacts.
      const initCodeHash = vaultInitCodeHash(loadArtifact('VaultProxy').bytecode, chainA.vaultImplementation);
      assert.equal(await chainA.portalContract.vaultInitCodeHash(), initCodeHash);
      assert.equal(chainA.vaultInitCodeHash, initCodeHash);
      assert.equal(
        await chainA.portalContract.intentVaultAddress(intent.destination, vector.encodedRoute, intent.reward),
        getCreate2Address(chainA.portal, vector.intentHash, initCodeHash),
        vector.name,
      );
      const calldata = portalInterface.encodeFunctionData('publishAndFund(uint64,bytes,(uint64,address,address,uint256,(address,uint256)[]),bool)', [intent.destination, vector.encodedRoute, intent.reward, false]);
      assert.equal(calldata, vector.publishAndFundCalldata, vector.name);
    }
  });

  it('deploys the same addresses on both chains and writes the configuration', () => {
    for (const key of ['portal', 'prover', 'vaultImplementation', 'vaultInitCodeHash']) assert.equal(chainA[key], chainB[key], key);
    const chains = JSON.parse(readFileSync(join(outDir, 'chains.json'), 'utf8'));
    const tokens = JSON.parse(readFileSync(join(outDir, 'tokens.json'), 'utf8'));
    const production = JSON.parse(readFileSync(new URL('../../config/local/chains.json', import.meta.url), 'utf8'));
    assert.deepEqual(chains.map((c) => c.rpcUrl), [chainA.rpcUrl, chainB.rpcUrl]);
    // Same fields as the committed configuration, plus rpcUrl.
    assert.deepEqual(Object.keys(chains[0]).sort(), [...Object.keys(production[0]), 'rpcUrl'].sort());
    assert.equal(tokens.length, 4);
    assert.deepEqual(tokens.find((t) => t.chainId === 31337 && t.symbol === 'USDC').eip712, { name: 'Test USD Coin', version: '2' });
  });

  it('accounts 1–9 hold test stablecoins and gas on both chains', async () => {
    for (const chain of [chainA, chainB]) {
      for (let i = ACCOUNT_INDEX.firstUser; i <= ACCOUNT_INDEX.lastUser; ++i) {
        const address = devAccount(i).address;
        assert.ok((await token(chain, 'USDC').balanceOf(address)) >= USDC(100_000));
        assert.ok((await token(chain, 'USDT').balanceOf(address)) >= USDC(100_000));
        assert.ok((await chain.provider.getBalance(address)) > 10n ** 18n);
      }
    }
  });

  it('solver policy: fills only profitable intents for its own chains and contracts', async () => {
    const intent = await plainTransfer({ creator: devAccount(1).address, recipient: devAccount(2).address, amount: USDC(100), reward: USDC(100.06) });
    const context = { sourceChainId: chainA.chainId, chains: stack.deployment.chains, policy: DEFAULT_POLICY, sourceNow: await latestTime(chainA), destinationNow: await latestTime(chainB) };
    // required = 100 + 0.01 fixed + 5 bps of 100 = 100.06
    assert.equal(evaluateIntent(intent, context).ok, true);
    const short = { ...intent, reward: { ...intent.reward, tokens: [{ token: chainA.tokens.USDC, amount: USDC(100.06) - 1n }] } };
    assert.match(evaluateIntent(short, context).reason, /unprofitable/);
    assert.match(evaluateIntent({ ...intent, route: { ...intent.route, portal: chainA.prover } }, context).reason, /route.portal/);
    assert.match(evaluateIntent({ ...intent, destination: 1n }, context).reason, /destination chain 1/);
    assert.match(evaluateIntent(intent, { ...context, destinationNow: intent.route.deadline }).reason, /route deadline/);
  });

  it('plain transfer: approve + publishAndFund, the solver fills on B, proves and withdraws on A', async () => {
    const funder = wallet(1, chainA);
    const recipient = devAccount(2).address;
    const intent = await plainTransfer({ creator: funder.address, recipient, amount: USDC(10), reward: USDC(10.1) });
    const vault = await chainA.portalContract.intentVaultAddress(intent.destination, intent.encodedRoute, intent.reward);
    const funderBefore = await token(chainA, 'USDC').balanceOf(funder.address);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);
    const solverBefore = await token(chainA, 'USDC').balanceOf(stack.solver.address);

    await mined(token(chainA, 'USDC', funder).approve(chainA.portal, USDC(10.1)));
    const receipt = await mined(portalAs(chainA, funder)['publishAndFund(uint64,bytes,(uint64,address,address,uint256,(address,uint256)[]),bool)'](intent.destination, intent.encodedRoute, intent.reward, false));
    const [published] = portalEvents(receipt, 'IntentPublished');
    const [funded] = portalEvents(receipt, 'IntentFunded');
    assert.equal(published.args.intentHash, intent.intentHash);
    assert.equal(published.args.route, intent.encodedRoute);
    assert.deepEqual([funded.args.intentHash, funded.args.funder, funded.args.complete], [intent.intentHash, funder.address, true]);
    assert.equal(await token(chainA, 'USDC').balanceOf(vault), USDC(10.1));
    assert.equal(await token(chainA, 'USDC').balanceOf(funder.address), funderBefore - USDC(10.1));

    const record = await stack.solver.waitFor(intent.intentHash, ['withdrawn', 'failed', 'skipped'], 20_000);
    assert.equal(record.state, 'withdrawn', record.reason);
    assert.equal(await token(chainB, 'USDC').balanceOf(recipient), recipientBefore + USDC(10));
    const [fulfilled] = await chainB.provider.getLogs({ fromBlock: 0, address: chainB.portal, topics: [portalInterface.getEvent('IntentFulfilled').topicHash, intent.intentHash] });
    assert.equal(fulfilled.topics[2], addressToBytes32(stack.solver.address).toLowerCase());
    const [proven] = await chainA.provider.getLogs({ fromBlock: 0, address: chainA.prover, topics: [proverInterface.getEvent('IntentProven').topicHash, intent.intentHash] });
    assert.equal(proverInterface.parseLog(proven).args.claimant, stack.solver.address);
    const withdrawn = await chainA.provider.getLogs({ fromBlock: 0, address: chainA.portal, topics: [portalInterface.getEvent('IntentWithdrawn').topicHash] });
    assert.ok(withdrawn.some((log) => portalInterface.parseLog(log).args.intentHash === intent.intentHash));
    assert.equal(await chainA.portalContract.rewardStatus(intent.intentHash), BigInt(REWARD_STATUS.Withdrawn));
    assert.equal(await token(chainA, 'USDC').balanceOf(vault), 0n);
    assert.equal(await token(chainA, 'USDC').balanceOf(stack.solver.address), solverBefore + USDC(10.1));
  });

  it('ERC-3009 authorization to the vault relayed, then publishAndFundFor marks it funded and it is filled', async () => {
    const { funder, relayer, recipient, intent, vault } = await scenario({ funderIndex: 3, recipientIndex: 4, amount: USDC(25), reward: USDC(25.2) });
    const tokenConfig = JSON.parse(readFileSync(join(outDir, 'tokens.json'), 'utf8')).find((t) => t.chainId === chainA.chainId && t.symbol === 'USDC');
    const domain = { name: tokenConfig.eip712.name, version: tokenConfig.eip712.version, chainId: chainA.chainId, verifyingContract: tokenConfig.address };
    const authorization = { from: funder.address, to: vault, value: USDC(25.2), validAfter: 0n, validBefore: (await latestTime(chainA)) + 3600n, nonce: hexlify(randomBytes(32)) };
    const signature = await funder.signTypedData(domain, ERC3009_TYPES, authorization);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);
    const relay = () => relayErc3009Funding({ signer: relayer, chain: chainA, intent, token: tokenConfig.address, authorization, signature });

    const relayed = await relay();
    assert.equal(relayed.intentHash, intent.intentHash);
    const receipt = await chainA.provider.getTransactionReceipt(relayed.fundingTx);
    const [funded] = portalEvents(receipt, 'IntentFunded');
    assert.deepEqual([funded.args.intentHash, funded.args.funder, funded.args.complete], [intent.intentHash, funder.address, true]);
    assert.equal(await token(chainA, 'USDC').balanceOf(relayer.address), 0n);
    // A retried relay sends nothing; the token itself refuses the replayed authorization.
    const retried = await relay();
    assert.deepEqual([retried.authorizationTx, retried.fundingTx], [null, null]);
    const { v, r, s } = Signature.from(signature);
    const { from, to, value, validAfter, validBefore, nonce } = authorization;
    await rejectsWith(token(chainA, 'USDC', relayer).transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s), tokenInterface, 'AuthorizationAlreadyUsed');

    const record = await stack.solver.waitFor(intent.intentHash, ['withdrawn', 'failed', 'skipped'], 20_000);
    assert.equal(record.state, 'withdrawn', record.reason);
    assert.equal(await token(chainB, 'USDC').balanceOf(recipient), recipientBefore + USDC(25));
  });

  it('EIP-2612 permit with spender = vault relayed; funding a funded intent moves nothing', async () => {
    const funder = wallet(6, chainA);
    const relayer = wallet(ACCOUNT_INDEX.relayer, chainA);
    // Unprofitable on purpose: this test is about funding, and the solver must leave it alone.
    const intent = await plainTransfer({ creator: funder.address, recipient: funder.address, amount: USDC(7), reward: USDC(7) });
    const vault = await chainA.portalContract.intentVaultAddress(intent.destination, intent.encodedRoute, intent.reward);
    const usdc = token(chainA, 'USDC', relayer);
    const permit = { owner: funder.address, spender: vault, value: USDC(7), nonce: await usdc.nonces(funder.address), deadline: (await latestTime(chainA)) + 600n };
    const domain = { name: await usdc.name(), version: await usdc.version(), chainId: chainA.chainId, verifyingContract: usdc.target };
    const signature = await funder.signTypedData(domain, EIP2612_TYPES, permit);
    const funderBefore = await usdc.balanceOf(funder.address);

    const relayed = await relayEip2612Funding({ signer: relayer, chain: chainA, intent, token: usdc.target, permit, signature });
    assert.ok(relayed.authorizationTx && relayed.fundingTx);
    assert.equal(await usdc.allowance(funder.address, vault), 0n);
    assert.equal(await usdc.balanceOf(vault), USDC(7));
    assert.equal(await usdc.balanceOf(funder.address), funderBefore - USDC(7));
    assert.equal(await chainA.portalContract.rewardStatus(intent.intentHash), BigInt(REWARD_STATUS.Funded));

    await mined(usdc.connect(funder).approve(chainA.portal, USDC(7)));
    const again = await mined(portalAs(chainA, funder).fund(intent.destination, intent.routeHash, intent.reward, false));
    assert.equal(again.logs.length, 0);
    assert.equal(await usdc.balanceOf(vault), USDC(7));
    assert.equal(await usdc.balanceOf(funder.address), funderBefore - USDC(7));
    const record = await stack.solver.waitFor(intent.intentHash, ['skipped', 'filled'], 10_000);
    assert.match(record.reason ?? '', /unprofitable/);
  });

  it('plain transfers to the vault (deposit address) then fundFor: partial, then complete', async () => {
    const funder = wallet(9, chainA);
    const anyone = wallet(ACCOUNT_INDEX.relayer, chainA);
    const intent = await plainTransfer({ creator: funder.address, recipient: funder.address, amount: USDC(5), reward: USDC(4) });
    const vault = await chainA.portalContract.intentVaultAddress(intent.destination, intent.encodedRoute, intent.reward);
    const fundFor = (allowPartial) => mined(portalAs(chainA, anyone).fundFor(intent.destination, intent.routeHash, intent.reward, allowPartial, funder.address, ZeroAddress));

    await mined(token(chainA, 'USDC', funder).transfer(vault, USDC(1.5)));
    await rejectsWith(portalAs(chainA, anyone).fundFor(intent.destination, intent.routeHash, intent.reward, false, funder.address, ZeroAddress), tokenInterface, 'InsufficientAllowance');
    const partial = portalEvents(await fundFor(true), 'IntentFunded')[0];
    assert.deepEqual([partial.args.intentHash, partial.args.complete], [intent.intentHash, false]);
    assert.equal(await chainA.portalContract.rewardStatus(intent.intentHash), BigInt(REWARD_STATUS.Initial));
    await mined(token(chainA, 'USDC', funder).transfer(vault, USDC(2.5)));
    assert.equal(portalEvents(await fundFor(false), 'IntentFunded')[0].args.complete, true);
    assert.equal(await chainA.portalContract.rewardStatus(intent.intentHash), BigInt(REWARD_STATUS.Funded));
  });

  it('Permit2 permit with spender = vault, then publishAndFundFor(permitContract = Permit2) is filled', async () => {
    const { funder, relayer, recipient, intent, vault } = await scenario({ funderIndex: 7, recipientIndex: 8, amount: USDC(40), reward: USDC(40.3) });
    const permit2 = new Contract(chainA.permit2, permit2Interface, relayer);
    assert.equal(chainA.permit2, PERMIT2_ADDRESS);
    const now = await latestTime(chainA);
    const permitSingle = {
      details: { token: chainA.tokens.USDC, amount: USDC(40.3), expiration: now + 3600n, nonce: 0n },
      spender: vault,
      sigDeadline: now + 600n,
    };
    const signature = await funder.signTypedData({ name: 'Permit2', chainId: chainA.chainId, verifyingContract: PERMIT2_ADDRESS }, PERMIT2_SINGLE_TYPES, permitSingle);
    const funderBefore = await token(chainA, 'USDC').balanceOf(funder.address);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);

    // Submitted in EIP-2098 compact form (64 bytes); the vector replay below covers the 65-byte form.
    const compact = Signature.from(signature).compactSerialized;
    const relayed = await relayPermit2Funding({ signer: relayer, chain: chainA, intent, owner: funder.address, permitSingle, signature: compact });
    const receipt = await chainA.provider.getTransactionReceipt(relayed.fundingTx);
    assert.equal(portalEvents(receipt, 'IntentFunded')[0].args.complete, true);
    assert.equal(await token(chainA, 'USDC').balanceOf(funder.address), funderBefore - USDC(40.3));
    assert.deepEqual([...(await permit2.allowance(funder.address, chainA.tokens.USDC, vault))], [0n, now + 3600n, 1n]);

    const record = await stack.solver.waitFor(intent.intentHash, ['withdrawn', 'failed', 'skipped'], 20_000);
    assert.equal(record.state, 'withdrawn', record.reason);
    assert.equal(await token(chainB, 'USDC').balanceOf(recipient), recipientBefore + USDC(40));
  });

  it('publishAndFund(Intent) publishes the same intent as the encoded-route form', async () => {
    const { funder, intent } = await scenario({ funderIndex: 2, recipientIndex: 2, amount: USDC(2), reward: USDC(1) });
    await mined(token(chainA, 'USDC', funder).approve(chainA.portal, USDC(1)));
    const portal = portalAs(chainA, funder);
    const byStruct = 'publishAndFund((uint64,(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[]),(uint64,address,address,uint256,(address,uint256)[])),bool)';
    const receipt = await mined(portal[byStruct]({ destination: intent.destination, route: intent.route, reward: intent.reward }, false));
    const [published] = portalEvents(receipt, 'IntentPublished');
    assert.deepEqual([published.args.intentHash, published.args.route], [intent.intentHash, intent.encodedRoute]);
    assert.equal(portalEvents(receipt, 'IntentFunded')[0].args.complete, true);
  });

  it('an unfilled intent (tokens and native reward) is refunded to its creator after the reward deadline', async () => {
    const funder = wallet(5, chainA);
    const base = await plainTransfer({ creator: funder.address, recipient: funder.address, amount: USDC(3), reward: USDC(2), rewardWindowSec: 120n });
    const nativeReward = 25n * 10n ** 16n;
    const reward = { ...base.reward, nativeAmount: nativeReward };
    const intent = { ...base, reward, ...hashIntent(base.destination, base.encodedRoute, reward) };
    const vault = vaultAddress(chainA.portal, intent.intentHash, chainA.vaultInitCodeHash);
    const usdc = token(chainA, 'USDC', funder);
    const before = await usdc.balanceOf(funder.address);
    await mined(usdc.approve(chainA.portal, USDC(2)));
    // More value than the reward needs: the Portal forwards the reward to the vault and returns the rest.
    await mined(portalAs(chainA, funder)['publishAndFund(uint64,bytes,(uint64,address,address,uint256,(address,uint256)[]),bool)'](intent.destination, intent.encodedRoute, intent.reward, false, { value: nativeReward + 10n ** 16n }));
    assert.equal(await usdc.balanceOf(funder.address), before - USDC(2));
    assert.equal(await chainA.provider.getBalance(vault), nativeReward);
    assert.equal(await chainA.provider.getBalance(chainA.portal), 0n);

    const portal = portalAs(chainA, funder);
    await rejectsWith(portal.refund(intent.destination, intent.routeHash, intent.reward), portalInterface, 'RewardNotExpired');
    await rejectsWith(portal.withdraw(intent.destination, intent.routeHash, intent.reward), portalInterface, 'NotProven');
    await chainA.provider.send('evm_increaseTime', [300]);
    await chainA.provider.send('evm_mine', []);
    const receipt = await mined(portalAs(chainA, wallet(ACCOUNT_INDEX.relayer, chainA)).refund(intent.destination, intent.routeHash, intent.reward));
    const [refunded] = portalEvents(receipt, 'IntentRefunded');
    assert.deepEqual([refunded.args.intentHash, refunded.args.refundee], [intent.intentHash, funder.address]);
    assert.equal(await usdc.balanceOf(funder.address), before);
    assert.equal(await chainA.provider.getBalance(vault), 0n);
    assert.equal(await chainA.portalContract.rewardStatus(intent.intentHash), BigInt(REWARD_STATUS.Refunded));
    await rejectsWith(portal.refund(intent.destination, intent.routeHash, intent.reward), portalInterface, 'IntentClosed');
  });
});

describe('anvil lifetime', { timeout: 20_000 }, () => {
  it('an anvil node stops when the process that started it is killed', async () => {
    const port = await freePort();
    const script = `import('${new URL('../../scripts/chains/anvil.mjs', import.meta.url).href}').then((m) => m.startAnvil({ name: 'orphan', chainId: 31339, port: ${port} })).then(() => console.log('ready'))`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
      child.on('exit', () => reject(new Error('launcher exited before anvil was ready')));
    });
    const chainId = () =>
      fetch(`http://127.0.0.1:${port}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' }).then((r) => r.json());
    assert.equal((await chainId()).result, '0x7a6b');
    child.kill('SIGKILL');
    const deadline = Date.now() + 5000;
    let stillUp = true;
    while (stillUp && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stillUp = await chainId().then(() => true, () => false);
    }
    assert.equal(stillUp, false, 'anvil still answers after its parent was killed');
  });
});

// The vectors' Permit2 and ERC-3009 signatures were made by an independent implementation for
// Base (chain 8453) at fixed times: replay them on a chain with that id, started before their deadlines.
describe('signed vectors replayed on chain 8453', { timeout: 30_000 }, () => {
  let node;
  let provider;
  before(async () => {
    const validBefore = Number(vectors.permits.erc3009.message.validBefore);
    node = await startAnvil({ name: 'vectors', chainId: 8453, port: await freePort(), extraArgs: ['--timestamp', String(validBefore - 600)] });
    provider = localProvider(node.rpcUrl, 8453);
  });
  after(async () => {
    provider?.destroy();
    await node?.stop();
  });

  it('Permit2 accepts the vector PermitSingle signature and sets the allowance', async () => {
    const vector = vectors.permits.permit2Single;
    await provider.send('anvil_setCode', [PERMIT2_ADDRESS, loadArtifact('AllowancePermit2').deployedBytecode]);
    const permit2 = new Contract(PERMIT2_ADDRESS, permit2Interface, devAccount(0, provider));
    assert.equal(await permit2.DOMAIN_SEPARATOR(), TypedDataEncoder.hashDomain(vector.domain));
    const permitSingle = '((address,uint160,uint48,uint48),address,uint256)';
    const permit = (message, signature) => permit2[`permit(address,${permitSingle},bytes)`](vector.signer, message, signature);
    const tampered = { ...vector.message, details: { ...vector.message.details, amount: '25000001' } };
    await rejectsWith(permit(tampered, vector.signature), permit2Interface, 'InvalidSignature');
    await (await permit(vector.message, vector.signature)).wait();
    const { token, amount, expiration } = vector.message.details;
    assert.deepEqual([...(await permit2.allowance(vector.signer, token, vector.message.spender))], [BigInt(amount), BigInt(expiration), 1n]);
    await rejectsWith(permit(vector.message, vector.signature), permit2Interface, 'InvalidNonce');
  });

  it('the test stablecoin, named like USDC at its Base address, accepts the vector ERC-3009 signature', async () => {
    const vector = vectors.permits.erc3009;
    const deployer = devAccount(0, provider);
    const artifact = loadArtifact('TestStablecoin');
    const deployed = await new ContractFactory(artifact.abi, artifact.bytecode, deployer).deploy(vector.domain.name, 'USDC', vector.domain.version, PERMIT2_ADDRESS);
    await deployed.waitForDeployment();
    // Same code and the same name/symbol/version slots at the address the vector's domain names.
    const at = vector.domain.verifyingContract;
    await provider.send('anvil_setCode', [at, await provider.getCode(deployed.target)]);
    for (let slot = 0; slot < 3; ++slot) {
      await provider.send('anvil_setStorageAt', [at, `0x${slot.toString(16)}`, await provider.getStorage(deployed.target, slot)]);
    }
    const usdc = new Contract(at, tokenInterface, deployer);
    assert.equal(await usdc.DOMAIN_SEPARATOR(), TypedDataEncoder.hashDomain(vector.domain));
    const { from, to, value, validAfter, validBefore, nonce } = vector.message;
    await (await usdc.mint(from, value)).wait();
    const { v, r, s } = Signature.from(vector.signature);
    await rejectsWith(usdc.transferWithAuthorization(from, to, BigInt(value) - 1n, validAfter, validBefore, nonce, v, r, s), tokenInterface, 'InvalidSignature');
    await (await usdc.transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s)).wait();
    assert.equal(await usdc.balanceOf(to), BigInt(value));
    assert.equal(await usdc.authorizationState(from, nonce), true);
  });
});
