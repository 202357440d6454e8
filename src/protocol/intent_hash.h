// Encoding and hashing of intents exactly as the Portal does (protocol page, "Intent hash"):
//   encodedRoute = the route in the destination VM's format (EVM: abi.encode(route), a single
//                  dynamic tuple that starts with the offset word 0x20; SVM: Borsh)
//   routeHash    = keccak256(encodedRoute)
//   rewardHash   = keccak256(the reward in the source VM's format)
//   intentHash   = keccak256(abi.encodePacked(uint64 destination, routeHash, rewardHash))
#pragma once

#include <cstdint>

#include "crypto/bytes.h"
#include "protocol/intent.h"
#include "protocol/vm.h"

namespace sr::protocol {

// ParseError when the model cannot be written on the VM: an EVM field holding a word with
// non-zero top 12 bytes; on SVM, an amount above 2^64 - 1 or a call with a non-zero value.
Bytes encode_route(const Route& route, Vm destination_vm);
Bytes encode_reward(const Reward& reward, Vm source_vm);

// The inverses, strict: only the canonical encoding of one value, nothing after it (ParseError).
Route decode_route(ByteView encoded, Vm destination_vm);
Reward decode_reward(ByteView encoded, Vm source_vm);

Hash32 route_hash(const Route& route, Vm destination_vm);
Hash32 reward_hash(const Reward& reward, Vm source_vm);
Hash32 intent_hash(std::uint64_t destination, const Hash32& route_hash, const Hash32& reward_hash);

struct IntentHashes {
  Bytes encoded_route;
  Hash32 route_hash;
  Hash32 reward_hash;
  Hash32 intent_hash;
};

IntentHashes hash_intent(const Intent& intent, Vm source_vm, Vm destination_vm);

}  // namespace sr::protocol
