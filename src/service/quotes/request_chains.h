// The chains a request names, resolved against the configuration while the request is read.
// Shared by the v1 and legacy validators so both answer in the same order: every field error
// first (400), then an unconfigured chain (422 chain-not-supported).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "service/config/config.h"
#include "service/common/field_reader.h"
#include "service/common/problem.h"

namespace sr::service {

struct RequestChain {
  std::optional<std::uint64_t> id;       // nullopt when missing or malformed (error recorded)
  const ChainRecord* record = nullptr;   // nullptr when the id is not configured

  // The VM addresses on this chain must be valid for; nullopt while the chain is unknown.
  std::optional<Vm> vm() const { return record ? std::optional<Vm>(record->vm) : std::nullopt; }
};

class RequestChains {
 public:
  explicit RequestChains(const Config& config) : config_(config) {}

  // Reads reader.<name> as a required positive integer chain id and looks it up. An id that is
  // well formed but not configured is remembered for verdict().
  RequestChain read(ObjectReader& reader, std::string_view name);

  // After the whole request was read: 400 invalid-request listing `errors` when there are any,
  // else 422 chain-not-supported naming each unconfigured chain, else nullopt (go on).
  std::optional<OpResult> verdict(const FieldErrors& errors) const;

 private:
  const Config& config_;
  std::vector<FieldError> unsupported_;
};

}  // namespace sr::service
