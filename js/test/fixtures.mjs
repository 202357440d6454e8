// Signed v1 quotes built with ethers, independently of the C++ core: a direct exact-in transfer
// Base USDC -> Optimism USDC, with config/production's chain records whose quoteSigner is a test
// key. `reseal` re-derives every dependent field from quote.execution.intent, so a test can
// change the intent and still get a self-consistent, validly signed quote.
import { readFileSync } from 'node:fs';
import { AbiCoder, Interface, Wallet, TypedDataEncoder, getCreate2Address, keccak256, solidityPacked } from 'ethers';

const repo = new URL('../../', import.meta.url);
export const signer = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
export const funderWallet = new Wallet('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const OPTIMISM_USDC = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
export const PORTAL = '0xEC000064576f9C95a8623Bc0eff3db6d296ea6df';
export const PROVER = '0xeC0008acc34d3D0CAa6758Ce788091e473812e28';
export const INIT_CODE_HASH = '0xa2e2cc717ed580fa2f38da7f47db9672a9723c65b386ed97f755095eb669f629';
export const FUNDER = funderWallet.address;
export const RECIPIENT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
export const OTHER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
export const NOW = 1763700000;
export const EXPIRES_AT = NOW + 120;

// As GET /v1/chains publishes them: with the limits the deadline rule reads.
export const chains = JSON.parse(readFileSync(new URL('config/production/chains.json', repo), 'utf8')).map((c) => ({
  ...c,
  quoteSigner: signer.address,
  limits: { maxFillWindowSec: 3600, maxRewardWindowSec: 3600, maxQuoteLifetimeSec: 120, maxDepositLifetimeSec: 86400 },
}));
export const tokens = JSON.parse(readFileSync(new URL('config/production/tokens.json', repo), 'utf8'));

const abi = AbiCoder.defaultAbiCoder();
export const ROUTE_TYPE = 'tuple(bytes32,uint64,address,uint256,tuple(address,uint256)[],tuple(address,bytes,uint256)[])';
export const REWARD_TYPE = 'tuple(uint64,address,address,uint256,tuple(address,uint256)[])';
export const portalInterface = new Interface([
  'function publishAndFund(uint64 destination, bytes route, tuple(uint64 deadline, address creator, address prover, uint256 nativeAmount, tuple(address token, uint256 amount)[] tokens) reward, bool allowPartial)',
]);
export const erc20Interface = new Interface([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
]);
export const QUOTE_TYPES = {
  Quote: [
    { name: 'id', type: 'string' },
    { name: 'intentHashes', type: 'bytes32[]' },
    { name: 'expiresAt', type: 'uint64' },
  ],
};

export const routeTuple = (r) => [r.salt, r.deadline, r.portal, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount]),
  r.calls.map((c) => [c.target, c.data, c.value])];
export const rewardTuple = (r) => [r.deadline, r.creator, r.prover, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount])];

export function hashIntent(intent) {
  const encodedRoute = abi.encode([ROUTE_TYPE], [routeTuple(intent.route)]);
  const rewardHash = keccak256(abi.encode([REWARD_TYPE], [rewardTuple(intent.reward)]));
  const intentHash = keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [intent.destination, keccak256(encodedRoute), rewardHash]));
  return { encodedRoute, intentHash };
}

export function signedHashes(quote) {
  const all = [quote.intentHash, ...quote.steps.flatMap((s) => s.intents.map((i) => i.intentHash))].filter((h) => h !== null);
  return [...new Set(all.map((h) => h.toLowerCase()))].sort();
}

export function quoteDigest(quote) {
  return TypedDataEncoder.hash({ name: 'ServiceQuoteV1', version: '1', chainId: quote.source.chainId }, QUOTE_TYPES,
    { id: quote.id, intentHashes: signedHashes(quote), expiresAt: quote.expiresAt });
}

export function sign(quote, wallet = signer) {
  quote.signature = wallet.signingKey.sign(quoteDigest(quote)).serialized;
  return quote;
}

