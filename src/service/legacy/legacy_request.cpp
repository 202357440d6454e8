#include "service/legacy/legacy_request.h"

#include <algorithm>

#include "service/common/field_reader.h"
#include "service/common/field_values.h"
#include "service/quotes/request_chains.h"

namespace sr::service {

namespace {

// Eco's enum has two execution types. SELF_PUBLISH (the funder publishes and funds the entry's
// intent) is the one this keyless interface quotes; GASLESS asks the quoting host to relay a signed
// authorization, which the legacy host never does: such a request is refused as a whole, naming
// the field and where gasless funding is served.
constexpr std::string_view kGaslessRefusal =
    "intentExecutionTypes names \"GASLESS\", which the legacy interface does not serve (it quotes SELF_PUBLISH "
    "and relays nothing); gasless funding is served under /v1/gasless (POST /v1/gasless/permit3, "
    "/v1/gasless/permit2 or /v1/gasless/erc3009, with an API key)";

std::vector<IntentExecutionType> read_execution_types(ObjectReader& root) {
  std::vector<IntentExecutionType> types;
  const Json* value = root.required("intentExecutionTypes");
  const std::string path = "intentExecutionTypes";
  if (!value || !read_array(*value, path, root.errors())) return types;
  if (value->empty()) root.errors().add(path, path + " must list at least one execution type");
  bool gasless = false;
  for (std::size_t i = 0; i < value->size(); ++i) {
    const std::string item = element_path(path, i);
    auto text = read_string((*value)[i], item, root.errors());
    if (!text) continue;
    if (*text == "GASLESS") {
      gasless = true;
    } else if (*text != "SELF_PUBLISH") {
      root.errors().add(item, item + " must be \"SELF_PUBLISH\" or \"GASLESS\" (the execution types of Eco's interface)");
    } else if (std::find(types.begin(), types.end(), IntentExecutionType::self_publish) == types.end()) {
      types.push_back(IntentExecutionType::self_publish);
    }
  }
  if (gasless) root.errors().add(path, std::string(kGaslessRefusal));
  return types;
}

// A contracts.<name> override is accepted only when it names the configured contract.
void check_contract(ObjectReader& contracts, std::string_view name, const RequestChain& chain,
                    const std::optional<ChainAddress>& configured) {
  auto given = read_address_member(contracts, name, false, chain.vm());
  if (!given || !chain.record) return;
  if (!configured || *given != *configured) {
    const std::string path = contracts.path_of(name);
    contracts.errors().add(path, path + " must be the configured " +
                                     (configured ? configured->text() : std::string("(none)")) + " of chain " +
                                     std::to_string(chain.record->chain_id) + ", or omitted");
  }
}

}  // namespace

Validated<LegacyQuoteRequest> validate_legacy_quote_request(const Json& body, const Config& config) {
  FieldErrors errors;
  RequestChains chains(config);
  ObjectReader root(body, "", errors);
  std::optional<std::string> dapp_id;
  if (const Json* value = root.required("dAppID")) dapp_id = read_label(*value, "dAppID", errors, 1, 128);
  auto types = read_execution_types(root);

  RequestChain source, destination;
  std::optional<ChainAddress> source_token, destination_token, funder, refund_recipient, recipient;
  std::optional<U256> amount;
  if (const Json* value = root.required("quoteRequest")) {
    ObjectReader q(*value, "quoteRequest", errors);
    source = chains.read(q, "sourceChainID");
    destination = chains.read(q, "destinationChainID");
    source_token = read_address_member(q, "sourceToken", true, source.vm());
    destination_token = read_address_member(q, "destinationToken", true, destination.vm());
    if (const Json* a = q.required("sourceAmount")) amount = read_amount(*a, q.path_of("sourceAmount"), source.vm(), errors);
    funder = read_address_member(q, "funder", true, source.vm());
    refund_recipient = read_address_member(q, "refundRecipient", false, source.vm());
    recipient = read_address_member(q, "recipient", true, destination.vm());
    q.reject_unknown();
  }
  if (const Json* value = root.optional("contracts")) {
    ObjectReader c(*value, "contracts", errors);
    check_contract(c, "sourcePortal", source, source.record ? std::optional(source.record->portal) : std::nullopt);
    check_contract(c, "destinationPortal", destination,
                   destination.record ? std::optional(destination.record->portal) : std::nullopt);
    check_contract(c, "prover", source, source.record ? source.record->prover : std::nullopt);
    c.reject_unknown();
  }
  root.reject_unknown();

  if (auto answer = chains.verdict(errors)) return Validated<LegacyQuoteRequest>::failed(std::move(*answer));
  return {LegacyQuoteRequest{*dapp_id, std::move(types), *source.id, *destination.id, *source_token,
                             *destination_token, *amount, *funder, refund_recipient.value_or(*funder), *recipient},
          {}};
}

Validated<LegacyIntentStatusRequest> validate_legacy_intent_status(const Json& body) {
  FieldErrors errors;
  ObjectReader root(body, "", errors);
  LegacyIntentStatusRequest request;
  const auto hash = [&](std::string_view name, std::optional<Hash32>& out) {
    if (const Json* value = root.optional(name)) out = read_hash32(*value, std::string(name), errors);
  };
  hash("intentHash", request.intent_hash);
  hash("intentCreatedHash", request.intent_created_hash);
  hash("fulfillmentHash", request.fulfillment_hash);
  root.reject_unknown();
  if (root.is_object() && !root.has("intentHash") && !root.has("intentCreatedHash") && !root.has("fulfillmentHash")) {
    errors.add("intentHash", "one of intentHash, intentCreatedHash or fulfillmentHash is required");
  }
  if (!errors.empty()) return Validated<LegacyIntentStatusRequest>::failed(invalid_request(errors));
  return {request, {}};
}

}  // namespace sr::service
