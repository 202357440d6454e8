#include "json/value.h"

#include <algorithm>

namespace sr::json {

namespace {

// The first member whose key is not below `key` (members are sorted bytewise, as std::string's <).
Value::Object::const_iterator lower_bound(const Value::Object& members, std::string_view key) {
  return std::lower_bound(members.begin(), members.end(), key,
                          [](const Member& m, std::string_view k) { return std::string_view(m.first) < k; });
}

}  // namespace

Value::Value(Kind kind) : kind_(kind) {
  if (kind == Kind::array) array_ = std::make_unique<Array>();
  if (kind == Kind::object) object_ = std::make_unique<Object>();
}

Value::Value(const Value& other) : kind_(other.kind_), scalar_(other.scalar_) {
  if (other.string_) string_ = std::make_unique<std::string>(*other.string_);
  if (other.array_) array_ = std::make_unique<Array>(*other.array_);
  if (other.object_) object_ = std::make_unique<Object>(*other.object_);
}

Value::Value(Value&&) noexcept = default;
Value& Value::operator=(Value&&) noexcept = default;
Value::~Value() = default;

Value& Value::operator=(const Value& other) {
  if (this != &other) *this = Value(other);
  return *this;
}

std::size_t Value::size() const {
  switch (kind_) {
    case Kind::null: return 0;
    case Kind::array: return array_->size();
    case Kind::object: return object_->size();
    default: return 1;
  }
}

void Value::push_back(Value value) {
  if (kind_ == Kind::null) *this = array();
  array_->push_back(std::move(value));
}

Value::const_iterator Value::find(std::string_view key) const {
  if (kind_ != Kind::object) return end();
  const auto it = lower_bound(*object_, key);
  if (it == object_->end() || it->first != key) return end();
  return const_iterator(&*it);
}

Value::const_iterator Value::end() const {
  return const_iterator(kind_ == Kind::object ? object_->data() + object_->size() : nullptr);
}

Value& Value::operator[](std::string key) {
  if (kind_ == Kind::null) *this = object();
  const auto it = lower_bound(*object_, key);
  if (it != object_->end() && it->first == key) return object_->at(static_cast<std::size_t>(it - object_->begin())).second;
  return object_->insert(it, Member(std::move(key), Value()))->second;
}

bool operator==(const Value& a, const Value& b) {
  using Kind = Value::Kind;
  if (a.is_number() && b.is_number() && a.kind_ != b.kind_) {
    // As nlohmann: numbers of different kinds compare by value.
    if (a.is_number_float() || b.is_number_float()) return a.get<double>() == b.get<double>();
    if (a.kind_ == Kind::number_integer) return a.scalar_.i >= 0 && static_cast<std::uint64_t>(a.scalar_.i) == b.scalar_.u;
    return b.scalar_.i >= 0 && static_cast<std::uint64_t>(b.scalar_.i) == a.scalar_.u;
  }
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case Kind::null: return true;
    case Kind::boolean: return a.scalar_.b == b.scalar_.b;
    case Kind::number_unsigned: return a.scalar_.u == b.scalar_.u;
    case Kind::number_integer: return a.scalar_.i == b.scalar_.i;
    case Kind::number_float: return a.scalar_.d == b.scalar_.d;
    case Kind::string: return *a.string_ == *b.string_;
    case Kind::array: return *a.array_ == *b.array_;
    case Kind::object: return *a.object_ == *b.object_;
  }
  return false;
}

}  // namespace sr::json
