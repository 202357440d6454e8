// Gasless funding as a relayer submits it on a local chain: first the user's signed authorization
// (which moves the reward into the vault, or lets the vault pull it), then publishAndFundFor.
// Retrying is safe: an authorization already consumed is not resent, and an intent already funded
// is not funded again. Each function resolves to {intentHash, vault, authorizationTx, fundingTx}
// (transaction hashes, null for a step that was skipped).
import { Contract, Signature, ZeroAddress, getAddress } from 'ethers';
import { loadArtifact } from './compile.mjs';
import { hashIntent, vaultAddress } from './intent.mjs';
import { REWARD_STATUS } from './solver.mjs';

const PERMIT2_SINGLE = 'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)';

/** @param chain deployment chain record ({portal, permit2, vaultInitCodeHash}) */
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
  const portal = new Contract(chain.portal, loadArtifact('Portal').abi, signer);
  if (Number(await portal.rewardStatus(intentHash)) !== REWARD_STATUS.Initial) return null;
  return mined(portal.publishAndFundFor(intent.destination, intent.encodedRoute, intent.reward, false, funder, permitContract));
}

/** ERC-3009 transferWithAuthorization (to = vault) on `token`, then publishAndFundFor. */
export async function relayErc3009Funding({ signer, chain, intent, token, authorization, signature }) {
  const { intentHash, vault } = intentContext(chain, intent);
  requireVault('authorization.to', authorization.to, vault);
  const contract = new Contract(token, loadArtifact('TestStablecoin').abi, signer);
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
  const contract = new Contract(token, loadArtifact('TestStablecoin').abi, signer);
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
  const permit2 = new Contract(chain.permit2, loadArtifact('AllowancePermit2').abi, signer);
  let authorizationTx = null;
  const { nonce } = await permit2.allowance(owner, permitSingle.details.token, vault);
  if (nonce === BigInt(permitSingle.details.nonce)) {
    authorizationTx = await mined(permit2[PERMIT2_SINGLE](owner, permitSingle, signature));
  }
  const fundingTx = await fundFor(signer, chain, intent, intentHash, owner, chain.permit2);
  return { intentHash, vault, authorizationTx, fundingTx };
}
