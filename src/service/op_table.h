// The core's door: every operation the worker may call, in one table. Each entry names the op,
// the area (folder) that answers it and the function that does. Inputs and answers are JSON;
// their shapes are described, op by op, by one JSON Schema document (src/service/ops.json), from
// which the worker's core client and its types follow. A test holds the table and the document
// together.
#pragma once

#include <span>
#include <string_view>

#include <nlohmann/json.hpp>

#include "crypto/secp256k1.h"
#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

// What every op may read besides its input: the validated configuration and the quote signer.
struct OpContext {
  const Config& config;
  const secp256k1::SecretKey& quote_signer;
};

using OpHandler = OpResult (*)(const OpContext& context, const nlohmann::ordered_json& input);

struct Op {
  std::string_view name;     // what the worker sends, e.g. "quote"
  std::string_view area;     // the folder of src/service that answers it, e.g. "quotes"
  OpHandler handle;
};

// Every op, grouped by area, in the order ops.json lists them.
std::span<const Op> op_table();

// The op named `name`, or nullptr.
const Op* find_op(std::string_view name);

}  // namespace sr::service
