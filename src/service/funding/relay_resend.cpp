#include "service/funding/relay_resend.h"

#include <string>
#include <vector>

#include "service/common/op_input.h"
#include "service/status/status_records.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

struct Stored {
  std::string purpose;
  std::uint64_t nonce = 0;
  std::string hash;
  bool known = false;
};

[[noreturn]] void bad(const std::string& what) { throw OpInputError("op \"relayResend\": " + what); }

std::uint64_t number(const json& value, const std::string& name) {
  const auto n = json_u64(value);
  if (!n) bad(name + " must be a non-negative integer");
  return *n;
}

std::vector<Stored> read_transactions(const json& list) {
  if (!list.is_array() || list.empty()) bad("transactions must be a non-empty array");
  std::vector<Stored> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& tx = list[i];
    const std::string at = "transactions[" + std::to_string(i) + "]";
    if (!tx.is_object() || !tx.contains("purpose") || !tx.contains("nonce") || !tx.contains("hash") ||
        !tx.contains("known")) {
      bad(at + " must be {purpose, nonce, hash, known}");
    }
    if (!tx["purpose"].is_string() || !tx["hash"].is_string() || !tx["known"].is_boolean()) {
      bad(at + ": purpose and hash are strings, known a boolean");
    }
    out.push_back({tx["purpose"].get<std::string>(), number(tx["nonce"], at + ".nonce"), tx["hash"].get<std::string>(),
                   tx["known"].get<bool>()});
  }
  return out;
}

OpResult answer(const char* action, json detail = nullptr) {
  return ok({{"action", action}, {"detail", std::move(detail)}});
}

}  // namespace

OpResult relay_resend_op(const json& input) {
  const OpInput in(input, "relayResend");
  const std::uint64_t chain_id = number(in.member("chainId"), "chainId");
  const std::uint64_t mined_nonce = number(in.member("minedNonce"), "minedNonce");
  const std::vector<Stored> transactions = read_transactions(in.member("transactions"));

  std::size_t missing = 0;
  for (const Stored& tx : transactions) {
    if (tx.known) continue;
    ++missing;
    // The relayer's account has mined a transaction at this nonce, and it was not this one.
    if (tx.nonce < mined_nonce) {
      return answer("fail", "the relayer's nonce " + std::to_string(tx.nonce) + " on chain " + std::to_string(chain_id) +
                                " was taken by another transaction, so the " + tx.purpose + " transaction " + tx.hash +
                                " can no longer be mined; nothing new was sent");
    }
  }
  if (missing == 0) return answer("wait");
  if (missing != transactions.size()) {
    std::string hashes;
    for (const Stored& tx : transactions) {
      if (!tx.known) hashes += (hashes.empty() ? "" : ", ") + tx.hash;
    }
    return answer("retry", "part of the job is on chain and part is gone (" + hashes + "); not re-sent unsimulated");
  }
  return answer("simulate");
}

}  // namespace sr::service
