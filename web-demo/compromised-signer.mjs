// DEVELOPMENT ONLY. Plays an attacker who holds the quote signer's key, for the page's
// "Compromised signer" tamper: a genuine quote this backend handed out is changed so that its
// delivery route pays an attacker instead of the recipient, every hash, vault and calldata that
// follows from the changed intent is derived again, and the quote is signed anew with the local
// development quote signer (config/local/secrets.json, anvil account #1, a publicly known key that
// signs local quotes only). The signature then passes and only the verifier's rule about what the
// route does can refuse it. Kept in the backend so that no key, even this one, reaches the page,
// and on only where the worker's chains are local and signed by exactly this key.
import { readFileSync } from 'node:fs';

import { AbiCoder, Interface, TypedDataEncoder, Wallet, getAddress, getCreate2Address, keccak256, solidityPacked } from 'ethers';

// Whoever the tampered route pays: an address nobody holds a key of.
export const ATTACKER = '0x000000000000000000000000000000000000a77A';

const abi = AbiCoder.defaultAbiCoder();
// The Portal's Route and Reward structs (Eco's IIntentSource), as the intent hash encodes them.
const ROUTE_TYPE = 'tuple(bytes32,uint64,address,uint256,tuple(address,uint256)[],tuple(address,bytes,uint256)[])';
const REWARD_TYPE = 'tuple(uint64,address,address,uint256,tuple(address,uint256)[])';
const portal = new Interface([
  'function publishAndFund(uint64 destination, bytes route, tuple(uint64 deadline, address creator, address prover, uint256 nativeAmount, tuple(address token, uint256 amount)[] tokens) reward, bool allowPartial)',
]);
const erc20 = new Interface(['function transfer(address to, uint256 amount)']);
const QUOTE_TYPES = { Quote: [{ name: 'id', type: 'string' }, { name: 'intentHashes', type: 'bytes32[]' }, { name: 'expiresAt', type: 'uint64' }] };

const rewardTuple = (r) => [r.deadline, r.creator, r.prover, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount])];

function hashIntent(intent) {
  const r = intent.route;
  const encodedRoute = abi.encode([ROUTE_TYPE], [[r.salt, r.deadline, r.portal, r.nativeAmount,
    r.tokens.map((t) => [t.token, t.amount]), r.calls.map((c) => [c.target, c.data, c.value])]]);
  const rewardHash = keccak256(abi.encode([REWARD_TYPE], [rewardTuple(intent.reward)]));
  const intentHash = keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [intent.destination, keccak256(encodedRoute), rewardHash]));
  return { encodedRoute, intentHash };
}

/**
 * The development signer, or null where it must not sign: `chains` (GET /v1/chains) must all be
 * local chains (each with an `rpcUrl`) whose `quoteSigner` is this key's address.
 * @param {string} secretsFile  config/local/secrets.json
 */
export function createCompromisedSigner(secretsFile, chains) {
  const wallet = new Wallet(JSON.parse(readFileSync(secretsFile, 'utf8')).quoteSignerKey);
  const local = chains.length > 0 && chains.every((c) => c.rpcUrl && c.quoteSigner && getAddress(c.quoteSigner) === wallet.address);
  if (!local) return null;
  return {
    /** A copy of `quote` (a direct EVM quote) whose route pays ATTACKER, re-signed. */
    resign(quote) {
      const copy = structuredClone(quote);
      const entry = copy.steps?.[0]?.intents?.[0];
      if (entry?.role !== 'direct' || copy.steps.length !== 1 || copy.steps[0].intents.length !== 1 || copy.execution?.transaction?.type !== 'evm') {
        throw new Error('the compromised signer re-signs direct EVM quotes only');
      }
      const source = chains.find((c) => c.chainId === entry.sourceChainId);
      if (source?.vm !== 'evm' || chains.find((c) => c.chainId === entry.destinationChainId)?.vm !== 'evm') {
        throw new Error('the compromised signer re-signs quotes between EVM chains only');
      }
      // The transfer to the recipient now goes to the attacker, for the same amount.
      const payment = entry.intent.route.calls.find((call) => {
        try {
          return getAddress(erc20.decodeFunctionData('transfer', call.data).to) === getAddress(copy.destination.recipient);
        } catch {
          return false;
        }
      });
      if (!payment) throw new Error('the route makes no transfer to the recipient');
      payment.data = erc20.encodeFunctionData('transfer', [ATTACKER, erc20.decodeFunctionData('transfer', payment.data).amount]);
      // Everything that follows from the intent, as the service would derive it.
      const { encodedRoute, intentHash } = hashIntent(entry.intent);
      Object.assign(entry, { intentHash, encodedRoute, vault: getCreate2Address(source.portal, intentHash, source.vaultInitCodeHash) });
      copy.execution.intent = structuredClone(entry.intent);
      copy.execution.vault = entry.vault;
      copy.execution.transaction.data = portal.encodeFunctionData('publishAndFund',
        [entry.intent.destination, encodedRoute, rewardTuple(entry.intent.reward), false]);
      copy.intentHash = intentHash;
      const hashes = [...new Set([copy.intentHash, ...copy.steps.flatMap((s) => s.intents.map((i) => i.intentHash))]
        .filter((h) => h !== null).map((h) => h.toLowerCase()))].sort();
      const digest = TypedDataEncoder.hash({ name: 'ServiceQuoteV1', version: '1', chainId: copy.source.chainId }, QUOTE_TYPES,
        { id: copy.id, intentHashes: hashes, expiresAt: copy.expiresAt });
      copy.signature = wallet.signingKey.sign(digest).serialized;
      return copy;
    },
  };
}
