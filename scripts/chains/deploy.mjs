#!/usr/bin/env node
// Deploys the local-chain contracts on every given anvil chain in the same order, so each contract
// has the same address on every chain. The real contracts come from exact-pinned npm packages
// (packages.mjs); Permit3, the prover and the test USDT are ours (contracts/).
//   account 0 (deployer): nonce 0 Portal (routes-ts; its constructor CREATEs the vault
//     implementation at the Portal's nonce 1 and the Executor at nonce 2), 1 Prover, 2 Circle's
//     SignatureChecker library, 3 FiatTokenV2_2 (linked to it), 4 TestTether (USDT), 5 canonical
//     Permit2 through the deterministic deployer (lands at 0x000000000022D473030F116dDEE9F6B43aC78BA3);
//   account 13 (USDC proxy admin, which may not call the implementation): nonce 0 FiatTokenProxy;
//   then account 0 initializes USDC (initialize, V2, V2_1, V2_2), becomes its minter and mints,
//   trusts the solvers on the prover, and Permit3's runtime code is installed at its canonical
//   address (anvil_setCode). Accounts 1–9 approve Permit2 and Permit3 for USDC and USDT.
// Every chain is checked before use: Portal version, the vault derivation (the Portal's own
// intentVaultAddress equals the CREATE2 address with the init code hash derived here), Permit2's
// domain separator, Permit3's code.
// Writes build/local-chains/{deployment,chains,tokens,solvers}.json; chains/tokens/solvers follow
// the schema of config/local/*.json, chain records adding "rpcUrl".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Contract, ContractFactory, HDNodeWallet, JsonRpcProvider, MaxUint256, Network, TypedDataEncoder, concat, formatUnits,
  getAddress, getCreate2Address, getCreateAddress, keccak256, randomBytes, hexlify,
} from 'ethers';
import { compileContracts, loadArtifact } from './compile.mjs';
import { DEV_MNEMONIC, DEFAULT_LOCAL_CHAINS } from './anvil.mjs';
import { ERC20_ABI, FIAT_TOKEN_ABI, PERMIT2_ABI } from './abis.mjs';
import { PORTAL_FUNCTIONS, encodeRoute, hashIntent, vaultAddress, vaultInitCodeHash } from './intent.mjs';
import { fiatTokenArtifact, linkBytecode, permit2CreationCode, portalArtifact } from './packages.mjs';
import { PERMIT3_ADDRESS } from './permit3.mjs';
import { LOCAL_CHAINS_DIR, REPO_ROOT, isMain } from './paths.mjs';

export { PERMIT3_ADDRESS };
export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
// The deterministic deployment proxy anvil ships; CREATE2 with this salt puts Permit2 at its
// canonical address on any chain.
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
export const PERMIT2_SALT = '0x0000000000000000000000000000000000000000d3af2663da51c10215000000';
export const PORTAL_VERSION = '3.2';

// 0 deploys, 1–9 are the users' wallets, 10 and 12 the two local solvers, 11 the gasless relayer,
// 13 the USDC proxy admin (FiatTokenProxy forbids its admin from calling the token), 14 and 15 the
// relayer's extra accounts (the local RELAYER_KEYS: ETH only, never a payer or funder in a test).
export const ACCOUNT_INDEX = Object.freeze({ deployer: 0, firstUser: 1, lastUser: 9, solver: 10, relayer: 11, budgetSolver: 12, usdcProxyAdmin: 13, extraRelayers: [14, 15] });

