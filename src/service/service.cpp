#include "service/service.h"

#include <optional>
#include <stdexcept>

#include "eth/address.h"
#include "service/common/json_text.h"
#include "service/common/op_input.h"
#include "service/common/problem.h"
#include "service/op_table.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

json parse_object(std::string_view text, std::string_view what) {
  json value = json::parse(text.begin(), text.end());
  if (!value.is_object()) throw Error(std::string(what) + " must be a JSON object");
  return value;
}

secp256k1::SecretKey signer_from(std::string_view secrets_json) {
  const json secrets = parse_object(secrets_json, "secrets");
  auto key = secrets.find("quoteSignerKey");
  if (key == secrets.end() || !key->is_string()) {
    throw Error("secrets.quoteSignerKey must be a hex string (0x + 64 digits)");
  }
  return secp256k1::SecretKey::from_hex(key->get<std::string>());
}

OpResult dispatch(const OpContext& context, std::string_view op, const json& input) {
  const Op* entry = find_op(op);
  if (!entry) throw OpInputError("unknown op \"" + std::string(op) + "\"");
  return entry->handle(context, input);
}

}  // namespace

Service::Service(std::string_view config_json, std::string_view secrets_json)
    : config_(Config::from_json(parse_object(config_json, "configuration"))), signer_(signer_from(secrets_json)) {
  require_quote_signer(config_, Address::from_public_key(secp256k1::public_key(signer_)));
}

std::string Service::handle(std::string_view op, std::string_view input_json) const {
  OpResult result;
  try {
    const json input = input_json.empty() ? json::object() : parse_json(input_json);
    result = dispatch(OpContext{config_, signer_}, op, input);
  } catch (const std::exception& e) {
    result = problem(ProblemCode::internal, std::string("internal error: ") + e.what());
  } catch (...) {
    result = problem(ProblemCode::internal, "internal error");
  }
  try {
    json answer = reserve_members(5);
    add_member(answer, "status", result.status);
    add_member(answer, "body", std::move(result.body));
    if (!result.headers.is_null()) add_member(answer, "headers", std::move(result.headers));
    if (!result.registrations.is_null()) add_member(answer, "registrations", std::move(result.registrations));
    if (!result.simulations.is_null()) add_member(answer, "simulations", std::move(result.simulations));
    return dump_json(answer);
  } catch (const std::exception&) {
    // Only invalid UTF-8 in a body can make dump() throw; nothing of the client's reaches here.
    return R"({"status":500,"body":{"type":"urn:stableroutes:problem:internal","title":"Internal error","status":500,"code":"internal","detail":"the response could not be serialised","errors":[]}})";
  }
}

}  // namespace sr::service
