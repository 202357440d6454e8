// Assertions on validation answers shared by the request tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "service/common/problem.h"

namespace sr::service::testing {

// The answer is a 400 invalid-request whose errors include `field` with a message containing
// `fragment`.
inline ::testing::AssertionResult has_field_error(const OpResult& result, const std::string& field,
                                                  const std::string& fragment) {
  if (result.status != 400 || result.body.value("code", "") != "invalid-request") {
    return ::testing::AssertionFailure() << "expected 400 invalid-request, got " << result.status << " "
                                         << result.body.dump();
  }
  for (const auto& e : result.body["errors"]) {
    if (e["field"] == field && e["message"].get<std::string>().find(fragment) != std::string::npos) {
      return ::testing::AssertionSuccess();
    }
  }
  return ::testing::AssertionFailure() << "no error at " << field << " containing \"" << fragment
                                       << "\"; got " << result.body["errors"].dump(1);
}

}  // namespace sr::service::testing