const UNIT = 10n ** 6n;
export const TEST_TOKENS = Object.freeze([
  Object.freeze({
    symbol: 'USDC',
    name: 'USD Coin',
    // Circle's FiatToken v2.2: ERC-3009 and EIP-2612 under {name "USD Coin", version "2"}.
    eip712: Object.freeze({ name: 'USD Coin', version: '2' }),
    gasless: Object.freeze(['permit3', 'permit2', 'erc3009']),
    userAmount: 1_000_000n * UNIT,
  }),
  Object.freeze({
    symbol: 'USDT',
    // Real USDT has no EIP-2612 permit; this test token (contracts/TestTether.sol) does.
    name: 'Tether USD (test, has EIP-2612)',
    eip712: Object.freeze({ name: 'Tether USD (test, has EIP-2612)', version: '1' }),
    gasless: Object.freeze(['permit3', 'permit2']),
    // Its approve of a non-zero amount over a non-zero allowance reverts, as USDT's on Ethereum.
    approvalReset: true,
    userAmount: 1_000_000n * UNIT,
  }),
]);

// What the reference solver charges; its config record and its profitability check share it.
export const REFERENCE_SOLVER_FEES = Object.freeze({ feeBps: 5, fixedFee: 10_000n });

// The solvers of the local configuration, each run by its own solver loop with its own account.
// Different prices and inventories, so options.allQuotes ranks real competition: the reference
// solver is cheaper below 1,333.33 (fixed fee dominates), the budget one above. A solver with
// `remote` runs as a process of its own (remote-solver.mjs) that the worker asks for prices over
// the remote-solver protocol, as production asks its solvers, within `remote.timeoutMs`; the
// others are in-process price models of the core (their names get " (simulation)").
export const LOCAL_SOLVERS = Object.freeze([
  Object.freeze({
    id: 'local-reference',
    name: 'Local reference solver',
    // Generous for a loopback answer: a loaded CI machine must not turn it into a timeout.
    remote: Object.freeze({ timeoutMs: 5000 }),
    accountIndex: ACCOUNT_INDEX.solver,
    feeBps: REFERENCE_SOLVER_FEES.feeBps,
    fixedFee: REFERENCE_SOLVER_FEES.fixedFee,
    inventory: 10_000_000n * UNIT,
    minAmount: 1n * UNIT,
    maxAmount: 1_000_000n * UNIT,
    estimatedFulfillTimeSec: 5,
  }),
  Object.freeze({
    id: 'local-budget',
    name: 'Local budget solver',
    accountIndex: ACCOUNT_INDEX.budgetSolver,
    feeBps: 2,
    fixedFee: 50_000n,
    inventory: 2_000_000n * UNIT,
    minAmount: 5n * UNIT,
    maxAmount: 250_000n * UNIT,
    estimatedFulfillTimeSec: 15,
  }),
]);

/** Account `index` of the development mnemonic (m/44'/60'/0'/0/index). */
export function devAccount(index, provider = null) {
  // The seed derivation (PBKDF2) is the slow part: do it once.
  devAccountRoot ??= HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0");
  const wallet = devAccountRoot.deriveChild(index);
  return provider ? wallet.connect(provider) : wallet;
}
let devAccountRoot = null;

/** A provider tuned for anvil: fixed network (no detection round trips) and fast receipt polling. */
export function localProvider(rpcUrl, chainId) {
  return new JsonRpcProvider(rpcUrl, Network.from(chainId), {
    staticNetwork: true,
    pollingInterval: 50,
    batchMaxCount: 1,
    // The default 250 ms result cache would hand back stale nonces between back-to-back transactions.
    cacheTimeout: -1,
  });
}

function contractAddresses(deployer, usdcProxyAdmin) {
  const at = (nonce) => getCreateAddress({ from: deployer, nonce });
  const portal = at(0);
  return {
    portal,
    // A contract's first CREATE uses nonce 1 (EIP-161).
    vaultImplementation: getCreateAddress({ from: portal, nonce: 1 }),
    executor: getCreateAddress({ from: portal, nonce: 2 }),
    prover: at(1),
    signatureChecker: at(2),
    usdcImplementation: at(3),
    tokens: { USDC: getCreateAddress({ from: usdcProxyAdmin, nonce: 0 }), USDT: at(4) },
    permit2: getCreate2Address(DETERMINISTIC_DEPLOYER, PERMIT2_SALT, keccak256(permit2CreationCode())),
    permit3: PERMIT3_ADDRESS,
  };
}

