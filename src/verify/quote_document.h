// Reading the parts of a v1 quote (the Quote schema of edge-worker/openapi.json) that verification compares.
// Addresses are read for the VM of the chain they live on, taken from the trusted chain records;
// every error names the dotted path inside the quote ("quote.steps[0].intents[1].intentHash: ...").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crypto/bytes.h"
#include "eth/u256.h"
#include "protocol/account.h"
#include "protocol/intent.h"
#include "verify/chain_directory.h"
#include "verify/json_members.h"

namespace sr::verify {

// quote.source / quote.destination: one side of the transfer.
struct QuoteSide {
  const ChainInfo* chain = nullptr;
  protocol::Account token;
  std::optional<U256> amount;  // source.amount, destination.amount (when the side was fixed)
  protocol::Account party;     // source.funder, destination.recipient
};
QuoteSide read_source(const Json& quote, const ChainDirectory& chains);
QuoteSide read_destination(const Json& quote, const ChainDirectory& chains);

// One entry of steps[].intents[], decoded.
struct ListedIntent {
  std::string path;  // "quote.steps[0].intents[1]"
  std::string role;
  const ChainInfo* source = nullptr;
  const ChainInfo* destination = nullptr;
  protocol::Intent intent;
  Bytes encoded_route;     // as listed
  Hash32 intent_hash{};    // as listed
  protocol::Account vault; // as listed
  const Json* intent_json = nullptr;  // the "intent" member it was read from
};
// Every listed intent, in order. ParseError for a malformed entry, an unknown chain, or an intent
// whose `destination` differs from the entry's destinationChainId.
std::vector<ListedIntent> read_listed_intents(const Json& quote, const ChainDirectory& chains);

// execution.intent: the intent the funding transaction publishes and funds. Its reward lives on
// quote.source.chainId, its route on the chain named by intent.destination.
struct ExecutionIntent {
  const ChainInfo* source = nullptr;
  const ChainInfo* destination = nullptr;
  const Json* intent_json = nullptr;  // quote.execution.intent
  const protocol::Intent& intent() const { return twin != nullptr ? twin->intent : read; }

  protocol::Intent read;                // as read here, or
  const ListedIntent* twin = nullptr;  // the listed intent of the same JSON (below), not copied
};
// `listed`, when given, are the quote's listed intents, read already: execution.intent is one of
// them, and the same intent JSON read for a source chain of the same VM is the same intent with
// the same destination chain, so its twin's is taken instead of reading it again (reading it,
// its dotted paths and hex included, was a twentieth of a verification). The reply is the same
// either way: a twin read without error, so this one would have too.
ExecutionIntent read_execution_intent(const Json& quote, const ChainDirectory& chains,
                                      const std::vector<ListedIntent>* listed = nullptr);

// A list of destination calls {"target", "data", "value"?} (value: decimal string, default "0"),
// targets read for `vm`: the form of request and quote destination.calls.
std::vector<protocol::Call> read_calls(const Json& calls, const Path& path, Vm vm);

// A chain id member: a non-negative JSON integer.
std::uint64_t read_chain_id(const Json& object, std::string_view name, const Path& path);
// A base-unit amount member: a strict decimal string.
U256 read_amount(const Json& object, std::string_view name, const Path& path);

}  // namespace sr::verify
