// Local chains end to end against the REAL contracts: two anvil nodes on free loopback ports with
// the Eco Portal (routes-ts), canonical Permit2 and Circle's FiatToken v2.2 (USDC) from npm, our
// Permit3, prover and test USDT, and the two local solvers running. Checks the contracts against
// the protocol facts and vectors (tests/vectors), and runs real fundings (approve, ERC-3009,
// EIP-2612, Permit2, Permit3 transfer and allowance modes) through fill, proof and withdrawal, a
// refund at the reward deadline, and the real Portal's handling of a duplicated reward token.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Contract, Interface, MaxUint256, Signature, TypedDataEncoder, ZeroAddress, getCreate2Address, getCreateAddress, hexlify, keccak256, randomBytes } from 'ethers';
import { EIP2612_ABI, EIP2612_TYPES, ERC3009_TYPES, FIAT_TOKEN_ABI, PERMIT2_ABI, PERMIT2_SINGLE_TYPES } from '../../scripts/chains/abis.mjs';
import { freePort, startAnvil } from '../../scripts/chains/anvil.mjs';
import { compileContracts, loadArtifact } from '../../scripts/chains/compile.mjs';
import { ACCOUNT_INDEX, LOCAL_SOLVERS, PERMIT2_ADDRESS, deployLocalChains, devAccount, localProvider } from '../../scripts/chains/deploy.mjs';
import { PORTAL_FUNCTIONS, addressToBytes32, encodeRoute, hashIntent, vaultAddress, vaultInitCodeHash } from '../../scripts/chains/intent.mjs';
import { startLocalStack } from '../../scripts/chains/local.mjs';
import { PORTAL_BYTECODE_KECCAK, permit2CreationCode, portalArtifact } from '../../scripts/chains/packages.mjs';
import {
  PERMIT3_ABI, PERMIT3_ADDRESS, PERMIT3_DOMAIN_SEPARATOR, PERMIT3_MULTI, PERMIT3_SINGLE, hashChainPermits, signPermit3, tokenKey,
} from '../../scripts/chains/permit3.mjs';
import { relayEip2612Funding, relayErc3009Funding, relayPermit2Funding, relayPermit3Funding } from '../../scripts/chains/relay.mjs';
import { DEFAULT_POLICY, REWARD_STATUS, evaluateIntent, solverPolicy } from '../../scripts/chains/solver.mjs';

const VECTORS = new URL('../vectors/', import.meta.url);
const facts = JSON.parse(readFileSync(new URL('protocol-facts.json', VECTORS), 'utf8'));
const vectors = JSON.parse(readFileSync(new URL('protocol-vectors.json', VECTORS), 'utf8'));

// The stack compiles too, but the ABIs are needed at module load; the compile is cached.
compileContracts();
const portalAbi = portalArtifact().abi;
const portalInterface = new Interface(portalAbi);
const proverInterface = new Interface(loadArtifact('Prover').abi);
const permit3Interface = new Interface(loadArtifact('Permit3').abi);
const tokenInterface = new Interface(FIAT_TOKEN_ABI);
const permit2Interface = new Interface(PERMIT2_ABI);
const nameOf = (signature) => /^\w+/.exec(signature)[0];
const selectorsOf = (iface, name) => iface.fragments.filter((f) => f.type === 'function' && f.name === name).map((f) => f.selector);
// Reverts surface from the signer's gas estimate, where ethers does not decode custom errors.
const rejectsWith = (pending, contractInterface, errorName) =>
  assert.rejects(pending, (error) => contractInterface.parseError(error.data ?? '0x')?.name === errorName);
const USDC = (units) => BigInt(Math.round(units * 1e6));
const mined = async (pending) => {
  const receipt = await (await pending).wait();
  assert.equal(receipt.status, 1);
  return receipt;
};

