// The JSON value the verifier reads its arguments into and writes its reply from: null, booleans,
// numbers (unsigned, negative integer or double, classified as nlohmann::json classifies them),
// strings, arrays, and objects whose members are kept sorted by key (nlohmann's std::map order, so
// "unknown member" errors and dumps come out in the same order). Its accessors follow the names of
// nlohmann::json's, so the protocol layer's generic readers (protocol/json_fields.h) compile for
// both: the service keeps nlohmann::json, the verifier uses this type, which is a fraction of the
// code in WebAssembly (no std::map, no exception classes with formatted messages, no printf).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace sr::json {

struct Member;
namespace detail {
class Parser;
}

class Value {
 public:
  enum class Kind : std::uint8_t { null, boolean, number_unsigned, number_integer, number_float, string, array, object };
  using Array = std::vector<Value>;
  using Object = std::vector<Member>;  // sorted by key, keys unique

  Value() {}
  Value(std::nullptr_t) {}
  Value(bool b) : kind_(Kind::boolean), b_(b) {}
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
  Value(I n) {
    if constexpr (std::is_signed_v<I>) {
      kind_ = Kind::number_integer;
      i_ = n;
    } else {
      kind_ = Kind::number_unsigned;
      u_ = n;
    }
  }
  Value(double d) : kind_(Kind::number_float), d_(d) {}
  Value(std::string s) : kind_(Kind::string), string_(std::move(s)) {}
  Value(const char* s) : Value(std::string(s)) {}
  static Value array() { return Value(Kind::array); }
  static Value object() { return Value(Kind::object); }

  Value(const Value& other);
  Value(Value&&) noexcept;
  Value& operator=(const Value& other);
  Value& operator=(Value&&) noexcept;
  ~Value();

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::null; }
  bool is_boolean() const { return kind_ == Kind::boolean; }
  bool is_number() const { return kind_ >= Kind::number_unsigned && kind_ <= Kind::number_float; }
  // As nlohmann: unsigned and negative integers are both "integer".
  bool is_number_integer() const { return kind_ == Kind::number_unsigned || kind_ == Kind::number_integer; }
  bool is_number_unsigned() const { return kind_ == Kind::number_unsigned; }
  bool is_number_float() const { return kind_ == Kind::number_float; }
  bool is_string() const { return kind_ == Kind::string; }
  bool is_array() const { return kind_ == Kind::array; }
  bool is_object() const { return kind_ == Kind::object; }

  // Scalars, converted as nlohmann's get<T>() converts numbers (a static_cast); callers check the
  // kind first.
  template <class T>
  T get() const {
    if constexpr (std::is_same_v<T, bool>) {
      return b_;
    } else if constexpr (std::is_same_v<T, std::string>) {
      return string_;
    } else {
      switch (kind_) {
        case Kind::number_unsigned: return static_cast<T>(u_);
        case Kind::number_integer: return static_cast<T>(i_);
        case Kind::number_float: return static_cast<T>(d_);
        default: return T{};
      }
    }
  }
  template <class T>
  T get_ref() const {
    static_assert(std::is_same_v<T, const std::string&>);
    return string_;
  }

  // Arrays and objects: the number of elements or members (0 for null, 1 for scalars, as nlohmann).
  std::size_t size() const;
  bool empty() const { return size() == 0; }
  const Value& operator[](std::size_t index) const { return array_[index]; }
  const Value& at(std::size_t index) const { return array_.at(index); }
  void push_back(Value value);  // on an array (or null, which becomes one)

  // Object lookup: find() returns end() when absent.
  class const_iterator {
   public:
    explicit const_iterator(const Member* m = nullptr) : m_(m) {}
    const Value& operator*() const;
    const Value* operator->() const;
    const std::string& key() const;
    const_iterator& operator++();
    bool operator==(const const_iterator& other) const { return m_ == other.m_; }
    bool operator!=(const const_iterator& other) const { return m_ != other.m_; }

   private:
    const Member* m_;
  };
  const_iterator find(std::string_view key) const;
  const_iterator end() const;
  bool contains(std::string_view key) const { return find(key) != end(); }
  // The member `key`, which must be present (callers check first, as with nlohmann's const []).
  const Value& operator[](std::string_view key) const { return *find(key); }
  const Value& operator[](const char* key) const { return *find(key); }
  // Members in key order.
  const Object& items() const { return object_; }
  // Sets the member `key` (on an object, or null, which becomes one); the last of duplicates wins.
  Value& operator[](std::string key);
  Value& operator[](const char* key) { return (*this)[std::string(key)]; }

  // The text nlohmann's dump() writes (no indentation): the same escapes, number forms and
  // member order; throws Error for a string that is not UTF-8, as nlohmann does.
  std::string dump() const;

  friend bool operator==(const Value& a, const Value& b);
  friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }

 private:
  friend class detail::Parser;  // fills arrays and objects in place
  explicit Value(Kind kind);
  void construct_from(Value&& other) noexcept;  // into this, which holds nothing
  void destroy() noexcept;

  // The kind's member of the union is the one alive: strings, arrays and objects are held in
  // place, not behind a pointer of their own (one allocation less for each).
  Kind kind_ = Kind::null;
  union {
    std::uint64_t u_ = 0;
    bool b_;
    std::int64_t i_;
    double d_;
    std::string string_;
    Array array_;
    Object object_;
  };
};

// An object member: key() / value() like nlohmann's items(), and first / second for structured
// bindings.
struct Member : std::pair<std::string, Value> {
  using std::pair<std::string, Value>::pair;
  const std::string& key() const { return first; }
  const Value& value() const { return second; }
};

inline const Value& Value::const_iterator::operator*() const { return m_->second; }
inline const Value* Value::const_iterator::operator->() const { return &m_->second; }
inline const std::string& Value::const_iterator::key() const { return m_->first; }
inline Value::const_iterator& Value::const_iterator::operator++() {
  ++m_;
  return *this;
}

// What the parser and dump() throw: the message of the nlohmann exception the same input raises
// ("[json.exception.parse_error.101] parse error at line 1, column 2: ..."). syntax is true for
// nlohmann's parse_error, false for the others (out_of_range.406 on a number overflow,
// type_error.316 on a string that is not UTF-8).
class Error : public std::exception {
 public:
  Error(std::string message, bool syntax) : message_(std::move(message)), syntax_(syntax) {}
  const char* what() const noexcept override { return message_.c_str(); }
  bool syntax() const { return syntax_; }

 private:
  std::string message_;
  bool syntax_;
};

// Parses one JSON document, as nlohmann::json::parse(text) does (strict: only whitespace may
// follow; a NUL byte ends the input), with nlohmann's exact error messages.
Value parse(std::string_view text);

}  // namespace sr::json
