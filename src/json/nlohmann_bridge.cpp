#include "json/nlohmann_bridge.h"

namespace sr::json {

Value from_nlohmann(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::boolean: return value.get<bool>();
    case nlohmann::json::value_t::number_unsigned: return value.get<std::uint64_t>();
    case nlohmann::json::value_t::number_integer: return value.get<std::int64_t>();
    case nlohmann::json::value_t::number_float: return value.get<double>();
    case nlohmann::json::value_t::string: return value.get_ref<const std::string&>();
    case nlohmann::json::value_t::array: {
      Value out = Value::array();
      for (const nlohmann::json& element : value) out.push_back(from_nlohmann(element));
      return out;
    }
    case nlohmann::json::value_t::object: {
      Value out = Value::object();
      for (const auto& item : value.items()) out[item.key()] = from_nlohmann(item.value());
      return out;
    }
    default: return nullptr;  // null, discarded, binary
  }
}

nlohmann::json to_nlohmann(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::null: return nullptr;
    case Value::Kind::boolean: return value.get<bool>();
    case Value::Kind::number_unsigned: return value.get<std::uint64_t>();
    case Value::Kind::number_integer: return value.get<std::int64_t>();
    case Value::Kind::number_float: return value.get<double>();
    case Value::Kind::string: return value.get_ref<const std::string&>();
    case Value::Kind::array: {
      nlohmann::json out = nlohmann::json::array();
      for (std::size_t i = 0; i < value.size(); ++i) out.push_back(to_nlohmann(value[i]));
      return out;
    }
    case Value::Kind::object: {
      nlohmann::json out = nlohmann::json::object();
      for (const Member& m : value.items()) out[m.first] = to_nlohmann(m.second);
      return out;
    }
  }
  return nullptr;
}

}  // namespace sr::json