/**
 * Sends `requests` from `wallet` back to back with consecutive nonces (anvil mines each on
 * arrival) and waits for all receipts; throws if any reverted.
 */
async function sendAll(wallet, requests) {
  let nonce = await wallet.provider.getTransactionCount(wallet.address, 'pending');
  const sent = [];
  for (const request of requests) sent.push(await wallet.sendTransaction({ gasLimit: 3_000_000n, ...(await request), nonce: nonce++ }));
  const receipts = await Promise.all(sent.map((tx) => tx.wait()));
  for (const receipt of receipts) if (receipt.status !== 1) throw new Error(`transaction ${receipt.hash} reverted`);
  return receipts;
}

const deployRequest = (abi, bytecode, args = []) => new ContractFactory(abi, bytecode).getDeployTransaction(...args);

async function deployContracts(provider, expected) {
  const deployer = devAccount(ACCOUNT_INDEX.deployer, provider);
  const admin = devAccount(ACCOUNT_INDEX.usdcProxyAdmin, provider);
  const portal = portalArtifact();
  const prover = loadArtifact('Prover');
  const tether = loadArtifact('TestTether');
  const usdcToken = TEST_TOKENS.find((t) => t.symbol === 'USDC');
  const usdtToken = TEST_TOKENS.find((t) => t.symbol === 'USDT');
  const signatureChecker = fiatTokenArtifact('SignatureChecker');
  const fiatToken = fiatTokenArtifact('FiatTokenV2_2');
  const fiatTokenProxy = fiatTokenArtifact('FiatTokenProxy');
  const big = { gasLimit: 12_000_000n };

  // Nonces 0–5 of account 0, in this order on every chain.
  await sendAll(deployer, [
    { ...(await deployRequest(portal.abi, portal.bytecode)), ...big },
    deployRequest(prover.abi, prover.bytecode),
    deployRequest(signatureChecker.abi, signatureChecker.bytecode),
    { ...(await deployRequest(fiatToken.abi, linkBytecode(fiatToken, { SignatureChecker: expected.signatureChecker }))), ...big },
    deployRequest(tether.abi, tether.bytecode, [usdtToken.name, usdtToken.symbol]),
    { to: DETERMINISTIC_DEPLOYER, data: concat([PERMIT2_SALT, permit2CreationCode()]), ...big },
  ]);
  await sendAll(admin, [deployRequest(fiatTokenProxy.abi, fiatTokenProxy.bytecode, [expected.usdcImplementation])]);

  const usdc = new Contract(expected.tokens.USDC, FIAT_TOKEN_ABI, deployer);
  const usdt = new Contract(expected.tokens.USDT, ERC20_ABI.concat(['function mint(address,uint256)']), deployer);
  const proverContract = new Contract(expected.prover, prover.abi, deployer);
  const me = deployer.address;
  const holders = [
    ...Array.from({ length: ACCOUNT_INDEX.lastUser }, (_, i) => [devAccount(i + ACCOUNT_INDEX.firstUser).address, 'user']),
    ...LOCAL_SOLVERS.map((s) => [devAccount(s.accountIndex).address, s]),
  ];
  const amountFor = (token, kind) => (kind === 'user' ? token.userAmount : kind.inventory);
  await sendAll(deployer, [
    usdc.initialize.populateTransaction(usdcToken.name, usdcToken.symbol, 'USD', 6, me, me, me, me),
    usdc.initializeV2.populateTransaction(usdcToken.eip712.name),
    usdc.initializeV2_1.populateTransaction(me),
    usdc.initializeV2_2.populateTransaction([], usdcToken.symbol),
    usdc.configureMinter.populateTransaction(me, 10n ** 30n),
    ...LOCAL_SOLVERS.map((s) => proverContract.setRelayer.populateTransaction(devAccount(s.accountIndex).address, true)),
    ...holders.map(([address, kind]) => usdc.mint.populateTransaction(address, amountFor(usdcToken, kind))),
    ...holders.map(([address, kind]) => usdt.mint.populateTransaction(address, amountFor(usdtToken, kind))),
  ]);
  await installPermit3(provider);

  // Users give Permit2 and Permit3 standing approvals, so their gasless signatures need no
  // approve transaction first (USDC gives Permit2 no allowance of its own).
  await Promise.all(Array.from({ length: ACCOUNT_INDEX.lastUser }, (_, i) => {
    const user = devAccount(i + ACCOUNT_INDEX.firstUser, provider);
    return sendAll(user, [usdc, usdt].flatMap((token) => [PERMIT2_ADDRESS, PERMIT3_ADDRESS].map(
      (spender) => token.connect(user).approve.populateTransaction(spender, MaxUint256),
    )));
  }));
}

