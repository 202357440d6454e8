// Gasless funding as a relayer submits it on a local chain, against the real contracts: first the
// user's signed authorization (which moves the reward into the vault, or lets the vault pull it),
// then the real Portal's publishAndFundFor.
//   ERC-3009 (USDC): transferWithAuthorization(to = vault), then publishAndFundFor(permitContract = 0)
//   EIP-2612: permit(spender = vault), then publishAndFundFor(permitContract = 0): the vault pulls
//   Permit2: permit(PermitSingle, spender = vault), then publishAndFundFor(permitContract = Permit2)
//   Permit3: permit(...) whose entries either transfer to the vault (mode 0; then permitContract = 0)
//     or give the vault an allowance (then permitContract = Permit3, through which the vault pulls)
// Retrying is safe: an authorization already consumed is not resent, and an intent already funded
// is not funded again. Each function resolves to {intentHash, vault, authorizationTx, fundingTx}
// (transaction hashes, null for a step that was skipped).
import { Contract, Signature, ZeroAddress, getAddress } from 'ethers';
import { EIP2612_ABI, FIAT_TOKEN_ABI, PERMIT2_ABI } from './abis.mjs';
import { PORTAL_FUNCTIONS, hashIntent, vaultAddress } from './intent.mjs';
import { portalArtifact } from './packages.mjs';
import { PERMIT3_ABI, PERMIT3_MODE, PERMIT3_MULTI, PERMIT3_SINGLE } from './permit3.mjs';
import { REWARD_STATUS } from './solver.mjs';

/** @param chain deployment chain record ({portal, permit2, permit3, vaultInitCodeHash}) */
function intentContext(chain, { destination, encodedRoute, reward }) {
  const { intentHash } = hashIntent(destination, encodedRoute, reward);
  return { intentHash, vault: vaultAddress(chain.portal, intentHash, chain.vaultInitCodeHash) };
}

function requireVault(label, actual, vault) {
  if (getAddress(actual) !== getAddress(vault)) {
    throw new Error(`${label} ${actual} is not the intent's vault ${vault}`);
  }
}

async function mined(pending) {
  const receipt = await (await pending).wait();
  if (receipt.status !== 1) throw new Error(`transaction ${receipt.hash} reverted`);
  return receipt.hash;
}

async function fundFor(signer, chain, intent, intentHash, funder, permitContract) {
  const portal = new Contract(chain.portal, portalArtifact().abi, signer);
  if (Number(await portal.getRewardStatus(intentHash)) !== REWARD_STATUS.Initial) return null;
  return mined(portal[PORTAL_FUNCTIONS.publishAndFundFor](intent.destination, intent.encodedRoute, intent.reward, false, funder, permitContract));
}

/** ERC-3009 transferWithAuthorization (to = vault) on `token`, then publishAndFundFor. */
export async function relayErc3009Funding({ signer, chain, intent, token, authorization, signature }) {
  const { intentHash, vault } = intentContext(chain, intent);
  requireVault('authorization.to', authorization.to, vault);
  const contract = new Contract(token, FIAT_TOKEN_ABI, signer);
  let authorizationTx = null;
  if (!(await contract.authorizationState(authorization.from, authorization.nonce))) {
    const { v, r, s } = Signature.from(signature);
    const { from, to, value, validAfter, validBefore, nonce } = authorization;
    authorizationTx = await mined(contract.transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s));
  }
  const fundingTx = await fundFor(signer, chain, intent, intentHash, authorization.from, ZeroAddress);
  return { intentHash, vault, authorizationTx, fundingTx };
}

/** EIP-2612 permit (spender = vault) on `token`, then publishAndFundFor, whose vault pulls. */
export async function relayEip2612Funding({ signer, chain, intent, token, permit, signature }) {
  const { intentHash, vault } = intentContext(chain, intent);
  requireVault('permit.spender', permit.spender, vault);
  const contract = new Contract(token, EIP2612_ABI, signer);
  let authorizationTx = null;
  if (BigInt(await contract.nonces(permit.owner)) === BigInt(permit.nonce)) {
    const { v, r, s } = Signature.from(signature);
    authorizationTx = await mined(contract.permit(permit.owner, permit.spender, permit.value, permit.deadline, v, r, s));
  }
  const fundingTx = await fundFor(signer, chain, intent, intentHash, permit.owner, ZeroAddress);
  return { intentHash, vault, authorizationTx, fundingTx };
}

/** Permit2 PermitSingle (spender = vault), then publishAndFundFor with Permit2 as the permit contract. */
export async function relayPermit2Funding({ signer, chain, intent, owner, permitSingle, signature }) {
  const { intentHash, vault } = intentContext(chain, intent);
  requireVault('permitSingle.spender', permitSingle.spender, vault);
  const permit2 = new Contract(chain.permit2, PERMIT2_ABI, signer);
  let authorizationTx = null;
  const { nonce } = await permit2.allowance(owner, permitSingle.details.token, vault);
  if (nonce === BigInt(permitSingle.details.nonce)) {
    authorizationTx = await mined(permit2.permit(owner, permitSingle, signature));
  }
  const fundingTx = await fundFor(signer, chain, intent, intentHash, owner, chain.permit2);
  return { intentHash, vault, authorizationTx, fundingTx };
}

/**
 * Permit3 permit on this chain, then publishAndFundFor. Every entry's `account` must be the vault:
 * transfers (mode 0) move the reward in directly (permitContract = 0); allowances (mode > 3) let
 * the vault pull through Permit3 (permitContract = Permit3). `proof` (bytes32[]) is given for a
 * multichain signature and omitted for a single-chain one.
 * @param permit3 {owner, salt, deadline, timestamp, chainPermits: {chainId, permits}, proof?, signature}
 */
export async function relayPermit3Funding({ signer, chain, intent, permit3 }) {
  const { intentHash, vault } = intentContext(chain, intent);
  const { owner, salt, deadline, timestamp, chainPermits, proof = null, signature } = permit3;
  if (BigInt(chainPermits.chainId) !== BigInt(chain.chainId)) throw new Error(`chainPermits.chainId ${chainPermits.chainId} is not chain ${chain.chainId}`);
  if (chainPermits.permits.length === 0) throw new Error('no permits');
  for (const [i, p] of chainPermits.permits.entries()) {
    requireVault(`permits[${i}].account`, p.account, vault);
    const mode = Number(p.modeOrExpiration);
    if (mode !== PERMIT3_MODE.transfer && BigInt(p.modeOrExpiration) <= 3n) throw new Error(`permits[${i}]: mode ${mode} does not fund`);
  }
  const allowanceMode = chainPermits.permits.some((p) => BigInt(p.modeOrExpiration) !== 0n);
  const contract = new Contract(chain.permit3, PERMIT3_ABI, signer);
  let authorizationTx = null;
  if (!(await contract.isNonceUsed(owner, salt))) {
    authorizationTx = proof
      ? await mined(contract[PERMIT3_MULTI](owner, salt, deadline, timestamp, chainPermits, proof, signature))
      : await mined(contract[PERMIT3_SINGLE](owner, salt, deadline, timestamp, chainPermits, signature));
  }
  const fundingTx = await fundFor(signer, chain, intent, intentHash, owner, allowanceMode ? chain.permit3 : ZeroAddress);
  return { intentHash, vault, authorizationTx, fundingTx };
}
