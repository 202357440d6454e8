// Signed deposit-address answers (edge-worker/openapi.json, DepositAddress) built with ethers,
// independently of the C++ core: 25 USDC on Base to a vault whose intent pays the recipient on
// Optimism, refunds going to REFUND, with fixtures.mjs's chain records and quote signer.
// `resealDeposit` re-derives the intent hash, the vault and the signature from answer.intent, so a
// test can change the intent and still get a self-consistent, validly signed answer.
import { TypedDataEncoder, getCreate2Address } from 'ethers';

import * as f from './fixtures.mjs';

export const REFUND = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
export const QUOTE_ID = '7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d';
export const DEADLINE = f.NOW + 86400;

export function depositRequest() {
  return {
    source: { chainId: 8453, token: f.BASE_USDC, amount: '25000000' },
    destination: { chainId: 10, token: f.OPTIMISM_USDC, recipient: f.RECIPIENT },
    refundRecipient: REFUND,
  };
}

// The EIP-712 digest of the deposit's signature: the v1 Quote typed data over [intentHash].
export function depositDigest(answer) {
  return TypedDataEncoder.hash({ name: 'ServiceQuoteV1', version: '1', chainId: answer.source.chainId }, f.QUOTE_TYPES,
    { id: `quote:${answer.quoteId}`, intentHashes: [answer.intentHash.toLowerCase()], expiresAt: answer.deadline });
}

export function signDeposit(answer, wallet = f.signer) {
  answer.signature = wallet.signingKey.sign(depositDigest(answer)).serialized;
  return answer;
}

export function resealDeposit(answer, wallet = f.signer) {
  const { intentHash } = f.hashIntent(answer.intent);
  answer.intentHash = intentHash;
  answer.vaultAddress = getCreate2Address(f.PORTAL, intentHash, f.INIT_CODE_HASH);
  return signDeposit(answer, wallet);
}

const usdc = (chainId, address) => ({ chainId, address, symbol: 'USDC', decimals: 6 });

// The operator's protocol fee recipient on Optimism (a development account).
export const FEE_RECIPIENT = '0x2546BcD3c84621e976D8185a91A922aE77ECEc30';

// 25 USDC less the solver's 0.02 gas and the 0.005 protocol fee arrives: the route transfers
// minAmountOut to the recipient, then the protocol fee, in the destination token, to its recipient.
export function buildDeposit({ minAmountOut = '24975000' } = {}) {
  const transfer = (to, amount) => ({ target: f.OPTIMISM_USDC, data: f.erc20Interface.encodeFunctionData('transfer', [to, amount]), value: '0' });
  const intent = {
    destination: 10,
    route: {
      salt: `0x${'0'.repeat(62)}2b`,
      deadline: DEADLINE + 3600,
      portal: f.PORTAL,
      nativeAmount: '0',
      tokens: [{ token: f.OPTIMISM_USDC, amount: (BigInt(minAmountOut) + 5000n).toString() }],
      calls: [transfer(f.RECIPIENT, minAmountOut), transfer(FEE_RECIPIENT, '5000')],
    },
    reward: { deadline: DEADLINE + 7200, creator: REFUND, prover: f.PROVER, nativeAmount: '0', tokens: [{ token: f.BASE_USDC, amount: '25000000' }] },
  };
  return resealDeposit({
    vaultAddress: null,
    intentHash: null,
    quoteId: QUOTE_ID,
    deadline: DEADLINE,
    source: { chainId: 8453, token: f.BASE_USDC, amount: '25000000' },
    destination: { chainId: 10, token: f.OPTIMISM_USDC, recipient: f.RECIPIENT },
    fees: [
      { type: 'protocol', amount: '5000', token: usdc(10, f.OPTIMISM_USDC), estimate: false, recipient: FEE_RECIPIENT },
      { type: 'gas', amount: '20000', token: usdc(8453, f.BASE_USDC), estimate: false, recipient: null },
    ],
    minAmountOut,
    fundingMethods: ['erc-3009', 'erc-2612', 'transfer'],
    intent,
    signature: null,
  });
}