/** Installs our Permit3's runtime code at its canonical address (it keeps no constructor state). */
export async function installPermit3(provider) {
  const code = loadArtifact('Permit3').deployedBytecode;
  if ((await provider.getCode(PERMIT3_ADDRESS)) !== code) await provider.send('anvil_setCode', [PERMIT3_ADDRESS, code]);
}

/**
 * Confirms the vault derivation on the chain: the Portal's own intentVaultAddress for a sample
 * intent equals CREATE2(portal, intentHash, initCodeHash) with the hash derived from the package.
 */
async function confirmVaultDerivation(portal, chain, expected, initCodeHash) {
  const route = {
    salt: hexlify(randomBytes(32)),
    deadline: 2_000_000_000n,
    portal: expected.portal,
    nativeAmount: 0n,
    tokens: [{ token: expected.tokens.USDC, amount: 1n }],
    calls: [],
  };
  const reward = { deadline: 2_000_000_000n, creator: devAccount(1).address, prover: expected.prover, nativeAmount: 0n, tokens: [{ token: expected.tokens.USDC, amount: 2n }] };
  const encodedRoute = encodeRoute(route);
  const { intentHash } = hashIntent(chain.chainId, encodedRoute, reward);
  const [onChainHash] = await portal[PORTAL_FUNCTIONS.getIntentHash](chain.chainId, encodedRoute, reward);
  if (onChainHash !== intentHash) throw new Error(`${chain.name}: Portal intent hash ${onChainHash}, computed ${intentHash}`);
  const onChainVault = await portal[PORTAL_FUNCTIONS.intentVaultAddress](chain.chainId, encodedRoute, reward);
  const computed = vaultAddress(expected.portal, intentHash, initCodeHash);
  if (getAddress(onChainVault) !== getAddress(computed)) {
    throw new Error(`${chain.name}: Portal vault ${onChainVault} differs from CREATE2 with initCodeHash ${initCodeHash} (${computed})`);
  }
}

async function deployChain(chain, log) {
  const provider = localProvider(chain.rpcUrl, chain.chainId);
  try {
    const deployer = devAccount(ACCOUNT_INDEX.deployer);
    const expected = contractAddresses(deployer.address, devAccount(ACCOUNT_INDEX.usdcProxyAdmin).address);
    if (getAddress(expected.permit2) !== PERMIT2_ADDRESS) throw new Error(`Permit2 would land at ${expected.permit2}, not ${PERMIT2_ADDRESS}`);
    if ((await provider.getCode(DETERMINISTIC_DEPLOYER)) === '0x') throw new Error(`${chain.name}: no deterministic deployer at ${DETERMINISTIC_DEPLOYER}`);
    const nonce = await provider.getTransactionCount(deployer.address);
    if (nonce === 0) {
      await deployContracts(provider, expected);
      log(`deployed on ${chain.name} (${chain.chainId})`);
    } else {
      await installPermit3(provider);
      log(`${chain.name} (${chain.chainId}): account 0 has nonce ${nonce}, reusing the deployment`);
    }
    const installed = [['Portal', expected.portal], ['Prover', expected.prover], ['Permit2', PERMIT2_ADDRESS], ['Permit3', PERMIT3_ADDRESS], ...Object.entries(expected.tokens)];
    for (const [label, address] of installed) {
      if ((await provider.getCode(address)) === '0x') throw new Error(`${chain.name}: no ${label} at ${address}`);
    }
    const portal = new Contract(expected.portal, portalArtifact().abi, provider);
    const version = await portal.version();
    if (version !== PORTAL_VERSION) throw new Error(`${chain.name}: Portal version ${version}, expected ${PORTAL_VERSION}`);
    const initCodeHash = vaultInitCodeHash(portalArtifact().vaultProxyCreationCode, expected.vaultImplementation);
    await confirmVaultDerivation(portal, chain, expected, initCodeHash);
    const permit2Domain = TypedDataEncoder.hashDomain({ name: 'Permit2', chainId: chain.chainId, verifyingContract: PERMIT2_ADDRESS });
    const permit2Separator = await new Contract(PERMIT2_ADDRESS, PERMIT2_ABI, provider).DOMAIN_SEPARATOR();
    if (permit2Separator !== permit2Domain) throw new Error(`${chain.name}: Permit2 domain separator ${permit2Separator}, expected ${permit2Domain}`);
    return { ...chain, ...expected, vaultInitCodeHash: initCodeHash };
  } finally {
    provider.destroy();
  }
}

