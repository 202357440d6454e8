#include "json/value.h"

#include <algorithm>
#include <new>

namespace sr::json {

namespace {

// The first member whose key is not below `key` (members are sorted bytewise, as std::string's <).
Value::Object::const_iterator lower_bound(const Value::Object& members, std::string_view key) {
  return std::lower_bound(members.begin(), members.end(), key,
                          [](const Member& m, std::string_view k) { return std::string_view(m.first) < k; });
}

}  // namespace

Value::Value(Kind kind) : kind_(kind) {
  if (kind == Kind::array) new (&array_) Array();
  if (kind == Kind::object) new (&object_) Object();
}

Value::Value(const Value& other) : kind_(other.kind_) {
  switch (kind_) {
    case Kind::string: new (&string_) std::string(other.string_); break;
    case Kind::array: new (&array_) Array(other.array_); break;
    case Kind::object: new (&object_) Object(other.object_); break;
    case Kind::boolean: b_ = other.b_; break;
    case Kind::number_integer: i_ = other.i_; break;
    case Kind::number_float: d_ = other.d_; break;
    default: u_ = other.u_; break;  // null (0) and unsigned
  }
}

// A moved-from value keeps its kind, with an empty string, array or object.
void Value::construct_from(Value&& other) noexcept {
  kind_ = other.kind_;
  switch (kind_) {
    case Kind::string: new (&string_) std::string(std::move(other.string_)); break;
    case Kind::array: new (&array_) Array(std::move(other.array_)); break;
    case Kind::object: new (&object_) Object(std::move(other.object_)); break;
    case Kind::boolean: b_ = other.b_; break;
    case Kind::number_integer: i_ = other.i_; break;
    case Kind::number_float: d_ = other.d_; break;
    default: u_ = other.u_; break;
  }
}

void Value::destroy() noexcept {
  switch (kind_) {
    case Kind::string: string_.~basic_string(); break;
    case Kind::array: array_.~Array(); break;
    case Kind::object: object_.~Object(); break;
    default: break;
  }
}

Value::Value(Value&& other) noexcept { construct_from(std::move(other)); }

Value& Value::operator=(Value&& other) noexcept {
  if (this != &other) {
    destroy();
    construct_from(std::move(other));
  }
  return *this;
}

Value::~Value() { destroy(); }

Value& Value::operator=(const Value& other) {
  if (this != &other) *this = Value(other);
  return *this;
}

std::size_t Value::size() const {
  switch (kind_) {
    case Kind::null: return 0;
    case Kind::array: return array_.size();
    case Kind::object: return object_.size();
    default: return 1;
  }
}

void Value::push_back(Value value) {
  if (kind_ == Kind::null) *this = array();
  array_.push_back(std::move(value));
}

Value::const_iterator Value::find(std::string_view key) const {
  if (kind_ != Kind::object) return end();
  const auto it = lower_bound(object_, key);
  if (it == object_.end() || it->first != key) return end();
  return const_iterator(&*it);
}

Value::const_iterator Value::end() const {
  return const_iterator(kind_ == Kind::object ? object_.data() + object_.size() : nullptr);
}

Value& Value::operator[](std::string key) {
  if (kind_ == Kind::null) *this = object();
  const auto it = lower_bound(object_, key);
  if (it != object_.end() && it->first == key) return object_[static_cast<std::size_t>(it - object_.begin())].second;
  return object_.insert(it, Member(std::move(key), Value()))->second;
}

bool operator==(const Value& a, const Value& b) {
  using Kind = Value::Kind;
  if (a.is_number() && b.is_number() && a.kind_ != b.kind_) {
    // As nlohmann: numbers of different kinds compare by value.
    if (a.is_number_float() || b.is_number_float()) return a.get<double>() == b.get<double>();
    if (a.kind_ == Kind::number_integer) return a.i_ >= 0 && static_cast<std::uint64_t>(a.i_) == b.u_;
    return b.i_ >= 0 && static_cast<std::uint64_t>(b.i_) == a.u_;
  }
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case Kind::null: return true;
    case Kind::boolean: return a.b_ == b.b_;
    case Kind::number_unsigned: return a.u_ == b.u_;
    case Kind::number_integer: return a.i_ == b.i_;
    case Kind::number_float: return a.d_ == b.d_;
    case Kind::string: return a.string_ == b.string_;
    case Kind::array: return a.array_ == b.array_;
    case Kind::object: return a.object_ == b.object_;
  }
  return false;
}

}  // namespace sr::json
