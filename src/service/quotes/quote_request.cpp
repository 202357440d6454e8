#include "service/quotes/quote_request.h"

#include "service/common/field_reader.h"
#include "service/common/field_values.h"
#include "service/quotes/request_chains.h"

namespace sr::service {

std::string_view quote_type_name(QuoteType type) {
  switch (type) {
    case QuoteType::exact_in: return "exact-in";
    case QuoteType::exact_out: return "exact-out";
    case QuoteType::custom: return "custom";
  }
  return "";
}

namespace {

std::optional<QuoteType> parse_quote_type(std::string_view text) {
  for (auto type : {QuoteType::exact_in, QuoteType::exact_out, QuoteType::custom}) {
    if (text == quote_type_name(type)) return type;
  }
  return std::nullopt;
}

// Every object of a v1 request refuses encodedRoute with the same pointer to its replacement.
ObjectReader request_object(const Json& value, std::string path, FieldErrors& errors) {
  ObjectReader reader(value, std::move(path), errors);
  reader.forbid("encodedRoute", kEncodedRouteRemoved);
  return reader;
}

std::optional<U256> amount_member(ObjectReader& r, std::string_view name, std::optional<Vm> vm) {
  const Json* value = r.optional(name);
  if (!value) return std::nullopt;
  return read_amount(*value, r.path_of(name), vm, r.errors());
}

struct SourceFields {
  RequestChain chain;
  std::optional<ChainAddress> token, funder, refund_recipient;
  std::optional<U256> amount;
  bool has_amount = false;
};

SourceFields read_source(ObjectReader& root, RequestChains& chains) {
  SourceFields s;
  const Json* value = root.required("source");
  if (!value) return s;
  ObjectReader r = request_object(*value, "source", root.errors());
  s.chain = chains.read(r, "chainId");
  s.token = read_address_member(r, "token", true, s.chain.vm());
  s.has_amount = r.has("amount");
  s.amount = amount_member(r, "amount", s.chain.vm());
  s.funder = read_address_member(r, "funder", true, s.chain.vm());
  s.refund_recipient = read_address_member(r, "refundRecipient", false, s.chain.vm());
  r.reject_unknown();
  return s;
}

struct DestinationFields {
  RequestChain chain;
  std::optional<ChainAddress> token, recipient;
  std::optional<U256> amount;
  bool has_amount = false;
  bool has_calls = false;
  std::size_t call_count = 0;
  std::vector<DestinationCall> calls;
  bool calls_valid = true;
};

std::optional<DestinationCall> read_call(const Json& value, const std::string& path, std::optional<Vm> vm,
                                         FieldErrors& errors) {
  ObjectReader r = request_object(value, path, errors);
  const std::size_t errors_before = errors.size();
  auto target = read_address_member(r, "target", true, vm);
  std::optional<Bytes> data;
  if (const Json* d = r.required("data")) data = read_hex_bytes(*d, r.path_of("data"), errors);
  std::optional<U256> call_value = U256(0);
  if (const Json* v = r.optional("value")) {
    call_value = read_amount(*v, r.path_of("value"), vm, errors, ZeroAmount::allowed);
    if (call_value && vm == Vm::svm && !call_value->is_zero()) {
      errors.add(r.path_of("value"), r.path_of("value") + " must be \"0\" on an SVM chain (Solana calls carry no native value)");
    }
  }
  r.reject_unknown();
  if (errors.size() != errors_before || !target) return std::nullopt;
  return DestinationCall{*target, *data, *call_value};
}

DestinationFields read_destination(ObjectReader& root, RequestChains& chains, const ServiceSettings& settings) {
  DestinationFields d;
  const Json* value = root.required("destination");
  if (!value) return d;
  ObjectReader r = request_object(*value, "destination", root.errors());
  d.chain = chains.read(r, "chainId");
  d.token = read_address_member(r, "token", true, d.chain.vm());
  d.recipient = read_address_member(r, "recipient", true, d.chain.vm());
  d.has_amount = r.has("amount");
  d.amount = amount_member(r, "amount", d.chain.vm());
  d.has_calls = r.has("calls");
  if (const Json* calls = r.optional("calls")) {
    const std::string path = r.path_of("calls");
    if (!read_array(*calls, path, r.errors())) {
      d.calls_valid = false;
    } else {
      d.call_count = calls->size();
      if (calls->size() > settings.max_calls) {
        r.errors().add(path, path + " must have at most " + std::to_string(settings.max_calls) + " calls (it has " +
                                 std::to_string(calls->size()) + ")");
        d.calls_valid = false;
      }
      for (std::size_t i = 0; i < calls->size(); ++i) {
        auto call = read_call((*calls)[i], element_path(path, i), d.chain.vm(), r.errors());
        if (call) {
          d.calls.push_back(std::move(*call));
        } else {
          d.calls_valid = false;
        }
      }
    }
  }
  r.reject_unknown();
  return d;
}

// The amounts and calls each type needs or refuses.
void check_type_rules(QuoteType type, const SourceFields& s, const DestinationFields& d, bool has_source,
                      bool has_destination, FieldErrors& errors) {
  const std::string name(quote_type_name(type));
  const auto require = [&](bool present, bool parent_present, const char* path, const char* why) {
    if (!present && parent_present) errors.add(path, std::string(path) + " is required for type " + name + why);
  };
  const auto refuse = [&](bool present, const char* path, const char* why) {
    if (present) errors.add(path, std::string(path) + " must not be set for type " + name + why);
  };
  switch (type) {
    case QuoteType::exact_in:
      require(s.has_amount, has_source, "source.amount", "");
      refuse(d.has_amount, "destination.amount", ": the quote computes the output (destination.minAmountOut)");
      refuse(d.has_calls, "destination.calls", ": calls are only accepted with type custom");
      break;
    case QuoteType::exact_out:
      require(d.has_amount, has_destination, "destination.amount", "");
      refuse(s.has_amount, "source.amount", ": the quote computes the required source.amount");
      refuse(d.has_calls, "destination.calls", ": calls are only accepted with type custom");
      break;
    case QuoteType::custom:
      require(s.has_amount, has_source, "source.amount", "");
      require(d.has_calls, has_destination, "destination.calls", "");
      if (d.has_calls && d.calls_valid && d.call_count == 0) {
        errors.add("destination.calls", "destination.calls must list at least one call for type custom");
      }
      refuse(d.has_amount, "destination.amount", ": source.amount is spent and the quote computes the output");
      break;
  }
}

}  // namespace

Validated<QuoteRequest> validate_quote_request(const Json& body, const Config& config) {
  FieldErrors errors;
  RequestChains chains(config);
  ObjectReader root = request_object(body, "", errors);
  root.forbid("swapType", "is retired; use `type`");
  root.forbid("funder", "is retired; use `source.funder`");

  std::optional<QuoteType> type;
  if (auto text = root.string("type", true)) {
    type = parse_quote_type(*text);
    if (!type) errors.add("type", "type must be one of \"exact-in\", \"exact-out\", \"custom\"");
  }
  const bool has_source = root.has("source");
  const bool has_destination = root.has("destination");
  SourceFields source = read_source(root, chains);
  DestinationFields destination = read_destination(root, chains, config.service());

  const SlippageSettings& bounds = config.service().slippage;
  std::uint32_t slippage = bounds.default_millionths;
  if (const Json* value = root.optional("slippage")) {
    if (auto millionths = read_millionths(*value, "slippage", errors)) {
      if (*millionths < bounds.min_millionths || *millionths > bounds.max_millionths) {
        errors.add("slippage", "slippage must be between " + millionths_to_decimal(bounds.min_millionths) + " and " +
                                   millionths_to_decimal(bounds.max_millionths) + " inclusive");
      } else {
        slippage = *millionths;
      }
    }
  }
  std::optional<std::string> dapp_id;
  if (const Json* value = root.required("dappId")) dapp_id = read_label(*value, "dappId", errors, 1, 128);

  bool all_quotes = false;
  if (const Json* value = root.optional("options")) {
    ObjectReader options = request_object(*value, "options", errors);
    all_quotes = options.boolean("allQuotes", false).value_or(false);
    options.reject_unknown();
  }
  root.reject_unknown();
  if (type && root.is_object()) check_type_rules(*type, source, destination, has_source, has_destination, errors);

  if (auto answer = chains.verdict(errors)) return Validated<QuoteRequest>::failed(std::move(*answer));

  return {QuoteRequest{
      *type,
      QuoteSource{*source.chain.id, *source.token, source.amount, *source.funder,
                  source.refund_recipient.value_or(*source.funder)},
      QuoteDestination{*destination.chain.id, *destination.token, *destination.recipient, destination.amount,
                       std::move(destination.calls)},
      slippage,
      *dapp_id,
      all_quotes,
  }, {}};
}

}  // namespace sr::service
