// Lenient navigation of API documents (quotes, chain records, requests): unlike the protocol
// layer's strict readers, members the verifier does not look at are allowed, so a newer server
// that adds fields does not break older clients. What is read is read strictly, with the dotted
// path of the value in every error ("quote.destination.minAmountOut: missing").
#pragma once

#include <string>
#include <string_view>

#include "json/path.h"
#include "json/value.h"

namespace sr::verify {

// The verifier reads and writes its own JSON value (json/value.h); native callers holding
// nlohmann::json documents go through the overloads defined in verify/nlohmann_api.cpp.
using Json = json::Value;
// Where a value sits, made into text only for an error (json/path.h).
using json::Path;

// The member `name` of the object at `path`. ParseError when `value` is not an object or the
// member is absent.
const Json& member(const Json& value, std::string_view name, const Path& path);
// The member, or nullptr when it is absent or JSON null (ParseError when `value` is not an object).
const Json* optional_member(const Json& value, std::string_view name, const Path& path);

}  // namespace sr::verify
