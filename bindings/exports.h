// The WebAssembly boundary: every exported function takes one JSON string and returns one JSON
// string, {"ok":true,"result":...} or {"ok":false,"error":"message"}. Nothing throws across the
// boundary, so JavaScript callers never see an opaque C++ exception pointer, and the module
// needs no embind value types beyond std::string.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <nlohmann/json.hpp>
#include <string>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "crypto/secp256k1.h"
#include "eth/abi.h"
#include "eth/address.h"
#include "eth/eip712.h"
#include "eth/signer.h"

namespace sr::bindings {

using Json = nlohmann::ordered_json;

// The string field `name` of args, with a message naming it when missing or not a string.
inline std::string string_field(const Json& args, const char* name) {
  const auto it = args.find(name);
  if (it == args.end()) throw ParseError(std::string("missing field \"") + name + "\"");
  if (!it->is_string()) throw ParseError(std::string("field \"") + name + "\" must be a string");
  return it->get<std::string>();
}

inline const Json& field(const Json& args, const char* name) {
  const auto it = args.find(name);
  if (it == args.end()) throw ParseError(std::string("missing field \"") + name + "\"");
  return *it;
}

// Parses input, runs fn on it and wraps what it returns or throws. The input buffer is wiped
// afterwards because some calls carry secret keys.
template <class Fn>
std::string call_json(std::string input, Fn&& fn) {
  Json reply;
  try {
    // The DOM SAX parser directly: what Json::parse(input) runs without a callback, but without
    // also instantiating the callback parser that Json::parse keeps for a callback known only at
    // run time (about 3 KiB of the package's gzipped wasm; same errors, same messages).
    Json args;
    nlohmann::detail::json_sax_dom_parser<Json> sax(args, true);
    Json::sax_parse(input, &sax);
    secp256k1::secure_wipe(input.data(), input.size());
    if (!args.is_object()) throw ParseError("arguments must be a JSON object");
    reply = {{"ok", true}, {"result", fn(args)}};
  } catch (const Json::parse_error& e) {
    reply = {{"ok", false}, {"error", std::string("arguments are not valid JSON: ") + e.what()}};
  } catch (const std::exception& e) {
    reply = {{"ok", false}, {"error", e.what()}};
  } catch (...) {
    reply = {{"ok", false}, {"error", "unknown error"}};
  }
  secp256k1::secure_wipe(input.data(), input.size());
  return reply.dump();
}

// {"data":"0x..."} -> "0x" + keccak256(data)
inline std::string keccak256_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) {
    return hex::encode(keccak256(hex::decode(string_field(args, "data"))));
  });
}

// {"digest":"0x..32 bytes","privateKey":"0x..32 bytes"} -> "0x" + r || s || v
inline std::string sign_digest_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) {
    const Hash32 digest = hex::decode32(string_field(args, "digest"));
    std::string key_hex = string_field(args, "privateKey");
    const auto key = secp256k1::SecretKey::from_hex(key_hex);
    secp256k1::secure_wipe(key_hex.data(), key_hex.size());
    return hex::encode(secp256k1::sign_digest(digest, key));
  });
}

// {"digest":"0x..","signature":"0x..65 bytes"} -> checksummed signer address
inline std::string recover_address_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) {
    const Hash32 digest = hex::decode32(string_field(args, "digest"));
    const Bytes signature = hex::decode(string_field(args, "signature"));
    return eth::recover_address(digest, signature).checksummed();
  });
}

// eth_signTypedData_v4 document -> {"domainSeparator","structHash","digest"}
inline std::string eip712_hash_json(std::string input) {
  return call_json(std::move(input), [](const Json& typed_data) {
    const eip712::TypedDataHashes h = eip712::hash_typed_data(typed_data);
    return Json{{"domainSeparator", hex::encode(h.domain_separator)},
                {"structHash", hex::encode(h.struct_hash)},
                {"digest", hex::encode(h.digest)}};
  });
}

inline std::vector<abi::Type> abi_types(const Json& args) {
  const Json& list = field(args, "types");
  if (!list.is_array()) throw ParseError("field \"types\" must be an array of type strings");
  std::vector<abi::Type> types;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string()) {
      throw ParseError("types[" + std::to_string(i) + "] must be a string");
    }
    types.push_back(abi::Type::parse(list[i].get<std::string>()));
  }
  return types;
}

// {"types":["uint256",...],"values":[...]} -> "0x" + abi.encode(values...)
inline std::string abi_encode_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) {
    std::vector<abi::Type> types = abi_types(args);
    const abi::Type params = abi::Type::tuple(types);
    const abi::Value values = abi::value_from_json(params, field(args, "values"));
    return hex::encode(abi::encode_params(types, std::get<abi::ValueList>(values)));
  });
}

// {"types":[...],"data":"0x..."} -> [values...] (strict: no trailing bytes)
inline std::string abi_decode_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) {
    std::vector<abi::Type> types = abi_types(args);
    const Bytes data = hex::decode(string_field(args, "data"));
    const abi::ValueList values = abi::decode_params(types, data);
    return abi::value_to_json(abi::Type::tuple(std::move(types)), abi::Value(values));
  });
}

// What both modules export: crypto and eth primitives.
inline void register_primitives() {
  emscripten::function("keccak256", &keccak256_json);
  emscripten::function("sign_digest", &sign_digest_json);
  emscripten::function("recover_address", &recover_address_json);
  emscripten::function("eip712_hash", &eip712_hash_json);
  emscripten::function("abi_encode", &abi_encode_json);
  emscripten::function("abi_decode", &abi_decode_json);
}

}  // namespace sr::bindings