export function reseal(quote) {
  const intent = quote.execution.intent;
  const { encodedRoute, intentHash } = hashIntent(intent);
  const vault = getCreate2Address(PORTAL, intentHash, INIT_CODE_HASH);
  quote.intentHash = intentHash;
  quote.execution.vault = vault;
  quote.execution.transaction.data = portalInterface.encodeFunctionData('publishAndFund',
    [intent.destination, encodedRoute, rewardTuple(intent.reward), false]);
  Object.assign(quote.steps[0].intents[0], { intentHash, intent: structuredClone(intent), encodedRoute, vault });
  return sign(quote);
}

export const minOut = (amountOut, slippageMillionths) => (BigInt(amountOut) * BigInt(1_000_000 - slippageMillionths)) / 1_000_000n;

export function request({ amount = '25000000', slippage = 0.005 } = {}) {
  return {
    type: 'exact-in',
    source: { chainId: 8453, token: BASE_USDC, amount, funder: FUNDER },
    destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT },
    slippage,
    dappId: 'js-tests',
  };
}

export function buildQuote({ amount = '25000000', amountOut = '24875000', slippage = 0.005, id = 'quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d' } = {}) {
  const min = minOut(amountOut, Math.round(slippage * 1e6)).toString();
  const intent = {
    destination: 10,
    route: {
      salt: `0x${'0'.repeat(62)}2a`,
      deadline: EXPIRES_AT + 3600,
      portal: PORTAL,
      nativeAmount: '0',
      tokens: [{ token: OPTIMISM_USDC, amount: min }],
      calls: [{ target: OPTIMISM_USDC, data: erc20Interface.encodeFunctionData('transfer', [RECIPIENT, min]), value: '0' }],
    },
    reward: {
      deadline: EXPIRES_AT + 7200,
      creator: FUNDER,
      prover: PROVER,
      nativeAmount: '0',
      tokens: [{ token: BASE_USDC, amount }],
    },
  };
  const quote = {
    id,
    type: 'exact-in',
    source: { chainId: 8453, token: BASE_USDC, amount, funder: FUNDER },
    destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT, amountOut, minAmountOut: min },
    slippage,
    // What the amount loses on its way, as the one fee that adds the statement up.
    fees: [{ type: 'gas', amount: (BigInt(amount) - BigInt(amountOut)).toString(),
      token: { chainId: 8453, address: BASE_USDC, symbol: 'USDC', decimals: 6 }, estimate: false }],
    steps: [{ provider: 'atlas', intents: [{ role: 'direct', sourceChainId: 8453, destinationChainId: 10 }] }],
    solver: { id: 'atlas', name: 'Atlas' },
    intentHash: null,
    execution: {
      transaction: { type: 'evm', chainId: 8453, from: FUNDER, to: PORTAL, data: '0x', value: '0' },
      intent,
      vault: null,
      approval: {
        type: 'evm', chainId: 8453, from: FUNDER, to: BASE_USDC,
        data: erc20Interface.encodeFunctionData('approve', [PORTAL, amount]), value: '0',
      },
    },
    expiresAt: EXPIRES_AT,
    signature: null,
    competingQuotes: null,
  };
  return reseal(quote);
}

// An ERC-3009 TransferWithAuthorization for the quote's vault, signed by the funder under USDC's
// Base domain.
export async function erc3009For(quote, changes = {}, wallet = funderWallet) {
  const payload = {
    from: FUNDER, to: quote.execution.vault, value: quote.source.amount, validAfter: 0,
    validBefore: quote.expiresAt + 600, nonce: `0x${'0'.repeat(63)}7`, ...changes,
  };
  const signature = await wallet.signTypedData(
    { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: BASE_USDC },
    { TransferWithAuthorization: [
      { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
      { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
    ] },
    payload);
  return { standard: 'erc3009', payload, signature };
}
