#include "verify/chain_directory.h"

#include "protocol/json_fields.h"
#include "verify/json_members.h"

namespace sr::verify {

namespace jf = protocol::json_fields;

namespace {

// The record list of either the bare array or the endpoint's {"<key>": [...]} body.
const Json& record_list(const Json& json, const char* key) {
  if (json.is_object()) return jf::read_array(member(json, key, ""), key);
  return jf::read_array(json, key);
}

template <class T, class Read>
std::optional<T> nullable(const Json& record, std::string_view name, const Path& path, Read read) {
  const Json* value = optional_member(record, name, path);
  if (value == nullptr) return std::nullopt;
  return read(*value, path.member(name));
}

ChainInfo chain_from_json(const Json& record, const Path& path, bool check_svm) {
  ChainInfo chain;
  chain.chain_id = jf::read_u64_number(member(record, "chainId", path), path.member("chainId"));
  const std::string& vm_text = jf::read_string(member(record, "vm", path), path.member("vm"));
  const auto vm = parse_vm(vm_text);
  if (!vm) throw_parse_error(path.member("vm") + ": must be \"evm\" or \"svm\", got \"" + vm_text + "\"");
  chain.vm = *vm;
  if (chain.vm == Vm::svm && !check_svm) {
    chain.checked = false;
    return chain;
  }
  chain.portal = jf::read_account(member(record, "portal", path), path.member("portal"), chain.vm);
  chain.prover = nullable<protocol::Account>(record, "prover", path, [&](const Json& v, const Path& p) {
    return jf::read_account(v, p, chain.vm);
  });
  chain.vault_init_code_hash = nullable<Hash32>(record, "vaultInitCodeHash", path, jf::read_hash32);
  chain.permit2 = nullable<Address>(record, "permit2", path, jf::read_address);
  chain.permit3 = nullable<Address>(record, "permit3", path, jf::read_address);
  chain.limits = nullable<ChainLimits>(record, "limits", path, [](const Json& v, const Path& p) {
    const auto window = [&](std::string_view name) {
      return jf::read_u64_number(member(v, name, p), p.member(name));
    };
    return ChainLimits{window("maxFillWindowSec"), window("maxRewardWindowSec"), window("maxQuoteLifetimeSec"),
                       window("maxDepositLifetimeSec")};
  });
  chain.quote_signer = jf::read_address(member(record, "quoteSigner", path), path.member("quoteSigner"));
  return chain;
}

}  // namespace

ChainDirectory ChainDirectory::from_json(const Json& chains, bool check_svm) {
  ChainDirectory directory;
  const Json& list = record_list(chains, "chains");
  const Path list_path = "chains";
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Path path = list_path[i];
    ChainInfo chain = chain_from_json(list[i], path, check_svm);
    if (directory.find(chain.chain_id) != nullptr) {
      throw_parse_error(path + ".chainId: chain " + std::to_string(chain.chain_id) + " is listed twice");
    }
    directory.chains_.push_back(std::move(chain));
  }
  return directory;
}

const ChainInfo* ChainDirectory::find(std::uint64_t chain_id) const {
  for (const ChainInfo& chain : chains_) {
    if (chain.chain_id == chain_id) return &chain;
  }
  return nullptr;
}

namespace {

// What at() refuses: an absent chain, or an SVM chain whose record this directory did not check.
// The message names the path the id was read at, when there is one.
const ChainInfo& checked_chain(const ChainInfo* chain, std::uint64_t chain_id, const Path* path) {
  if (chain != nullptr && chain->checked) return *chain;
  const std::string subject = (path != nullptr ? path->str() + ": chain " : "chain ") + std::to_string(chain_id);
  if (chain == nullptr) throw_parse_error(subject + " is not in the chain records");
  throw_parse_error(subject + " is an SVM chain, which this verifier does not check: it is built for EVM chains only");
}

}  // namespace

const ChainInfo& ChainDirectory::at(std::uint64_t chain_id) const {
  return checked_chain(find(chain_id), chain_id, nullptr);
}

const ChainInfo& ChainDirectory::at(std::uint64_t chain_id, const Path& path) const {
  return checked_chain(find(chain_id), chain_id, &path);
}

TokenDirectory TokenDirectory::from_json(const Json& tokens, const ChainDirectory& chains) {
  TokenDirectory directory;
  const Json& list = record_list(tokens, "tokens");
  const Path list_path = "tokens";
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Path path = list_path[i];
    const Json& record = list[i];
    TokenInfo token;
    token.chain_id = jf::read_u64_number(member(record, "chainId", path), path.member("chainId"));
    const ChainInfo* unchecked = chains.find(token.chain_id);
    if (unchecked != nullptr && !unchecked->checked) continue;
    const ChainInfo& chain = chains.at(token.chain_id, path.member("chainId"));
    token.address = jf::read_account(member(record, "address", path), path.member("address"), chain.vm);
    const std::uint64_t decimals =
        jf::read_u64_number(member(record, "decimals", path), path.member("decimals"));
    if (decimals > 255) throw_parse_error(path.member("decimals") + ": must be at most 255");
    token.decimals = static_cast<unsigned>(decimals);
    if (const Json* gasless = optional_member(record, "gasless", path)) {
      token.gasless = jf::read_each(*gasless, path.member("gasless"),
                                    [](const Json& v, const Path& p) { return jf::read_string(v, p); });
    }
    if (const Json* domain = optional_member(record, "eip712", path)) {
      const Path domain_path = path.member("eip712");
      token.eip712_name = jf::read_string(member(*domain, "name", domain_path), domain_path.member("name"));
      token.eip712_version = jf::read_string(member(*domain, "version", domain_path), domain_path.member("version"));
    }
    directory.tokens_.push_back(std::move(token));
  }
  return directory;
}

const TokenInfo* TokenDirectory::find(std::uint64_t chain_id, const protocol::Account& address) const {
  for (const TokenInfo& token : tokens_) {
    if (token.chain_id == chain_id && token.address == address) return &token;
  }
  return nullptr;
}

}  // namespace sr::verify
