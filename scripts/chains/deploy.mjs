#!/usr/bin/env node
// Deploys the local-chain contracts with account 0 of the development mnemonic on every given
// chain, in the same nonce order, so each contract has the same address on every chain:
//   nonce 0 USDC, 1 USDT (TestStablecoin), 2 Portal (which creates the Vault implementation and
//   the Executor), 3 Prover; then the solver becomes a trusted prover relayer and accounts 1–9 and
//   the solver receive test stablecoins. AllowancePermit2's runtime code is installed at Permit2's
//   canonical address (anvil_setCode), which the test stablecoins trust with unlimited allowances.
// Writes build/local-chains/{deployment,chains,tokens,solvers}.json; chains/tokens/solvers follow
// the schema of config/local/*.json, chain records adding "rpcUrl".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Contract, ContractFactory, HDNodeWallet, JsonRpcProvider, Network, formatUnits, getCreateAddress } from 'ethers';
import { compileContracts, loadArtifact } from './compile.mjs';
import { DEV_MNEMONIC, DEFAULT_LOCAL_CHAINS } from './anvil.mjs';
import { vaultInitCodeHash } from './intent.mjs';
import { LOCAL_CHAINS_DIR, REPO_ROOT, isMain } from './paths.mjs';

export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

export const ACCOUNT_INDEX = Object.freeze({ deployer: 0, firstUser: 1, lastUser: 9, solver: 10, relayer: 11 });

const UNIT = 10n ** 6n;
export const TEST_TOKENS = Object.freeze([
  Object.freeze({ symbol: 'USDC', name: 'Test USD Coin', eip712Version: '2', userAmount: 1_000_000n * UNIT, solverAmount: 10_000_000n * UNIT }),
  Object.freeze({ symbol: 'USDT', name: 'Test Tether USD', eip712Version: '1', userAmount: 1_000_000n * UNIT, solverAmount: 10_000_000n * UNIT }),
]);

// What the reference solver charges; its config record and its profitability check share it.
export const REFERENCE_SOLVER_FEES = Object.freeze({ feeBps: 5, fixedFee: 10_000n });

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

function contractAddresses(deployer) {
  const at = (nonce) => getCreateAddress({ from: deployer, nonce });
  const portal = at(2);
  return {
    tokens: { USDC: at(0), USDT: at(1) },
    portal,
    // A contract's first CREATE uses nonce 1 (EIP-161).
    vaultImplementation: getCreateAddress({ from: portal, nonce: 1 }),
    executor: getCreateAddress({ from: portal, nonce: 2 }),
    prover: at(3),
  };
}

async function send(wallet, tx) {
  const receipt = await (await wallet.sendTransaction(tx)).wait();
  if (receipt.status !== 1) throw new Error(`transaction ${receipt.hash} reverted`);
  return receipt;
}

