#include "verify/quote_document.h"

#include "protocol/json_fields.h"

namespace sr::verify {

namespace jf = protocol::json_fields;

std::uint64_t read_chain_id(const Json& object, std::string_view name, const Path& path) {
  return jf::read_u64_number(member(object, name, path), path.member(name));
}

U256 read_amount(const Json& object, std::string_view name, const Path& path) {
  return jf::read_decimal(member(object, name, path), path.member(name));
}

namespace {

const ChainInfo& chain_of(const Json& object, std::string_view name, const Path& path,
                          const ChainDirectory& chains) {
  const std::uint64_t id = read_chain_id(object, name, path);
  return chains.at(id, path.member(name));
}

protocol::Account account_of(const Json& object, std::string_view name, const Path& path, Vm vm) {
  return jf::read_account(member(object, name, path), path.member(name), vm);
}

QuoteSide read_side(const Json& quote, const char* side_name, const char* party_name, const ChainDirectory& chains) {
  const Path quote_path = "quote";
  const Path path = quote_path.member(side_name);
  const Json& side = member(quote, side_name, quote_path);
  QuoteSide out;
  out.chain = &chain_of(side, "chainId", path, chains);
  out.token = account_of(side, "token", path, out.chain->vm);
  out.party = account_of(side, party_name, path, out.chain->vm);
  if (optional_member(side, "amount", path) != nullptr) out.amount = read_amount(side, "amount", path);
  return out;
}

// The intent JSON at `path`, with the route read for its destination chain's VM.
std::pair<protocol::Intent, const ChainInfo*> read_intent(const Json& intent_json, const Path& path,
                                                          const ChainInfo& source, const ChainDirectory& chains) {
  const ChainInfo& destination = chain_of(intent_json, "destination", path, chains);
  return {protocol::intent_from_json(intent_json, source.vm, destination.vm, path), &destination};
}

}  // namespace

QuoteSide read_source(const Json& quote, const ChainDirectory& chains) {
  return read_side(quote, "source", "funder", chains);
}

QuoteSide read_destination(const Json& quote, const ChainDirectory& chains) {
  return read_side(quote, "destination", "recipient", chains);
}

std::vector<ListedIntent> read_listed_intents(const Json& quote, const ChainDirectory& chains) {
  std::vector<ListedIntent> out;
  const Path steps_path = "quote.steps";
  const Json& steps = jf::read_array(member(quote, "steps", "quote"), steps_path);
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const Path step_path = steps_path[s];
    const Path intents_path = step_path.member("intents");
    const Json& intents = jf::read_array(member(steps[s], "intents", step_path), intents_path);
    for (std::size_t i = 0; i < intents.size(); ++i) {
      const Json& entry = intents[i];
      const Path path = intents_path[i];
      ListedIntent listed;
      listed.path = path.str();  // kept: the checks name the entry in their details
      listed.role = jf::read_string(member(entry, "role", path), path.member("role"));
      listed.source = &chain_of(entry, "sourceChainId", path, chains);
      const ChainInfo& destination = chain_of(entry, "destinationChainId", path, chains);
      listed.intent_json = &member(entry, "intent", path);
      auto [intent, intent_destination] = read_intent(*listed.intent_json, path.member("intent"), *listed.source, chains);
      if (intent_destination != &destination) {
        throw_parse_error(path + ".intent.destination: " + std::to_string(intent.destination) +
                          " differs from destinationChainId " + std::to_string(destination.chain_id));
      }
      listed.destination = &destination;
      listed.intent = std::move(intent);
      listed.encoded_route = jf::read_hex(member(entry, "encodedRoute", path), path.member("encodedRoute"));
      listed.intent_hash = jf::read_hash32(member(entry, "intentHash", path), path.member("intentHash"));
      listed.vault = account_of(entry, "vault", path, listed.source->vm);
      out.push_back(std::move(listed));
    }
  }
  return out;
}

ExecutionIntent read_execution_intent(const Json& quote, const ChainDirectory& chains,
                                      const std::vector<ListedIntent>* listed) {
  const Json& source = member(quote, "source", "quote");
  ExecutionIntent out;
  out.source = &chain_of(source, "chainId", "quote.source", chains);
  const Json& execution = member(quote, "execution", "quote");
  out.intent_json = &member(execution, "intent", "quote.execution");
  if (listed != nullptr) {
    for (const ListedIntent& twin : *listed) {
      if (twin.source->vm == out.source->vm && *twin.intent_json == *out.intent_json) {
        out.twin = &twin;
        out.destination = twin.destination;
        return out;
      }
    }
  }
  auto [intent, destination] = read_intent(*out.intent_json, "quote.execution.intent", *out.source, chains);
  out.read = std::move(intent);
  out.destination = destination;
  return out;
}

std::vector<protocol::Call> read_calls(const Json& calls, const Path& path, Vm vm) {
  return jf::read_each(calls, path, [vm](const Json& call, const Path& call_path) {
    protocol::Call out;
    out.target = account_of(call, "target", call_path, vm);
    out.data = jf::read_hex(member(call, "data", call_path), call_path.member("data"));
    if (optional_member(call, "value", call_path) != nullptr) out.value = read_amount(call, "value", call_path);
    return out;
  });
}

}  // namespace sr::verify