describe('local chains with the real contracts', { timeout: 150_000 }, () => {
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
      solverOptions: { pollMs: 100, txWaitMs: 2_000 },
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
  const token = (chain, symbol, runner = chain.provider) => new Contract(chain.tokens[symbol], FIAT_TOKEN_ABI, runner);
  const portalAs = (chain, signer) => new Contract(chain.portal, portalAbi, signer);
  const rewardStatus = async (chain, intentHash) => Number(await chain.portalContract.getRewardStatus(intentHash));
  const latestTime = async (chain) => BigInt((await chain.provider.getBlock('latest')).timestamp);
  const portalEvents = (receipt, name) =>
    receipt.logs
      .map((log) => { try { return portalInterface.parseLog(log); } catch { return null; } })
      .filter((event) => event?.name === name);
  const solverNamed = (id) => stack.solvers.find((s) => s.id === id);

  /** A plain transfer of `amount` B-`symbol` to `recipient`, rewarded with `reward` A-`symbol` (or `rewardTokens`). */
  async function plainTransfer({ creator, recipient, amount, reward, symbol = 'USDC', rewardTokens = null, rewardWindowSec = 1200n }) {
    const destinationToken = chainB.tokens[symbol];
    const route = {
      salt: hexlify(randomBytes(32)),
      deadline: (await latestTime(chainB)) + 600n,
      portal: chainB.portal,
      nativeAmount: 0n,
      tokens: [{ token: destinationToken, amount }],
      calls: [{ target: destinationToken, data: tokenInterface.encodeFunctionData('transfer', [recipient, amount]), value: 0n }],
    };
    const rewardStruct = {
      deadline: (await latestTime(chainA)) + rewardWindowSec,
      creator,
      prover: chainA.prover,
      nativeAmount: 0n,
      tokens: rewardTokens ?? [{ token: chainA.tokens[symbol], amount: reward }],
    };
    const encodedRoute = encodeRoute(route);
    return { destination: BigInt(chainB.chainId), route, reward: rewardStruct, encodedRoute, ...hashIntent(chainB.chainId, encodedRoute, rewardStruct) };
  }

  /** The parties and a plain-transfer intent from chain A to B, with its vault address. */
  async function scenario({ funderIndex, recipientIndex, amount, reward, symbol = 'USDC' }) {
    const funder = wallet(funderIndex, chainA);
    const recipient = devAccount(recipientIndex).address;
    const intent = await plainTransfer({ creator: funder.address, recipient, amount, reward, symbol });
    const vault = await chainA.portalContract[PORTAL_FUNCTIONS.intentVaultAddress](intent.destination, intent.encodedRoute, intent.reward);
    assert.equal(vault, vaultAddress(chainA.portal, intent.intentHash, chainA.vaultInitCodeHash));
    return { funder, relayer: wallet(ACCOUNT_INDEX.relayer, chainA), recipient, intent, vault };
  }

  /** Waits for `solverId` to withdraw; checks the recipient got `amount`, the solver the whole reward, the vault is empty. */
  async function expectSettled({ intent, vault, recipient, recipientBefore, symbol = 'USDC', solverId = 'local-reference' }) {
    const solver = solverNamed(solverId);
    const record = await solver.waitFor(intent.intentHash, ['withdrawn', 'failed', 'skipped', 'closed'], 20_000);
    assert.equal(record.state, 'withdrawn', record.reason);
    const reward = intent.reward.tokens.reduce((sum, t) => sum + BigInt(t.amount), 0n);
    const [amount] = intent.route.tokens.map((t) => BigInt(t.amount));
    assert.equal(await token(chainB, symbol).balanceOf(recipient), recipientBefore + amount);
    assert.equal(await token(chainA, symbol).balanceOf(vault), 0n);
    // The withdrawal moved the whole reward from the vault to the solver.
    const withdrawal = await chainA.provider.getTransactionReceipt(record.transactions.withdraw);
    const paid = withdrawal.logs
      .filter((log) => log.address === chainA.tokens[symbol] && log.topics[0] === tokenInterface.getEvent('Transfer').topicHash)
      .map((log) => tokenInterface.parseLog(log).args);
    assert.deepEqual(paid.map((t) => [t.from, t.to, t.value]), [[vault, solver.address, reward]]);
    assert.deepEqual(portalEvents(withdrawal, 'IntentWithdrawn').map((e) => [e.args.intentHash, e.args.claimant]), [[intent.intentHash, solver.address]]);
    assert.equal(await chainB.portalContract.claimants(intent.intentHash), addressToBytes32(solver.address).toLowerCase());
    assert.deepEqual([...(await new Contract(chainA.prover, proverInterface, chainA.provider).provenIntents(intent.intentHash))], [solver.address, intent.destination]);
    assert.equal(await rewardStatus(chainA, intent.intentHash), REWARD_STATUS.Withdrawn);
    return record;
  }

  it('protocol facts: selectors and topics of the real Portal ABI, our prover and Permit3, USDC typehashes', async () => {
    assert.equal(keccak256(portalArtifact().bytecode), PORTAL_BYTECODE_KECCAK);
    assert.equal(keccak256(permit2CreationCode()), facts.permit2CreationCodeKeccak);
    assert.equal(keccak256(portalArtifact().vaultProxyCreationCode), facts.vault.proxyCreationCodeKeccak);
    assert.equal(facts.portalFunctions.length, 9);
    for (const { selector, signature } of facts.portalFunctions) {
      assert.ok(selectorsOf(portalInterface, nameOf(signature)).includes(selector), signature);
    }
    for (const { function: signature, selector } of facts.moreSelectors) {
      const name = nameOf(signature);
      const onProver = signature.endsWith('(prover)') || ['provenIntents', 'challengeIntentProof'].includes(name);
      if (['allowance', 'transferFrom'].includes(name)) {
        assert.ok(selectorsOf(permit2Interface, name).includes(selector), `Permit2 ${signature}`);
        assert.ok(selectorsOf(permit3Interface, name).includes(selector), `Permit3 ${signature}`);
      } else {
        assert.ok(selectorsOf(onProver ? proverInterface : portalInterface, name).includes(selector), signature);
      }
    }
    for (const { signature, emitter, topic0 } of facts.events) {
      const iface = emitter === 'prover' ? proverInterface : portalInterface;
      const event = iface.fragments.find((f) => f.type === 'event' && f.name === nameOf(signature) && f.topicHash === topic0);
      assert.ok(event, `${emitter} ${signature}`);
    }
    // The relayer's human-readable Permit3 ABI is the compiled contract's.
    for (const name of [PERMIT3_SINGLE, PERMIT3_MULTI, 'allowance', 'transferFrom', 'isNonceUsed']) {
      assert.equal(new Interface(PERMIT3_ABI).getFunction(name).selector, permit3Interface.getFunction(name).selector, name);
    }
    const usdc = token(chainA, 'USDC');
    const getters = { TransferWithAuthorization: 'TRANSFER_WITH_AUTHORIZATION_TYPEHASH', ReceiveWithAuthorization: 'RECEIVE_WITH_AUTHORIZATION_TYPEHASH', Permit: 'PERMIT_TYPEHASH' };
    assert.equal(facts.tokenTypehashes.length, 3);
    for (const { type, typehash } of facts.tokenTypehashes) assert.equal(await usdc[getters[nameOf(type)]](), typehash, type);
    const permit3 = new Contract(PERMIT3_ADDRESS, permit3Interface, chainA.provider);
    assert.equal(await permit3.DOMAIN_SEPARATOR(), vectors.permits.permit3.domainSeparator);
    assert.equal(PERMIT3_DOMAIN_SEPARATOR, vectors.permits.permit3.domainSeparator);
    assert.equal(await permit3.PERMIT3_TYPEHASH(), '0xd03972e930b6969709cd3676df97ebe1300cbbe4bc08eb4f3d452dbceac71343');
    assert.equal(await permit3.CHAIN_PERMITS_TYPEHASH(), '0xa6f8894254ef0170aa945eed6bafa0738af4c2f8a2fb61153830175597968056');
  });

  it('the deployed Portal reproduces the vectors\' intent hashes, and its vaults follow CREATE2 with the derived hash', async () => {
    assert.equal(await chainA.portalContract.version(), '3.2');
    const implementation = getCreateAddress({ from: chainA.portal, nonce: 1 });
    assert.equal(chainA.vaultImplementation, implementation);
    assert.equal(chainA.vaultInitCodeHash, vaultInitCodeHash(portalArtifact().vaultProxyCreationCode, implementation));
    assert.ok((await chainA.provider.getCode(implementation)).length > 2);
    assert.equal(vectors.intents.length, 3);
    for (const vector of vectors.intents) {
      const { intent } = vector;
      assert.equal(encodeRoute(intent.route), vector.encodedRoute, vector.name);
      const [intentHash, routeHash, rewardHash] = await chainA.portalContract[PORTAL_FUNCTIONS.getIntentHash](intent.destination, vector.encodedRoute, intent.reward);
      assert.deepEqual([intentHash, routeHash, rewardHash], [vector.intentHash, vector.routeHash, vector.rewardHash], vector.name);
      // The CREATE2 rule on the production values (package-derived hash)...
      assert.equal(vaultAddress(vectors.portal, vector.intentHash, vectors.vaultInitCodeHash), vector.vault, vector.name);
      // ...and the local Portal's own answer with the locally derived hash.
      assert.equal(
        await chainA.portalContract[PORTAL_FUNCTIONS.intentVaultAddress](intent.destination, vector.encodedRoute, intent.reward),
        getCreate2Address(chainA.portal, vector.intentHash, chainA.vaultInitCodeHash),
        vector.name,
      );
      const calldata = portalInterface.encodeFunctionData(PORTAL_FUNCTIONS.publishAndFund, [intent.destination, vector.encodedRoute, intent.reward, false]);
      assert.equal(calldata, vector.publishAndFundCalldata, vector.name);
    }
  });

  it('same addresses on both chains; generated configuration with permit3, token domains and two solvers', async () => {
    for (const key of ['portal', 'prover', 'permit2', 'permit3', 'vaultImplementation', 'vaultInitCodeHash']) assert.equal(chainA[key], chainB[key], key);
    assert.deepEqual(chainA.tokens, chainB.tokens);
    const read = (name) => JSON.parse(readFileSync(join(outDir, `${name}.json`), 'utf8'));
    const [chains, tokens, solvers] = [read('chains'), read('tokens'), read('solvers')];
    const committed = JSON.parse(readFileSync(new URL('../../config/local/chains.json', import.meta.url), 'utf8'));
    assert.deepEqual(Object.keys(chains[0]).sort(), [...Object.keys(committed[0]), 'rpcUrl'].sort());
    assert.deepEqual(chains.map((c) => [c.rpcUrl, c.portal, c.permit2, c.permit3]), [chainA, chainB].map((c) => [c.rpcUrl, c.portal, PERMIT2_ADDRESS, PERMIT3_ADDRESS]));
    assert.equal(tokens.length, 4);
    const usdc = tokens.find((t) => t.chainId === 31337 && t.symbol === 'USDC');
    const usdt = tokens.find((t) => t.chainId === 31337 && t.symbol === 'USDT');
    assert.deepEqual([usdc.gasless, usdc.eip712], [['permit3', 'permit2', 'erc3009'], { name: 'USD Coin', version: '2' }]);
    assert.deepEqual([usdt.gasless, usdt.eip712.version], [['permit3', 'permit2'], '1']);
    assert.match(usdt.name, /EIP-2612/);
    assert.ok(usdt.name.length <= 64);
    // The token records' domains are the tokens' own.
    for (const record of [usdc, usdt]) {
      const onChain = await new Contract(record.address, EIP2612_ABI, chainA.provider).DOMAIN_SEPARATOR();
      assert.equal(onChain, TypedDataEncoder.hashDomain({ ...record.eip712, chainId: 31337, verifyingContract: record.address }), record.symbol);
    }
    assert.deepEqual([await token(chainA, 'USDC').name(), await token(chainA, 'USDC').symbol(), await token(chainA, 'USDC').decimals(), await token(chainA, 'USDC').currency()], ['USD Coin', 'USDC', 6n, 'USD']);
    assert.equal(await token(chainA, 'USDC').version(), '2');
    assert.ok(solvers.length >= 2);
    assert.equal(new Set(solvers.map((s) => `${s.feeBps}/${s.fixedFee}`)).size, solvers.length);
    assert.equal(new Set(solvers.map((s) => s.inventory[0].amount)).size, solvers.length);
    assert.deepEqual(stack.solvers.map((s) => s.id), LOCAL_SOLVERS.map((s) => s.id));
    assert.equal(new Set(stack.solvers.map((s) => s.address)).size, stack.solvers.length);
    assert.ok(!stack.solvers.some((s) => s.address === stack.deployment.accounts.relayer.address));
  });

  it('canonical Permit2 (from the pinned creation code) with this chain\'s domain separator; Permit3 code installed', async () => {
    for (const chain of [chainA, chainB]) {
      const separator = await new Contract(PERMIT2_ADDRESS, PERMIT2_ABI, chain.provider).DOMAIN_SEPARATOR();
      assert.equal(separator, TypedDataEncoder.hashDomain({ name: 'Permit2', chainId: chain.chainId, verifyingContract: PERMIT2_ADDRESS }));
      // Permit2 caches its chain id and separator as immutables set by its constructor on this chain.
      assert.ok((await chain.provider.getCode(PERMIT2_ADDRESS)).includes(separator.slice(2)));
      assert.equal(await chain.provider.getCode(PERMIT3_ADDRESS), loadArtifact('Permit3').deployedBytecode);
    }
    // The USDC proxy's admin cannot reach the implementation (FiatTokenProxy); account 0 can.
    const admin = wallet(ACCOUNT_INDEX.usdcProxyAdmin, chainA);
    await assert.rejects(token(chainA, 'USDC', admin).balanceOf.staticCall(admin.address));
  });

  it('accounts 1–9 hold USDC and USDT and have approved Permit2 and Permit3; the solvers hold inventory', async () => {
    for (const chain of [chainA, chainB]) {
      for (let i = ACCOUNT_INDEX.firstUser; i <= ACCOUNT_INDEX.lastUser; ++i) {
        const address = devAccount(i).address;
        for (const symbol of ['USDC', 'USDT']) {
          assert.ok((await token(chain, symbol).balanceOf(address)) >= USDC(100_000));
          assert.equal(await token(chain, symbol).allowance(address, PERMIT2_ADDRESS), MaxUint256);
          assert.equal(await token(chain, symbol).allowance(address, PERMIT3_ADDRESS), MaxUint256);
        }
        assert.ok((await chain.provider.getBalance(address)) > 10n ** 18n);
      }
      for (const solver of stack.solvers) {
        assert.ok((await token(chain, 'USDC').balanceOf(solver.address)) >= USDC(1_000_000));
        assert.ok((await token(chain, 'USDT').balanceOf(solver.address)) >= USDC(1_000_000));
      }
    }
  });

  it('solver policy: fills only profitable intents for its own chains and contracts; the budget solver defers', async () => {
    const intent = await plainTransfer({ creator: devAccount(1).address, recipient: devAccount(2).address, amount: USDC(100), reward: USDC(100.06) });
    const context = { sourceChainId: chainA.chainId, chains: stack.deployment.chains, policy: DEFAULT_POLICY, sourceNow: await latestTime(chainA), destinationNow: await latestTime(chainB) };
    // required = 100 + 0.01 fixed + 5 bps of 100 = 100.06
    assert.equal(evaluateIntent(intent, context).ok, true);
    const short = { ...intent, reward: { ...intent.reward, tokens: [{ token: chainA.tokens.USDC, amount: USDC(100.06) - 1n }] } };
    assert.match(evaluateIntent(short, context).reason, /unprofitable/);
    assert.match(evaluateIntent({ ...intent, route: { ...intent.route, portal: chainA.prover } }, context).reason, /route.portal/);
    assert.match(evaluateIntent({ ...intent, destination: 1n }, context).reason, /destination chain 1/);
    assert.match(evaluateIntent(intent, { ...context, destinationNow: intent.route.deadline }).reason, /route deadline/);
    // budget: 100 + 0.05 + 2 bps = 100.07 > 100.06
    assert.match(evaluateIntent(intent, { ...context, policy: solverPolicy(LOCAL_SOLVERS[1]) }).reason, /unprofitable/);
  });

  it('approve + publishAndFund on the real Portal; the reference solver fulfills on B, proves and withdraws on A', async () => {
    const { funder, recipient, intent, vault } = await scenario({ funderIndex: 1, recipientIndex: 2, amount: USDC(10), reward: USDC(10.1) });
    const funderBefore = await token(chainA, 'USDC').balanceOf(funder.address);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);

    await mined(token(chainA, 'USDC', funder).approve(chainA.portal, USDC(10.1)));
    const receipt = await mined(portalAs(chainA, funder)[PORTAL_FUNCTIONS.publishAndFund](intent.destination, intent.encodedRoute, intent.reward, false));
    const [published] = portalEvents(receipt, 'IntentPublished');
    const [funded] = portalEvents(receipt, 'IntentFunded');
    assert.equal(published.args.intentHash, intent.intentHash);
    assert.equal(published.args.route, intent.encodedRoute);
    assert.deepEqual([funded.args.intentHash, funded.args.funder, funded.args.complete], [intent.intentHash, funder.address, true]);
    assert.equal(await token(chainA, 'USDC').balanceOf(funder.address), funderBefore - USDC(10.1));

    await expectSettled({ intent, vault, recipient, recipientBefore });
    const [fulfilled] = await chainB.provider.getLogs({ fromBlock: 0, address: chainB.portal, topics: [portalInterface.getEvent('IntentFulfilled').topicHash, intent.intentHash] });
    assert.equal(fulfilled.topics[2], addressToBytes32(stack.solver.address).toLowerCase());
    const [proven] = await chainA.provider.getLogs({ fromBlock: 0, address: chainA.prover, topics: [proverInterface.getEvent('IntentProven').topicHash, intent.intentHash] });
    assert.equal(proverInterface.parseLog(proven).args.claimant, stack.solver.address);
    const withdrawn = await chainA.provider.getLogs({ fromBlock: 0, address: chainA.portal, topics: [portalInterface.getEvent('IntentWithdrawn').topicHash] });
    assert.ok(withdrawn.some((log) => portalInterface.parseLog(log).args.intentHash === intent.intentHash));

    // The destination Portal's prove calls our prover with uint64 chainId ‖ (intentHash ‖ claimant)*.
    const proveReceipt = await mined(portalAs(chainB, wallet(ACCOUNT_INDEX.relayer, chainB)).prove(chainB.prover, chainA.chainId, [intent.intentHash], '0x'));
    const [portalProven] = portalEvents(proveReceipt, 'IntentProven');
    assert.deepEqual([portalProven.args.intentHash, portalProven.args.claimant], [intent.intentHash, addressToBytes32(stack.solver.address).toLowerCase()]);
    const requested = proveReceipt.logs.filter((log) => log.address === chainB.prover).map((log) => proverInterface.parseLog(log));
    assert.deepEqual(requested.map((e) => [e.name, e.args.sourceChainDomainID, e.args.destination, e.args.count]), [['ProofsRequested', BigInt(chainA.chainId), BigInt(chainB.chainId), 1n]]);
  });

  it('a fulfill the destination node drops is sent again, and the intent settles', async () => {
    const { funder, recipient, intent, vault } = await scenario({ funderIndex: 3, recipientIndex: 4, amount: USDC(5), reward: USDC(5.05) });
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);
    await chainB.provider.send('evm_setAutomine', [false]);
    let dropped;
    try {
      await mined(token(chainA, 'USDC', funder).approve(chainA.portal, USDC(5.05)));
      await mined(portalAs(chainA, funder)[PORTAL_FUNCTIONS.publishAndFund](intent.destination, intent.encodedRoute, intent.reward, false));
      // The solver's fulfill waits in chain B's mempool (no block is mined); the node then drops it.
      const deadline = Date.now() + 20_000;
      while (!(dropped = stack.solver.intents.get(intent.intentHash)?.pending?.fulfill)) {
        assert.ok(Date.now() < deadline, 'the solver sent no fulfill');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await chainB.provider.send('anvil_dropTransaction', [dropped]);
      assert.equal(await chainB.provider.getTransaction(dropped), null);
    } finally {
      await chainB.provider.send('evm_setAutomine', [true]);
    }
    await expectSettled({ intent, vault, recipient, recipientBefore });
    // Sent again with the same nonce and fees it is the same signed transaction (same hash), now
    // mined; without the resend the solver waited for the dropped one forever.
    const record = stack.solver.intents.get(intent.intentHash);
    assert.equal((await chainB.provider.getTransactionReceipt(record.transactions.fulfill)).status, 1);
    assert.ok(solverLog.some((line) => line.includes('dropped; sending again')), solverLog.slice(-5).join('\n'));
  });

  it('withdraw with a proof naming another destination: the Portal challenges it on the prover and pays nothing', async () => {
    const { funder, intent, vault } = await scenario({ funderIndex: 1, recipientIndex: 1, amount: USDC(9), reward: USDC(1) });
    await mined(token(chainA, 'USDC', funder).approve(chainA.portal, USDC(1)));
    await mined(portalAs(chainA, funder)[PORTAL_FUNCTIONS.publishAndFund](intent.destination, intent.encodedRoute, intent.reward, false));
    const deployer = wallet(ACCOUNT_INDEX.deployer, chainA);
    const prover = new Contract(chainA.prover, proverInterface, deployer);
    await rejectsWith(prover.recordProof(intent.intentHash, deployer.address, 999n), proverInterface, 'UntrustedRelayer');
    await mined(prover.setRelayer(deployer.address, true));
    await mined(prover.recordProof(intent.intentHash, deployer.address, 999n));
    const receipt = await mined(portalAs(chainA, deployer).withdraw(intent.destination, intent.routeHash, intent.reward));
    assert.deepEqual(portalEvents(receipt, 'IntentWithdrawn'), []);
    assert.deepEqual(receipt.logs.map((log) => proverInterface.parseLog(log)?.name), ['IntentProofInvalidated']);
    assert.equal((await prover.provenIntents(intent.intentHash)).claimant, ZeroAddress);
    assert.equal(await rewardStatus(chainA, intent.intentHash), REWARD_STATUS.Funded);
    assert.equal(await token(chainA, 'USDC').balanceOf(vault), USDC(1));
    await mined(prover.setRelayer(deployer.address, false));
  });

  it('a reward only the budget solver accepts is filled by the budget solver (ranked competition)', async () => {
    // 5,000: reference needs 5,002.51, budget 5,001.05.
    const { funder, recipient, intent, vault } = await scenario({ funderIndex: 2, recipientIndex: 3, amount: USDC(5000), reward: USDC(5001.5) });
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);
    await mined(token(chainA, 'USDC', funder).approve(chainA.portal, USDC(5001.5)));
    await mined(portalAs(chainA, funder)[PORTAL_FUNCTIONS.publishAndFund](intent.destination, intent.encodedRoute, intent.reward, false));
    await expectSettled({ intent, vault, recipient, recipientBefore, solverId: 'local-budget' });
    assert.match((await stack.solver.waitFor(intent.intentHash, ['skipped'], 5000)).reason, /unprofitable/);
  });

  it('ERC-3009 transferWithAuthorization on real USDC to the vault, relayed; publishAndFundFor; filled', async () => {
    const { funder, relayer, recipient, intent, vault } = await scenario({ funderIndex: 3, recipientIndex: 4, amount: USDC(25), reward: USDC(25.2) });
    const tokenRecord = JSON.parse(readFileSync(join(outDir, 'tokens.json'), 'utf8')).find((t) => t.chainId === chainA.chainId && t.symbol === 'USDC');
    const domain = { ...tokenRecord.eip712, chainId: chainA.chainId, verifyingContract: tokenRecord.address };
    const authorization = { from: funder.address, to: vault, value: USDC(25.2), validAfter: 0n, validBefore: (await latestTime(chainA)) + 3600n, nonce: hexlify(randomBytes(32)) };
    const signature = await funder.signTypedData(domain, ERC3009_TYPES, authorization);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);
    const relay = () => relayErc3009Funding({ signer: relayer, chain: chainA, intent, token: tokenRecord.address, authorization, signature });

    const relayed = await relay();
    assert.equal(relayed.intentHash, intent.intentHash);
    const [funded] = portalEvents(await chainA.provider.getTransactionReceipt(relayed.fundingTx), 'IntentFunded');
    assert.deepEqual([funded.args.intentHash, funded.args.funder, funded.args.complete], [intent.intentHash, funder.address, true]);
    // A retried relay sends nothing; the token itself refuses the replayed authorization.
    const retried = await relay();
    assert.deepEqual([retried.authorizationTx, retried.fundingTx], [null, null]);
    const { v, r, s } = Signature.from(signature);
    const { from, to, value, validAfter, validBefore, nonce } = authorization;
    await assert.rejects(token(chainA, 'USDC', relayer).transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s), /authorization is used or canceled/);
    await expectSettled({ intent, vault, recipient, recipientBefore });
  });

  it('EIP-2612 permit (test USDT, OpenZeppelin ERC20Permit) with spender = vault, relayed; the vault pulls; filled', async () => {
    const { funder, relayer, recipient, intent, vault } = await scenario({ funderIndex: 6, recipientIndex: 5, amount: USDC(7), reward: USDC(7.05), symbol: 'USDT' });
    const usdt = new Contract(chainA.tokens.USDT, EIP2612_ABI, relayer);
    const permit = { owner: funder.address, spender: vault, value: USDC(7.05), nonce: await usdt.nonces(funder.address), deadline: (await latestTime(chainA)) + 600n };
    const domain = { name: await usdt.name(), version: '1', chainId: chainA.chainId, verifyingContract: usdt.target };
    const signature = await funder.signTypedData(domain, EIP2612_TYPES, permit);
    const funderBefore = await usdt.balanceOf(funder.address);
    const recipientBefore = await token(chainB, 'USDT').balanceOf(recipient);

    const relayed = await relayEip2612Funding({ signer: relayer, chain: chainA, intent, token: usdt.target, permit, signature });
    assert.ok(relayed.authorizationTx && relayed.fundingTx);
    assert.equal(await usdt.allowance(funder.address, vault), 0n);
    assert.equal(await usdt.balanceOf(funder.address), funderBefore - USDC(7.05));
    await expectSettled({ intent, vault, recipient, recipientBefore, symbol: 'USDT' });
    // Funding a settled intent again moves nothing.
    await mined(usdt.connect(funder).approve(chainA.portal, USDC(7.05)));
    await assert.rejects(portalAs(chainA, funder).fund(intent.destination, intent.routeHash, intent.reward, false));
    assert.equal(await usdt.balanceOf(funder.address), funderBefore - USDC(7.05));
  });

  it('Permit2 PermitSingle on canonical Permit2 (spender = vault), then publishAndFundFor(permitContract = Permit2); filled', async () => {
    const { funder, relayer, recipient, intent, vault } = await scenario({ funderIndex: 7, recipientIndex: 8, amount: USDC(40), reward: USDC(40.3) });
    const permit2 = new Contract(PERMIT2_ADDRESS, PERMIT2_ABI, relayer);
    const now = await latestTime(chainA);
    const permitSingle = { details: { token: chainA.tokens.USDC, amount: USDC(40.3), expiration: now + 3600n, nonce: 0n }, spender: vault, sigDeadline: now + 600n };
    const signature = await funder.signTypedData({ name: 'Permit2', chainId: chainA.chainId, verifyingContract: PERMIT2_ADDRESS }, PERMIT2_SINGLE_TYPES, permitSingle);
    const funderBefore = await token(chainA, 'USDC').balanceOf(funder.address);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);

    const relayed = await relayPermit2Funding({ signer: relayer, chain: chainA, intent, owner: funder.address, permitSingle, signature });
    assert.equal(portalEvents(await chainA.provider.getTransactionReceipt(relayed.fundingTx), 'IntentFunded')[0].args.complete, true);
    assert.equal(await token(chainA, 'USDC').balanceOf(funder.address), funderBefore - USDC(40.3));
    assert.deepEqual([...(await permit2.allowance(funder.address, chainA.tokens.USDC, vault))], [0n, now + 3600n, 1n]);
    await rejectsWith(permit2.permit(funder.address, permitSingle, signature), permit2Interface, 'InvalidNonce');
    await expectSettled({ intent, vault, recipient, recipientBefore });
  });

  it('Permit3 transfer mode (account = vault), relayed, then publishAndFundFor(permitContract = 0); filled', async () => {
    const { funder, relayer, recipient, intent, vault } = await scenario({ funderIndex: 4, recipientIndex: 9, amount: USDC(12), reward: USDC(12.1) });
    const now = await latestTime(chainA);
    const chainPermits = { chainId: chainA.chainId, permits: [{ modeOrExpiration: 0, tokenKey: tokenKey(chainA.tokens.USDC), account: vault, amountDelta: USDC(12.1) }] };
    const signed = signPermit3(funder, { salt: hexlify(randomBytes(32)), deadline: now + 600n, timestamp: now, chains: [chainPermits] });
    const funderBefore = await token(chainA, 'USDC').balanceOf(funder.address);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);
    const permit3 = { ...signed, chainPermits };
    delete permit3.proofs;

    const relayed = await relayPermit3Funding({ signer: relayer, chain: chainA, intent, permit3 });
    assert.ok(relayed.authorizationTx && relayed.fundingTx);
    const [funded] = portalEvents(await chainA.provider.getTransactionReceipt(relayed.fundingTx), 'IntentFunded');
    assert.deepEqual([funded.args.funder, funded.args.complete], [funder.address, true]);
    assert.equal(await token(chainA, 'USDC').balanceOf(funder.address), funderBefore - USDC(12.1));
    const retried = await relayPermit3Funding({ signer: relayer, chain: chainA, intent, permit3 });
    assert.deepEqual([retried.authorizationTx, retried.fundingTx], [null, null]);
    const contract = new Contract(PERMIT3_ADDRESS, PERMIT3_ABI, relayer);
    await rejectsWith(contract[PERMIT3_SINGLE](funder.address, signed.salt, signed.deadline, signed.timestamp, chainPermits, signed.signature), permit3Interface, 'NonceAlreadyUsed');
    await expectSettled({ intent, vault, recipient, recipientBefore });
  });

  it('Permit3 allowance mode (spender = vault, multichain signature), then publishAndFundFor(permitContract = Permit3); filled', async () => {
    const { funder, relayer, recipient, intent, vault } = await scenario({ funderIndex: 5, recipientIndex: 1, amount: USDC(30), reward: USDC(30.2) });
    const now = await latestTime(chainA);
    const entry = { modeOrExpiration: now + 3600n, tokenKey: tokenKey(chainA.tokens.USDC), account: vault, amountDelta: USDC(30.2) };
    const here = { chainId: chainA.chainId, permits: [entry] };
    // One signature for this chain and another (whose permits stay unused here).
    const elsewhere = { chainId: chainB.chainId, permits: [{ ...entry, tokenKey: tokenKey(chainB.tokens.USDT) }] };
    const signed = signPermit3(funder, { salt: hexlify(randomBytes(32)), deadline: now + 600n, timestamp: now, chains: [here, elsewhere] });
    const funderBefore = await token(chainA, 'USDC').balanceOf(funder.address);
    const recipientBefore = await token(chainB, 'USDC').balanceOf(recipient);
    const permit3 = { owner: funder.address, salt: signed.salt, deadline: signed.deadline, timestamp: signed.timestamp, chainPermits: here, proof: signed.proofs[0], signature: signed.signature };

    const relayed = await relayPermit3Funding({ signer: relayer, chain: chainA, intent, permit3 });
    assert.ok(relayed.authorizationTx && relayed.fundingTx);
    assert.equal(portalEvents(await chainA.provider.getTransactionReceipt(relayed.fundingTx), 'IntentFunded')[0].args.complete, true);
    assert.equal(await token(chainA, 'USDC').balanceOf(funder.address), funderBefore - USDC(30.2));
    const contract = new Contract(PERMIT3_ADDRESS, PERMIT3_ABI, chainA.provider);
    assert.deepEqual([...(await contract.allowance(funder.address, chainA.tokens.USDC, vault))], [0n, now + 3600n, now]);
    await expectSettled({ intent, vault, recipient, recipientBefore });
  });

  it('refund: the real Portal refunds an unfilled intent at exactly reward.deadline, not before', async () => {
    const funder = wallet(8, chainA);
    const intent = await plainTransfer({ creator: funder.address, recipient: funder.address, amount: USDC(3), reward: USDC(2), rewardWindowSec: 120n });
    const vault = vaultAddress(chainA.portal, intent.intentHash, chainA.vaultInitCodeHash);
    const usdc = token(chainA, 'USDC', funder);
    const before = await usdc.balanceOf(funder.address);
    await mined(usdc.approve(chainA.portal, USDC(2)));
    await mined(portalAs(chainA, funder)[PORTAL_FUNCTIONS.publishAndFund](intent.destination, intent.encodedRoute, intent.reward, false));
    assert.equal(await usdc.balanceOf(vault), USDC(2));
    assert.match((await stack.solver.waitFor(intent.intentHash, ['skipped'], 5000)).reason, /unprofitable/);

    const anyone = portalAs(chainA, wallet(ACCOUNT_INDEX.relayer, chainA));
    await rejectsWith(anyone.refund(intent.destination, intent.routeHash, intent.reward), portalInterface, 'InvalidStatusForRefund');
    await rejectsWith(anyone.withdraw(intent.destination, intent.routeHash, intent.reward), portalInterface, 'InvalidClaimant');
    await chainA.provider.send('evm_setNextBlockTimestamp', [`0x${BigInt(intent.reward.deadline).toString(16)}`]);
    const receipt = await mined(anyone.refund(intent.destination, intent.routeHash, intent.reward, { gasLimit: 500_000n }));
    assert.equal(BigInt((await chainA.provider.getBlock(receipt.blockNumber)).timestamp), BigInt(intent.reward.deadline));
    const [refunded] = portalEvents(receipt, 'IntentRefunded');
    assert.deepEqual([refunded.args.intentHash, refunded.args.refundee], [intent.intentHash, funder.address]);
    assert.equal(await usdc.balanceOf(funder.address), before);
    assert.equal(await usdc.balanceOf(vault), 0n);
    assert.equal(await rewardStatus(chainA, intent.intentHash), REWARD_STATUS.Refunded);
  });

  it('the real Portal marks a reward listing one token twice as Funded with only half the money (never emit one)', async () => {
    const funder = wallet(9, chainA);
    const usdcA = chainA.tokens.USDC;
    // Route amount far above the listed reward, so no solver touches it.
    const intent = await plainTransfer({
      creator: funder.address, recipient: funder.address, amount: USDC(100),
      rewardTokens: [{ token: usdcA, amount: USDC(4) }, { token: usdcA, amount: USDC(4) }],
    });
    const vault = vaultAddress(chainA.portal, intent.intentHash, chainA.vaultInitCodeHash);
    const usdc = token(chainA, 'USDC', funder);
    const before = await usdc.balanceOf(funder.address);
    await mined(usdc.approve(chainA.portal, USDC(8)));
    const receipt = await mined(portalAs(chainA, funder)[PORTAL_FUNCTIONS.publishAndFund](intent.destination, intent.encodedRoute, intent.reward, false));
    assert.equal(portalEvents(receipt, 'IntentFunded')[0].args.complete, true);
    assert.equal(await rewardStatus(chainA, intent.intentHash), REWARD_STATUS.Funded);
    assert.equal(await chainA.portalContract[PORTAL_FUNCTIONS.isIntentFunded](intent.destination, intent.encodedRoute, intent.reward), true);
    assert.equal(await usdc.balanceOf(vault), USDC(4));
    assert.equal(await usdc.balanceOf(funder.address), before - USDC(4));
  });
});

