#include "service/quotes/request_chains.h"

namespace sr::service {

RequestChain RequestChains::read(ObjectReader& reader, std::string_view name) {
  RequestChain chain;
  chain.id = reader.integer(name, true, 1);
  if (!chain.id) return chain;
  chain.record = config_.chain(*chain.id);
  if (!chain.record) {
    const std::string path = reader.path_of(name);
    unsupported_.push_back({path, path + " " + std::to_string(*chain.id) +
                                      " is not a supported chain (GET /v1/chains lists them)"});
  }
  return chain;
}

std::optional<OpResult> RequestChains::verdict(const FieldErrors& errors) const {
  if (!errors.empty()) return invalid_request(errors);
  if (unsupported_.empty()) return std::nullopt;
  std::string detail;
  for (const auto& e : unsupported_) {
    if (!detail.empty()) detail += "; ";
    detail += e.message;
  }
  return problem(ProblemCode::chain_not_supported, detail, unsupported_);
}

}  // namespace sr::service
