#include "eth/eip712.h"

#include <algorithm>
#include <set>

#include "crypto/catching.h"
#include "crypto/keccak.h"
#include "eth/abi.h"

namespace sr::eip712 {
namespace {

using json = nlohmann::ordered_json;

constexpr const char* kDomainType = "EIP712Domain";
// Array dimensions plus struct nesting allowed in one value; types are acyclic, so this only
// bounds pathological type strings such as "uint256[][][]...".
constexpr unsigned kMaxDepth = 64;

// Where in the value an error is (json/path.h: its text is made only for the error).
using Path = sr::json::Path;

[[noreturn]] void fail(const Path& where, const std::string& message) {
  const std::string path = where.str();
  throw_parse_error(path.empty() ? message : path + ": " + message);
}

bool is_identifier(std::string_view s) {
  const auto start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; };
  return !s.empty() && start(s[0]) &&
         std::all_of(s.begin() + 1, s.end(), [&](char c) { return start(c) || (c >= '0' && c <= '9'); });
}

// The atomic (non-struct, non-array) EIP-712 type for name, if it is one.
std::optional<abi::Type> atomic_type(std::string_view name) {
  if (!is_identifier(name)) return std::nullopt;
  return catching<ParseError>([&]() -> std::optional<abi::Type> { return abi::Type::parse(name); },
                              []() -> std::optional<abi::Type> { return std::nullopt; });
}

// A field type split into its base name and its array dimensions, outermost last:
// "Foo[2][]" -> base "Foo", dims {2, 0} where 0 means dynamic.
struct FieldType {
  std::string base;
  std::vector<std::size_t> dims;
};

FieldType split_field_type(const std::string& type, const Path& where) {
  FieldType out;
  const std::size_t bracket = type.find('[');
  out.base = type.substr(0, bracket);
  std::size_t pos = bracket;
  while (pos != std::string::npos && pos < type.size()) {
    if (type[pos] != '[') fail(where, "malformed type '" + type + "'");
    const std::size_t close = type.find(']', pos);
    if (close == std::string::npos) fail(where, "malformed type '" + type + "'");
    const std::string count = type.substr(pos + 1, close - pos - 1);
    if (count.empty()) {
      out.dims.push_back(0);
    } else {
      if (count.size() > 9 || count[0] == '0' ||
          !std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        fail(where, "malformed array length in type '" + type + "'");
      }
      out.dims.push_back(std::stoul(count));
    }
    pos = close + 1;
  }
  if (out.dims.size() > kMaxDepth) fail(where, "type '" + type + "' has too many array dimensions");
  if (!is_identifier(out.base)) fail(where, "malformed type '" + type + "'");
  return out;
}

class Encoder {
 public:
  explicit Encoder(const Types& types) : types_(types) {}

  const std::vector<Field>& fields_of(const std::string& name, const Path& path) const {
    const auto it = types_.find(name);
    if (it == types_.end()) fail(path, "unknown type '" + name + "'");
    return it->second;
  }

  // Struct types that name depends on (itself included), checking that every referenced type
  // exists and that there are no cycles.
  void collect(const std::string& name, std::set<std::string>& found, std::vector<std::string>& stack) const {
    if (std::find(stack.begin(), stack.end(), name) != stack.end()) {
      std::string cycle;
      for (const auto& s : stack) cycle += s + " -> ";
      throw_parse_error("cyclic type reference: " + cycle + name);
    }
    if (found.count(name)) return;
    found.insert(name);
    stack.push_back(name);
    for (const Field& f : fields_of(name, "types")) {
      const std::string where = "types." + name + "." + f.name;
      const FieldType ft = split_field_type(f.type, where);
      if (atomic_type(ft.base)) continue;
      if (!types_.count(ft.base)) fail(where, "unknown type '" + ft.base + "'");
      collect(ft.base, found, stack);
    }
    stack.pop_back();
  }

  std::string encode_type(const std::string& primary) const {
    std::set<std::string> deps;
    std::vector<std::string> stack;
    collect(primary, deps, stack);
    deps.erase(primary);
    std::string out = struct_signature(primary);
    for (const std::string& d : deps) out += struct_signature(d);  // std::set iterates sorted
    return out;
  }

  const Hash32& type_hash(const std::string& primary) {
    auto it = type_hashes_.find(primary);
    if (it == type_hashes_.end()) it = type_hashes_.emplace(primary, keccak256(encode_type(primary))).first;
    return it->second;
  }

