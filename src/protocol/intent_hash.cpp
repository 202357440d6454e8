#include "protocol/intent_hash.h"

#include "crypto/keccak.h"
#include "protocol/intent_abi.h"
#include "protocol/intent_borsh.h"

namespace sr::protocol {
namespace {

template <class Read>
auto read_all_borsh(ByteView encoded, Read read) {
  borsh::Reader in(encoded);
  auto value = read(in);
  in.expect_end();
  return value;
}

}  // namespace

Bytes encode_route(const Route& route, Vm destination_vm) {
  if (destination_vm == Vm::evm) return abi::encode_param(intent_abi::route_type(), intent_abi::route_value(route));
  expect_svm_checked();
  borsh::Writer out;
  intent_borsh::write_route(out, route);
  return out.take();
}

Bytes encode_reward(const Reward& reward, Vm source_vm) {
  if (source_vm == Vm::evm) return abi::encode_param(intent_abi::reward_type(), intent_abi::reward_value(reward));
  expect_svm_checked();
  borsh::Writer out;
  intent_borsh::write_reward(out, reward);
  return out.take();
}

Route decode_route(ByteView encoded, Vm destination_vm) {
  if (destination_vm == Vm::evm) {
    return intent_abi::route_from_value(abi::decode_params({intent_abi::route_type()}, encoded).at(0));
  }
  expect_svm_checked();
  return read_all_borsh(encoded, intent_borsh::read_route);
}

Reward decode_reward(ByteView encoded, Vm source_vm) {
  if (source_vm == Vm::evm) {
    return intent_abi::reward_from_value(abi::decode_params({intent_abi::reward_type()}, encoded).at(0));
  }
  expect_svm_checked();
  return read_all_borsh(encoded, intent_borsh::read_reward);
}

Hash32 route_hash(const Route& route, Vm destination_vm) { return keccak256(ByteView(encode_route(route, destination_vm))); }

Hash32 reward_hash(const Reward& reward, Vm source_vm) { return keccak256(ByteView(encode_reward(reward, source_vm))); }

Hash32 intent_hash(std::uint64_t destination, const Hash32& route_hash, const Hash32& reward_hash) {
  std::uint8_t destination_be[8];
  for (int i = 0; i < 8; ++i) destination_be[i] = static_cast<std::uint8_t>(destination >> (8 * (7 - i)));
  return Keccak256().update(ByteView(destination_be)).update(ByteView(route_hash)).update(ByteView(reward_hash)).finalize();
}

IntentHashes hash_intent(const Intent& intent, Vm source_vm, Vm destination_vm) {
  IntentHashes out;
  out.encoded_route = encode_route(intent.route, destination_vm);
  out.route_hash = keccak256(ByteView(out.encoded_route));
  out.reward_hash = reward_hash(intent.reward, source_vm);
  out.intent_hash = intent_hash(intent.destination, out.route_hash, out.reward_hash);
  return out;
}

}  // namespace sr::protocol
