// Reading the state and event a Durable Object's driver passes to a step op (relayer_step.h,
// gasless_job_step.h, deposit_address_step.h, ...). Both are the worker's own (what it loaded, what an effect answered), so a
// missing or mistyped member is a worker bug: OpInputError naming the op and the member's path.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "service/common/op_input.h"

namespace sr::service {

class StepFields {
 public:
  explicit StepFields(std::string op) : op_(std::move(op)) {}

  [[noreturn]] void fail(const std::string& why) const { throw OpInputError("op \"" + op_ + "\": " + why); }

  // object[name], where `where` is the object's path ("state", "event.result").
  const nlohmann::ordered_json& member(const nlohmann::ordered_json& object, const char* name, const char* where) const {
    if (!object.is_object() || !object.contains(name)) fail(std::string(where) + "." + name + " is missing");
    return object[name];
  }
  std::string text(const nlohmann::ordered_json& object, const char* name, const char* where) const {
    const auto& value = member(object, name, where);
    if (!value.is_string()) fail(std::string(where) + "." + name + " must be a string");
    return value.get<std::string>();
  }
  bool flag(const nlohmann::ordered_json& object, const char* name, const char* where) const {
    const auto& value = member(object, name, where);
    if (!value.is_boolean()) fail(std::string(where) + "." + name + " must be true or false");
    return value.get<bool>();
  }
  std::uint64_t count(const nlohmann::ordered_json& object, const char* name, const char* where) const {
    const auto& value = member(object, name, where);
    if (!value.is_number_integer() || (!value.is_number_unsigned() && value.get<std::int64_t>() < 0)) {
      fail(std::string(where) + "." + name + " must be a non-negative integer");
    }
    return value.get<std::uint64_t>();
  }

 private:
  std::string op_;
};

}  // namespace sr::service
