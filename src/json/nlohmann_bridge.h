// Conversions between json::Value and nlohmann::json, for native callers that build or read
// documents with nlohmann (the service, the tests, the fuzz targets) and call code that reads
// json::Value (the verifier). Kinds are kept exactly: a signed 5 stays a signed 5.
#pragma once

#include <nlohmann/json.hpp>

#include "json/value.h"

namespace sr::json {

Value from_nlohmann(const nlohmann::json& value);
nlohmann::json to_nlohmann(const Value& value);

}  // namespace sr::json