function readQuoteSigner() {
  const chains = JSON.parse(readFileSync(join(REPO_ROOT, 'config', 'local', 'chains.json'), 'utf8'));
  return chains.find((c) => c.vm === 'evm')?.quoteSigner ?? null;
}

function accountRecord(index) {
  const wallet = devAccount(index);
  return { index, address: wallet.address, privateKey: wallet.privateKey };
}

/**
 * Config records (schema of config/local/*.json) for the deployed chains. `solverUrls`: the
 * quoting URL of each running remote solver by id; a solver without one is listed as an
 * in-process price model.
 */
export function configRecords(deployment, { solverUrls = {} } = {}) {
  const quoteSigner = readQuoteSigner();
  const chains = deployment.chains.map((c) => ({
    chainId: c.chainId,
    name: c.name,
    vm: 'evm',
    portal: c.portal,
    prover: c.prover,
    permit2: c.permit2,
    permit3: c.permit3,
    vaultInitCodeHash: c.vaultInitCodeHash,
    quoteSigner,
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
    blockExplorerUrl: null,
    rpcUrl: c.rpcUrl,
  }));
  const tokens = deployment.chains.flatMap((c) =>
    TEST_TOKENS.map((t) => ({
      chainId: c.chainId,
      address: c.tokens[t.symbol],
      symbol: t.symbol,
      name: t.name,
      decimals: 6,
      gasless: [...t.gasless],
      eip712: { ...t.eip712 },
      ...(t.approvalReset ? { approvalReset: true } : {}),
    })),
  );
  const everyToken = deployment.chains.flatMap((c) => TEST_TOKENS.map((t) => ({ chainId: c.chainId, symbol: t.symbol })));
  const solvers = LOCAL_SOLVERS.map((s) => ({
    id: s.id,
    name: solverUrls[s.id] ? s.name : `${s.name} (simulation)`,
    routes: [{ sources: everyToken, destinations: everyToken }],
    inventory: deployment.chains.flatMap((c) => TEST_TOKENS.map((t) => ({ chainId: c.chainId, symbol: t.symbol, amount: s.inventory.toString() }))),
    feeBps: s.feeBps,
    fixedFee: s.fixedFee.toString(),
    minAmount: s.minAmount.toString(),
    maxAmount: s.maxAmount.toString(),
    estimatedFulfillTimeSec: s.estimatedFulfillTimeSec,
    fillWindowSec: null,
    url: solverUrls[s.id] ?? null,
    timeoutMs: solverUrls[s.id] ? s.remote.timeoutMs : null,
  }));
  return { chains, tokens, solvers };
}

/**
 * Deploys on every chain ({name, chainId, rpcUrl}) and writes the generated configuration to
 * `outDir` (null: write nothing). Returns the deployment record.
 */