  Hash32 hash_struct(const std::string& name, const json& value, const Path& path, unsigned depth) {
    if (depth > kMaxDepth) fail(path, "value nests too deeply");
    if (!value.is_object()) fail(path, "expected a JSON object for struct " + name);
    const std::vector<Field>& fields = fields_of(name, path);
    for (const auto& item : value.items()) {
      const std::string& key = item.key();
      if (std::none_of(fields.begin(), fields.end(), [&](const Field& f) { return f.name == key; })) {
        fail(path, "unexpected field '" + key + "' (not in type " + name + ")");
      }
    }
    Keccak256 h;
    h.update(ByteView(type_hash(name)));
    for (const Field& f : fields) {
      const auto it = value.find(f.name);
      if (it == value.end()) fail(path, "missing field '" + f.name + "'");
      h.update(ByteView(encode_field(f.type, *it, path.member(f.name), depth + 1)));
    }
    return h.finalize();
  }

 private:
  std::string struct_signature(const std::string& name) const {
    std::string out = name + "(";
    const std::vector<Field>& fields = fields_of(name, "types");
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (i) out += ',';
      out += fields[i].type + " " + fields[i].name;
    }
    return out + ")";
  }

  // The 32-byte encodeData word of one member value.
  Hash32 encode_field(const std::string& type, const json& value, const Path& path, unsigned depth) {
    const FieldType ft = split_field_type(type, path);
    return encode_dims(ft, ft.dims.size(), value, path, depth);
  }

  // Encodes value as ft.base with the first `dims` array dimensions (innermost first).
  Hash32 encode_dims(const FieldType& ft, std::size_t dims, const json& value, const Path& path,
                     unsigned depth) {
    if (depth > kMaxDepth) fail(path, "value nests too deeply");
    if (dims > 0) {
      const std::size_t want = ft.dims[dims - 1];
      if (!value.is_array()) fail(path, "expected a JSON array");
      if (want != 0 && value.size() != want) {
        fail(path, "expected " + std::to_string(want) + " elements, got " + std::to_string(value.size()));
      }
      Keccak256 h;
      for (std::size_t i = 0; i < value.size(); ++i) {
        h.update(ByteView(encode_dims(ft, dims - 1, value[i], path[i], depth + 1)));
      }
      return h.finalize();
    }
    if (const auto atomic = atomic_type(ft.base)) return encode_atomic(*atomic, value, path);
    return hash_struct(ft.base, value, path, depth);
  }

  static Hash32 encode_atomic(const abi::Type& type, const json& value, const Path& path) {
    using K = abi::Type::Kind;
    return rethrowing<ParseError>([&] {
      const abi::Value v = abi::value_from_json(type, value);
      if (type.kind == K::string) return keccak256(std::get<std::string>(v));
      if (type.kind == K::bytes) return keccak256(ByteView(std::get<Bytes>(v)));
      const Bytes word = abi::encode(type, v);
      Hash32 out;
      std::copy(word.begin(), word.end(), out.begin());
      return out;
    }, [&](const ParseError& e) { fail(path, e.what()); });
  }

  const Types& types_;
  std::map<std::string, Hash32> type_hashes_;
};

struct DomainField {
  const char* name;
  const char* type;
};
constexpr DomainField kDomainFields[] = {{"name", "string"},
                                         {"version", "string"},
                                         {"chainId", "uint256"},
                                         {"verifyingContract", "address"},
                                         {"salt", "bytes32"}};

std::string infer_primary_type(const Types& types) {
  std::set<std::string> referenced;
  for (const auto& [name, fields] : types) {
    if (name == kDomainType) continue;
    for (const Field& f : fields) referenced.insert(split_field_type(f.type, "types." + name + "." + f.name).base);
  }
  std::vector<std::string> roots;
  for (const auto& [name, _] : types) {
    if (name != kDomainType && !referenced.count(name)) roots.push_back(name);
  }
  if (roots.size() != 1) {
    std::string list;
    for (const auto& r : roots) list += (list.empty() ? "" : ", ") + r;
    throw_parse_error("primaryType: missing, and it cannot be inferred (candidates: " +
                      (list.empty() ? std::string("none") : list) + ")");
  }
  return roots[0];
}

}  // namespace

