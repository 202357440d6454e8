// The addresses of the relayer's accounts (funding/relayer-accounts.js lists the keys and chooses a new
// job's account): the core derives each key's address (op "relayerAccount"), once per isolate. A
// job is pinned to an address, and its account's key is looked up by that address, wherever the
// key now sits in the list.
import { askCore } from "../core.js";
import { relayerAccountOf, relayerKeyAt, relayerKeys } from "./relayer-accounts.js";

/** The address of each relayer key, derived once per isolate (op relayerAccount). */
const addresses = new Map();

/** The checksummed address of `key`; throws for a key the core cannot use. */
export async function relayerAddressOf(env, key) {
  let address = addresses.get(key);
  if (!address) {
    const answer = await askCore(env, "relayerAccount", { relayerKey: key });
    if (answer.status !== 200) throw new Error(`a relayer key is unusable: ${answer.body?.detail ?? answer.status}`);
    address = answer.body.address;
    addresses.set(key, address);
  }
  return address;
}

/** The address of the account a new job `jobId` is pinned to (undefined without RELAYER_KEY). */
export async function relayerAccountFor(env, jobId) {
  const key = relayerKeyAt(env, relayerAccountOf(env, jobId));
  return key ? relayerAddressOf(env, key) : undefined;
}

/** The key of the account whose address is `address` (any case), or undefined when no listed key has it. */
export async function relayerKeyOf(env, address) {
  const wanted = String(address).toLowerCase();
  for (const key of relayerKeys(env)) {
    if ((await relayerAddressOf(env, key)).toLowerCase() === wanted) return key;
  }
  return undefined;
}