async function deployChain(chain, log) {
  const provider = localProvider(chain.rpcUrl, chain.chainId);
  try {
    const deployer = devAccount(ACCOUNT_INDEX.deployer, provider);
    const expected = contractAddresses(deployer.address);
    const nonce = await provider.getTransactionCount(deployer.address);
    if (nonce === 0) {
      const deploy = async (name, args) => {
        const factory = new ContractFactory(loadArtifact(name).abi, loadArtifact(name).bytecode, deployer);
        return send(deployer, await factory.getDeployTransaction(...args));
      };
      for (const token of TEST_TOKENS) {
        await deploy('TestStablecoin', [token.name, token.symbol, token.eip712Version, PERMIT2_ADDRESS]);
      }
      await deploy('Portal', []);
      await deploy('Prover', []);
      const prover = new Contract(expected.prover, loadArtifact('Prover').abi, deployer);
      await send(deployer, await prover.setRelayer.populateTransaction(devAccount(ACCOUNT_INDEX.solver).address, true));
      for (const token of TEST_TOKENS) {
        const contract = new Contract(expected.tokens[token.symbol], loadArtifact('TestStablecoin').abi, deployer);
        for (let i = ACCOUNT_INDEX.firstUser; i <= ACCOUNT_INDEX.lastUser; ++i) {
          await send(deployer, await contract.mint.populateTransaction(devAccount(i).address, token.userAmount));
        }
        await send(deployer, await contract.mint.populateTransaction(devAccount(ACCOUNT_INDEX.solver).address, token.solverAmount));
      }
      await provider.send('anvil_setCode', [PERMIT2_ADDRESS, loadArtifact('AllowancePermit2').deployedBytecode]);
      log(`deployed on ${chain.name} (${chain.chainId})`);
    } else {
      log(`${chain.name} (${chain.chainId}): account 0 has nonce ${nonce}, reusing the deployment`);
    }
    const installed = [['Portal', expected.portal], ['Prover', expected.prover], ['Permit2', PERMIT2_ADDRESS], ...Object.entries(expected.tokens)];
    for (const [label, address] of installed) {
      if ((await provider.getCode(address)) === '0x') throw new Error(`${chain.name}: no ${label} at ${address}`);
    }
    const portal = new Contract(expected.portal, loadArtifact('Portal').abi, provider);
    const onChainInitCodeHash = await portal.vaultInitCodeHash();
    const computed = vaultInitCodeHash(loadArtifact('VaultProxy').bytecode, expected.vaultImplementation);
    if (onChainInitCodeHash !== computed) {
      throw new Error(`${chain.name}: Portal initCodeHash ${onChainInitCodeHash} differs from the artifacts' ${computed}`);
    }
    return { ...chain, ...expected, permit2: PERMIT2_ADDRESS, vaultInitCodeHash: computed };
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

/** Config records (schema of config/local/*.json) for the deployed chains. */
export function configRecords(deployment) {
  const quoteSigner = readQuoteSigner();
  const chains = deployment.chains.map((c) => ({
    chainId: c.chainId,
    name: c.name,
    vm: 'evm',
    portal: c.portal,
    prover: c.prover,
    permit2: c.permit2,
    permit3: null,
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
      // No Permit3 contract on the local chains; EIP-2612 works too but is not a gasless standard of the API.
      gasless: ['permit2', 'erc3009'],
      eip712: { name: t.name, version: t.eip712Version },
    })),
  );
  const everyToken = deployment.chains.flatMap((c) => TEST_TOKENS.map((t) => ({ chainId: c.chainId, symbol: t.symbol })));
  const solvers = [
    {
      id: 'local-reference',
      name: 'Local reference solver',
      routes: [{ sources: everyToken, destinations: everyToken }],
      inventory: deployment.chains.flatMap((c) =>
        TEST_TOKENS.map((t) => ({ chainId: c.chainId, symbol: t.symbol, amount: t.solverAmount.toString() })),
      ),
      feeBps: REFERENCE_SOLVER_FEES.feeBps,
      fixedFee: REFERENCE_SOLVER_FEES.fixedFee.toString(),
      minAmount: (1n * UNIT).toString(),
      maxAmount: (1_000_000n * UNIT).toString(),
      estimatedFulfillTimeSec: 5,
      fillWindowSec: null,
      url: null,
      timeoutMs: null,
    },
  ];
  return { chains, tokens, solvers };
}

/**
 * Deploys on every chain ({name, chainId, rpcUrl}) and writes the generated configuration to
 * `outDir` (null: write nothing). Returns the deployment record.
 */
export async function deployLocalChains(chains, { outDir = LOCAL_CHAINS_DIR, log = () => {} } = {}) {
  compileContracts({ log });
  const deployed = [];
  for (const chain of chains) deployed.push(await deployChain({ name: chain.name, chainId: chain.chainId, rpcUrl: chain.rpcUrl }, log));
  const deployment = {
    mnemonic: DEV_MNEMONIC,
    accounts: {
      deployer: accountRecord(ACCOUNT_INDEX.deployer),
      users: Array.from({ length: ACCOUNT_INDEX.lastUser }, (_, i) => accountRecord(i + ACCOUNT_INDEX.firstUser)),
      solver: accountRecord(ACCOUNT_INDEX.solver),
      relayer: accountRecord(ACCOUNT_INDEX.relayer),
    },
    chains: deployed,
  };
  if (outDir) writeGeneratedConfig(deployment, outDir);
  return deployment;
}

export function writeGeneratedConfig(deployment, outDir) {
  mkdirSync(outDir, { recursive: true });
  const { chains, tokens, solvers } = configRecords(deployment);
  const write = (name, value) => writeFileSync(join(outDir, name), `${JSON.stringify(value, null, 2)}\n`);
  write('deployment.json', deployment);
  write('chains.json', chains);
  write('tokens.json', tokens);
  write('solvers.json', solvers);
}

/** One line per user account (1–9) with native and test-stablecoin balances on every chain. */
export async function describeAccounts(deployment) {
  const lines = [];
  const erc20 = loadArtifact('TestStablecoin').abi;
  for (const chain of deployment.chains) {
    const provider = localProvider(chain.rpcUrl, chain.chainId);
    try {
      lines.push(`${chain.name} (chain ${chain.chainId}, ${chain.rpcUrl}):`);
      for (const user of deployment.accounts.users) {
        const parts = [`${formatUnits(await provider.getBalance(user.address), 18)} ETH`];
        for (const token of TEST_TOKENS) {
          const contract = new Contract(chain.tokens[token.symbol], erc20, provider);
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
    console.log(`  vault implementation ${c.vaultImplementation}, initCodeHash ${c.vaultInitCodeHash}`);
  }
  console.log((await describeAccounts(deployment)).join('\n'));
  console.log(`wrote ${LOCAL_CHAINS_DIR}/{deployment,chains,tokens,solvers}.json`);
}