Types types_from_json(const json& types) {
  if (!types.is_object()) throw_parse_error("types: expected a JSON object");
  Types out;
  for (const auto& [name, fields] : types.items()) {
    const std::string path = "types." + name;
    if (!is_identifier(name)) fail(path, "type name is not an identifier");
    if (atomic_type(name)) fail(path, "type name shadows the atomic type '" + name + "'");
    if (!fields.is_array()) fail(path, "expected an array of {name, type} objects");
    std::vector<Field> list;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      const json& f = fields[i];
      const std::string fpath = path + "[" + std::to_string(i) + "]";
      if (!f.is_object() || f.size() != 2 || !f.contains("name") || !f.contains("type") || !f["name"].is_string() ||
          !f["type"].is_string()) {
        fail(fpath, "expected an object with string members 'name' and 'type' only");
      }
      Field field{f["name"].get<std::string>(), f["type"].get<std::string>()};
      if (!is_identifier(field.name)) fail(fpath, "field name '" + field.name + "' is not an identifier");
      if (std::any_of(list.begin(), list.end(), [&](const Field& g) { return g.name == field.name; })) {
        fail(fpath, "duplicate field '" + field.name + "'");
      }
      split_field_type(field.type, fpath);  // syntax only; references are resolved on use
      list.push_back(std::move(field));
    }
    out.emplace(name, std::move(list));
  }
  return out;
}

std::string encode_type(const std::string& primary, const Types& types) { return Encoder(types).encode_type(primary); }

Hash32 type_hash(const std::string& primary, const Types& types) { return keccak256(encode_type(primary, types)); }

Hash32 hash_struct(const std::string& primary, const Types& types, const json& value, const Path& path) {
  Encoder encoder(types);
  encoder.encode_type(primary);  // reports unknown and cyclic types before any value
  return encoder.hash_struct(primary, value, path, 0);
}

std::vector<Field> domain_type_for(const json& domain) {
  if (!domain.is_object()) throw_parse_error("domain: expected a JSON object");
  for (const auto& item : domain.items()) {
    const std::string& key = item.key();
    if (std::none_of(std::begin(kDomainFields), std::end(kDomainFields),
                     [&](const DomainField& f) { return key == f.name; })) {
      throw_parse_error("domain: unexpected field '" + key + "'");
    }
  }
  std::vector<Field> out;
  for (const DomainField& f : kDomainFields) {
    if (domain.contains(f.name)) out.push_back({f.name, f.type});
  }
  return out;
}

Hash32 domain_separator(const json& domain) {
  const Types types{{kDomainType, domain_type_for(domain)}};
  return hash_struct(kDomainType, types, domain, "domain");
}

Hash32 digest(const Hash32& domain_separator, const Hash32& struct_hash) {
  const std::uint8_t prefix[2] = {0x19, 0x01};
  return Keccak256().update(ByteView(prefix)).update(ByteView(domain_separator)).update(ByteView(struct_hash)).finalize();
}

TypedDataHashes hash_typed_data(const json& typed_data) {
  if (!typed_data.is_object()) throw_parse_error("typed data: expected a JSON object");
  for (const auto& [key, _] : typed_data.items()) {
    if (key != "types" && key != "primaryType" && key != "domain" && key != "message") {
      throw_parse_error("typed data: unexpected member '" + key + "'");
    }
  }
  for (const char* key : {"types", "domain", "message"}) {
    if (!typed_data.contains(key)) throw_parse_error(std::string("typed data: missing member '") + key + "'");
  }
  Types types = types_from_json(typed_data["types"]);
  const json& domain = typed_data["domain"];

  std::string primary;
  if (typed_data.contains("primaryType")) {
    if (!typed_data["primaryType"].is_string()) throw_parse_error("primaryType: expected a string");
    primary = typed_data["primaryType"].get<std::string>();
    if (primary == kDomainType) throw_parse_error("primaryType: must not be EIP712Domain");
    if (!types.count(primary)) throw_parse_error("primaryType: unknown type '" + primary + "'");
  } else {
    primary = infer_primary_type(types);
  }

  TypedDataHashes out;
  if (types.count(kDomainType)) {
    // An explicit domain type must itself be a valid subset of the standard fields, in order.
    const std::vector<Field> expected = domain_type_for(domain);
    if (types[kDomainType] != expected) {
      throw_parse_error("types.EIP712Domain: does not match the domain's fields (expected " +
                        encode_type(kDomainType, Types{{kDomainType, expected}}) + ")");
    }
    out.domain_separator = hash_struct(kDomainType, types, domain, "domain");
  } else {
    out.domain_separator = domain_separator(domain);
  }
  out.struct_hash = hash_struct(primary, types, typed_data["message"], "message");
  out.digest = digest(out.domain_separator, out.struct_hash);
  return out;
}

}  // namespace sr::eip712