export async function deployLocalChains(chains, { outDir = LOCAL_CHAINS_DIR, log = () => {} } = {}) {
  compileContracts({ log });
  const deployed = await Promise.all(chains.map((chain) => deployChain({ name: chain.name, chainId: chain.chainId, rpcUrl: chain.rpcUrl }, log)));
  for (const key of ['portal', 'prover', 'permit2', 'permit3', 'vaultInitCodeHash']) {
    if (new Set(deployed.map((c) => c[key])).size !== 1) throw new Error(`${key} differs between the chains`);
  }
  const deployment = {
    mnemonic: DEV_MNEMONIC,
    accounts: {
      deployer: accountRecord(ACCOUNT_INDEX.deployer),
      users: Array.from({ length: ACCOUNT_INDEX.lastUser }, (_, i) => accountRecord(i + ACCOUNT_INDEX.firstUser)),
      // The reference solver (kept under this name for existing callers) and every local solver.
      solver: accountRecord(ACCOUNT_INDEX.solver),
      solvers: LOCAL_SOLVERS.map((s) => ({ id: s.id, ...accountRecord(s.accountIndex) })),
      relayer: accountRecord(ACCOUNT_INDEX.relayer),
      extraRelayers: ACCOUNT_INDEX.extraRelayers.map((i) => accountRecord(i)),
      usdcProxyAdmin: accountRecord(ACCOUNT_INDEX.usdcProxyAdmin),
    },
    chains: deployed,
  };
  if (outDir) writeGeneratedConfig(deployment, outDir);
  return deployment;
}

/** Writes deployment.json and the configuration records (configRecords) to `outDir`. */
export function writeGeneratedConfig(deployment, outDir, { solverUrls = {} } = {}) {
  mkdirSync(outDir, { recursive: true });
  const { chains, tokens, solvers } = configRecords(deployment, { solverUrls });
  const write = (name, value) => writeFileSync(join(outDir, name), `${JSON.stringify(value, null, 2)}\n`);
  write('deployment.json', deployment);
  write('chains.json', chains);
  write('tokens.json', tokens);
  write('solvers.json', solvers);
}

/** One line per user account (1–9) with native and stablecoin balances on every chain. */
export async function describeAccounts(deployment) {
  const lines = [];
  for (const chain of deployment.chains) {
    const provider = localProvider(chain.rpcUrl, chain.chainId);
    try {
      lines.push(`${chain.name} (chain ${chain.chainId}, ${chain.rpcUrl}):`);
      for (const user of deployment.accounts.users) {
        const parts = [`${formatUnits(await provider.getBalance(user.address), 18)} ETH`];
        for (const token of TEST_TOKENS) {
          const contract = new Contract(chain.tokens[token.symbol], ERC20_ABI, provider);
          parts.push(`${formatUnits(await contract.balanceOf(user.address), 6)} ${token.symbol}`);
        }
        lines.push(`  #${user.index} ${user.address} ${user.privateKey}  ${parts.join(', ')}`);
      }
    } finally {
      provider.destroy();
    }
  }
  return lines;
}

if (isMain(import.meta.url)) {
  const chains = DEFAULT_LOCAL_CHAINS.map((c) => ({ ...c, rpcUrl: `http://127.0.0.1:${c.port}` }));
  const deployment = await deployLocalChains(chains, { log: console.log });
  for (const c of deployment.chains) {
    console.log(`${c.name} ${c.chainId}: portal ${c.portal} prover ${c.prover} USDC ${c.tokens.USDC} USDT ${c.tokens.USDT}`);
    console.log(`  permit2 ${c.permit2} permit3 ${c.permit3} vault implementation ${c.vaultImplementation}, initCodeHash ${c.vaultInitCodeHash}`);
  }
  console.log((await describeAccounts(deployment)).join('\n'));
  console.log(`wrote ${LOCAL_CHAINS_DIR}/{deployment,chains,tokens,solvers}.json`);
}