// The vectors' Permit3 and Permit2 signatures were made by an independent implementation for
// Base (chain 8453) at fixed times: replay them on the deployed contracts of a chain with that id,
// started before their deadlines.
describe('signed vectors replayed on the deployed Permit3 and Permit2 (chain 8453)', { timeout: 30_000 }, () => {
  const vector = vectors.permits.permit3;
  let node;
  let provider;
  before(async () => {
    node = await startAnvil({ name: 'vectors', chainId: 8453, port: await freePort(), extraArgs: ['--timestamp', String(vector.timestamp)] });
    await deployLocalChains([{ name: 'vectors', chainId: 8453, rpcUrl: node.rpcUrl }], { outDir: null });
    provider = localProvider(node.rpcUrl, 8453);
  });
  after(async () => {
    provider?.destroy();
    await node?.stop();
  });

  it('Permit3 single-chain vector: hashes match, the signature verifies and sets the allowance; replay and tampering fail', async () => {
    const permit3 = new Contract(PERMIT3_ADDRESS, permit3Interface, devAccount(ACCOUNT_INDEX.relayer, provider));
    const { owner, salt, deadline, timestamp, chainPermits, signature } = vector;
    assert.equal(await permit3.hashChainPermits(chainPermits), vector.chainHash);
    assert.equal(hashChainPermits(chainPermits), vector.chainHash);
    assert.equal(await permit3.permitDigest(owner, salt, deadline, timestamp, vector.merkleRootSingle), vector.digest);
    const single = (permits, sig) => permit3[PERMIT3_SINGLE](owner, salt, deadline, timestamp, permits, sig);
    const tampered = { ...chainPermits, permits: [{ ...chainPermits.permits[0], amountDelta: '25000001' }] };
    await rejectsWith(single(tampered, signature), permit3Interface, 'InvalidSignature');
    await mined(single(chainPermits, signature));
    const [{ modeOrExpiration, tokenKey: key, account, amountDelta }] = chainPermits.permits;
    const tokenAddress = `0x${key.slice(26)}`;
    assert.deepEqual([...(await permit3.allowance(owner, tokenAddress, account))], [BigInt(amountDelta), BigInt(modeOrExpiration), BigInt(timestamp)]);
    assert.equal(await permit3.isNonceUsed(owner, salt), true);
    await rejectsWith(single(chainPermits, signature), permit3Interface, 'NonceAlreadyUsed');
  });

  it('Permit3 multichain vector: the proof gives the vector root on chain, and a signature over that root verifies', async () => {
    const permit3 = new Contract(PERMIT3_ADDRESS, permit3Interface, devAccount(ACCOUNT_INDEX.relayer, provider));
    const { multichain, chainPermits, deadline, timestamp } = vector;
    assert.equal(multichain.leaves[0], vector.chainHash);
    assert.equal(await permit3.merkleRoot(vector.chainHash, multichain.proofForFirst), multichain.root);
    // The vector's owner is dev account 1: sign its root (other chains' leaves as given).
    const owner = devAccount(1);
    assert.equal(owner.address, vector.owner);
    const salt = hexlify(randomBytes(32));
    const digest = await permit3.permitDigest(owner.address, salt, deadline, timestamp, multichain.root);
    const signature = owner.signingKey.sign(digest).serialized;
    const multi = (proof) => permit3[PERMIT3_MULTI](owner.address, salt, deadline, timestamp, chainPermits, proof, signature);
    await rejectsWith(multi([...multichain.proofForFirst].reverse()), permit3Interface, 'InvalidSignature');
    await mined(multi(multichain.proofForFirst));
    const [{ tokenKey: key, account, amountDelta }] = chainPermits.permits;
    // The single-chain test gave the same allowance once already: increases add up.
    assert.equal((await permit3.allowance(owner.address, `0x${key.slice(26)}`, account))[0], 2n * BigInt(amountDelta));
  });

  it('canonical Permit2 accepts the vector PermitSingle signature', async () => {
    const p2 = vectors.permits.permit2Single;
    const permit2 = new Contract(PERMIT2_ADDRESS, PERMIT2_ABI, devAccount(ACCOUNT_INDEX.relayer, provider));
    assert.equal(await permit2.DOMAIN_SEPARATOR(), TypedDataEncoder.hashDomain(p2.domain));
    const tampered = { ...p2.message, details: { ...p2.message.details, amount: '25000001' } };
    await rejectsWith(permit2.permit(p2.signer, tampered, p2.signature), permit2Interface, 'InvalidSigner');
    await mined(permit2.permit(p2.signer, p2.message, p2.signature));
    const { token: tokenAddress, amount, expiration } = p2.message.details;
    assert.deepEqual([...(await permit2.allowance(p2.signer, tokenAddress, p2.message.spender))], [BigInt(amount), BigInt(expiration), 1n]);
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
