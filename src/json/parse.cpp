// json::parse: what nlohmann::json::parse(text) accepts and builds, with its error messages
// byte for byte (the verifier's reply carries them). The lexer keeps nlohmann's bookkeeping: the
// position counts every character read (EOF too) and un-reads the one after a number; "last read"
// is every character read since the last string or number token began. Iterative, so nesting
// depth is bounded by memory, not by the stack.
#include <cmath>

#include "json/decimal.h"
#include "json/value.h"

namespace sr::json {

namespace {

enum class Token {
  uninitialized, literal_true, literal_false, literal_null, value_string, value_unsigned, value_integer,
  value_float, begin_array, begin_object, end_array, end_object, name_separator, value_separator, parse_error,
  end_of_input, literal_or_value
};

const char* token_name(Token t) {
  switch (t) {
    case Token::uninitialized: return "<uninitialized>";
    case Token::literal_true: return "true literal";
    case Token::literal_false: return "false literal";
    case Token::literal_null: return "null literal";
    case Token::value_string: return "string literal";
    case Token::value_unsigned:
    case Token::value_integer:
    case Token::value_float: return "number literal";
    case Token::begin_array: return "'['";
    case Token::begin_object: return "'{'";
    case Token::end_array: return "']'";
    case Token::end_object: return "'}'";
    case Token::name_separator: return "':'";
    case Token::value_separator: return "','";
    case Token::parse_error: return "<parse error>";
    case Token::end_of_input: return "end of input";
    case Token::literal_or_value: return "'[', '{', or a literal";
  }
  return "unknown token";
}

constexpr int kEof = -1;

// The names nlohmann gives control characters in "must be escaped" errors; BS, HT, LF, FF and CR
// also name their short escape.
constexpr const char* kControlNames[32] = {
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
    "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Token scan() {
    if (chars_read_total_ == 0 && !skip_bom()) {
      error_ = "invalid BOM; must be 0xEF 0xBB 0xBF if given";
      return Token::parse_error;
    }
    do get();
    while (current_ == ' ' || current_ == '\t' || current_ == '\n' || current_ == '\r');
    switch (current_) {
      case '[': return Token::begin_array;
      case ']': return Token::end_array;
      case '{': return Token::begin_object;
      case '}': return Token::end_object;
      case ':': return Token::name_separator;
      case ',': return Token::value_separator;
      case 't': return scan_literal("true", Token::literal_true);
      case 'f': return scan_literal("false", Token::literal_false);
      case 'n': return scan_literal("null", Token::literal_null);
      case '"': return scan_string();
      case '-':
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return scan_number();
      case '\0':
      case kEof: return Token::end_of_input;
      default: error_ = "invalid literal"; return Token::parse_error;
    }
  }

  std::string& buffer() { return buffer_; }
  std::uint64_t unsigned_value() const { return unsigned_; }
  std::int64_t integer_value() const { return integer_; }
  double float_value() const { return float_; }
  const char* error() const { return error_; }

  // " at line L, column C" of the last character read.
  std::string position() const {
    return " at line " + std::to_string(lines_read_ + 1) + ", column " + std::to_string(chars_read_current_line_);
  }

  // The characters of the current token, control characters as <U+XXXX>.
  std::string token_string() const {
    std::string out;
    for (const char c : token_) {
      const auto u = static_cast<unsigned char>(c);
      if (u <= 0x1F) {
        constexpr char hex[] = "0123456789ABCDEF";
        out += "<U+00";
        out += hex[u >> 4];
        out += hex[u & 15];
        out += '>';
      } else {
        out += c;
      }
    }
    return out;
  }

 private:
  int get() {
    ++chars_read_total_;
    ++chars_read_current_line_;
    if (next_unget_) {
      next_unget_ = false;
    } else {
      current_ = next_ < text_.size() ? static_cast<unsigned char>(text_[next_++]) : kEof;
    }
    if (current_ != kEof) token_.push_back(static_cast<char>(current_));
    if (current_ == '\n') {
      ++lines_read_;
      chars_read_current_line_ = 0;
    }
    return current_;
  }

  void unget() {
    next_unget_ = true;
    --chars_read_total_;
    if (chars_read_current_line_ == 0) {
      if (lines_read_ > 0) --lines_read_;
    } else {
      --chars_read_current_line_;
    }
    if (current_ != kEof) token_.pop_back();
  }

  void reset() {
    buffer_.clear();
    token_.clear();
    token_.push_back(static_cast<char>(current_));
  }

  void add(int c) { buffer_.push_back(static_cast<char>(c)); }

  bool skip_bom() {
    if (get() == 0xEF) return get() == 0xBB && get() == 0xBF;
    unget();
    return true;
  }

  Token scan_literal(std::string_view literal, Token type) {
    for (std::size_t i = 1; i < literal.size(); ++i) {
      if (get() != static_cast<unsigned char>(literal[i])) {
        error_ = "invalid literal";
        return Token::parse_error;
      }
    }
    return type;
  }

  int codepoint() {
    int value = 0;
    for (const int shift : {12, 8, 4, 0}) {
      get();
      int digit;
      if (current_ >= '0' && current_ <= '9') digit = current_ - '0';
      else if (current_ >= 'A' && current_ <= 'F') digit = current_ - 'A' + 10;
      else if (current_ >= 'a' && current_ <= 'f') digit = current_ - 'a' + 10;
      else return -1;
      value += digit << shift;
    }
    return value;
  }

  // Adds the current byte and then `count` more, the first within [low, high], the others
  // continuation bytes.
  bool utf8_tail(int count, int low, int high) {
    add(current_);
    for (int i = 0; i < count; ++i) {
      get();
      if (current_ < low || current_ > high) {
        error_ = "invalid string: ill-formed UTF-8 byte";
        return false;
      }
      add(current_);
      low = 0x80;
      high = 0xBF;
    }
    return true;
  }

  void add_codepoint(int cp) {
    const auto c = static_cast<unsigned>(cp);
    if (c < 0x80) {
      add(static_cast<int>(c));
    } else if (c <= 0x7FF) {
      add(static_cast<int>(0xC0u | (c >> 6u)));
      add(static_cast<int>(0x80u | (c & 0x3Fu)));
    } else if (c <= 0xFFFF) {
      add(static_cast<int>(0xE0u | (c >> 12u)));
      add(static_cast<int>(0x80u | ((c >> 6u) & 0x3Fu)));
      add(static_cast<int>(0x80u | (c & 0x3Fu)));
    } else {
      add(static_cast<int>(0xF0u | (c >> 18u)));
      add(static_cast<int>(0x80u | ((c >> 12u) & 0x3Fu)));
      add(static_cast<int>(0x80u | ((c >> 6u) & 0x3Fu)));
      add(static_cast<int>(0x80u | (c & 0x3Fu)));
    }
  }

  Token scan_string() {
    reset();
    for (;;) {
      const int c = get();
      if (c == kEof) {
        error_ = "invalid string: missing closing quote";
        return Token::parse_error;
      }
      if (c == '"') return Token::value_string;
      if (c == '\\') {
        switch (get()) {
          case '"': add('"'); break;
          case '\\': add('\\'); break;
          case '/': add('/'); break;
          case 'b': add('\b'); break;
          case 'f': add('\f'); break;
          case 'n': add('\n'); break;
          case 'r': add('\r'); break;
          case 't': add('\t'); break;
          case 'u': {
            const int first = codepoint();
            int cp = first;
            if (first == -1) {
              error_ = "invalid string: '\\u' must be followed by 4 hex digits";
              return Token::parse_error;
            }
            if (first >= 0xD800 && first <= 0xDBFF) {
              if (get() == '\\' && get() == 'u') {
                const int second = codepoint();
                if (second == -1) {
                  error_ = "invalid string: '\\u' must be followed by 4 hex digits";
                  return Token::parse_error;
                }
                if (second < 0xDC00 || second > 0xDFFF) {
                  error_ = "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF";
                  return Token::parse_error;
                }
                cp = static_cast<int>((static_cast<unsigned>(first) << 10u) + static_cast<unsigned>(second) - 0x35FDC00u);
              } else {
                error_ = "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF";
                return Token::parse_error;
              }
            } else if (first >= 0xDC00 && first <= 0xDFFF) {
              error_ = "invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF";
              return Token::parse_error;
            }
            add_codepoint(cp);
            break;
          }
          default:
            error_ = "invalid string: forbidden character after backslash";
            return Token::parse_error;
        }
        continue;
      }
      if (c <= 0x1F) {
        control_error_ = std::string("invalid string: control character U+00") + "0123456789ABCDEF"[c >> 4] +
                         "0123456789ABCDEF"[c & 15] + " (" + kControlNames[c] + ") must be escaped to \\u00" +
                         "0123456789ABCDEF"[c >> 4] + "0123456789ABCDEF"[c & 15];
        constexpr const char* kShort[32] = {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                                            "\\b",   "\\t",   "\\n",   nullptr, "\\f",   "\\r"};
        if (kShort[c] != nullptr) control_error_ += std::string(" or ") + kShort[c];
        error_ = control_error_.c_str();
        return Token::parse_error;
      }
      if (c < 0x80) {
        add(c);
        continue;
      }
      bool ok;
      if (c >= 0xC2 && c <= 0xDF) ok = utf8_tail(1, 0x80, 0xBF);
      else if (c == 0xE0) ok = utf8_tail(2, 0xA0, 0xBF);
      else if (c == 0xED) ok = utf8_tail(2, 0x80, 0x9F);
      else if (c >= 0xE1 && c <= 0xEF) ok = utf8_tail(2, 0x80, 0xBF);
      else if (c == 0xF0) ok = utf8_tail(3, 0x90, 0xBF);
      else if (c >= 0xF1 && c <= 0xF3) ok = utf8_tail(3, 0x80, 0xBF);
      else if (c == 0xF4) ok = utf8_tail(3, 0x80, 0x8F);
      else {
        error_ = "invalid string: ill-formed UTF-8 byte";
        ok = false;
      }
      if (!ok) return Token::parse_error;
    }
  }

  static bool digit(int c) { return c >= '0' && c <= '9'; }

  Token scan_number() {
    reset();
    Token type = Token::value_unsigned;
    if (current_ == '-') {
      add(current_);
      type = Token::value_integer;
      if (!digit(get())) {
        error_ = "invalid number; expected digit after '-'";
        return Token::parse_error;
      }
    }
    add(current_);
    if (current_ != '0') {
      while (digit(get())) add(current_);
    } else {
      get();
    }
    if (current_ == '.') {
      add(current_);
      type = Token::value_float;
      if (!digit(get())) {
        error_ = "invalid number; expected digit after '.'";
        return Token::parse_error;
      }
      add(current_);
      while (digit(get())) add(current_);
    }
    if (current_ == 'e' || current_ == 'E') {
      add(current_);
      type = Token::value_float;
      get();
      if (current_ == '+' || current_ == '-') {
        add(current_);
        if (!digit(get())) {
          error_ = "invalid number; expected digit after exponent sign";
          return Token::parse_error;
        }
      } else if (!digit(current_)) {
        error_ = "invalid number; expected '+', '-', or digit after exponent";
        return Token::parse_error;
      }
      add(current_);
      while (digit(get())) add(current_);
    }
    unget();
    // Integers that do not fit (strtoull / strtoll would report ERANGE) become doubles, as in
    // nlohmann. Converted here rather than with libc's strto*, which bring its scanner.
    if (type != Token::value_float) {
      const bool negative = type == Token::value_integer;
      std::uint64_t magnitude = 0;
      bool fits = true;
      for (std::size_t i = negative ? 1 : 0; i < buffer_.size() && fits; ++i) {
        const auto digit = static_cast<std::uint64_t>(buffer_[i] - '0');
        fits = magnitude <= (UINT64_MAX - digit) / 10;
        magnitude = magnitude * 10 + digit;
      }
      if (fits && !negative) {
        unsigned_ = magnitude;
        return Token::value_unsigned;
      }
      if (fits && magnitude <= std::uint64_t{1} << 63) {
        integer_ = magnitude == std::uint64_t{1} << 63 ? INT64_MIN : -static_cast<std::int64_t>(magnitude);
        return Token::value_integer;
      }
    }
    float_ = decimal_to_double(buffer_);
    return Token::value_float;
  }

  std::string_view text_;
  std::size_t next_ = 0;
  int current_ = kEof;
  bool next_unget_ = false;
  std::size_t chars_read_total_ = 0;
  std::size_t chars_read_current_line_ = 0;
  std::size_t lines_read_ = 0;
  std::string token_;   // what nlohmann calls token_string
  std::string buffer_;  // a string's decoded bytes, a number's text
  std::uint64_t unsigned_ = 0;
  std::int64_t integer_ = 0;
  double float_ = 0;
  const char* error_ = "";
  std::string control_error_;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : lexer_(text) {}

  Value parse() {
    Value root;
    // Containers being filled, innermost last; for objects, the member being read.
    std::vector<Value*> stack;
    next();
    for (;;) {
      // A value starts at last_.
      Value* slot;
      if (stack.empty()) {
        slot = &root;
      } else if (stack.back()->is_array()) {
        stack.back()->push_back(Value());
        slot = &const_cast<Value&>((*stack.back())[stack.back()->size() - 1]);
      } else {
        slot = &(*stack.back())[std::move(key_)];
      }
      bool closed = false;  // the value is complete (not an open container)
      switch (last_) {
        case Token::begin_object:
          *slot = Value::object();
          if (next() == Token::end_object) {
            closed = true;
            break;
          }
          read_key("object key");
          stack.push_back(slot);
          next();
          continue;
        case Token::begin_array:
          *slot = Value::array();
          if (next() == Token::end_array) {
            closed = true;
            break;
          }
          stack.push_back(slot);
          continue;
        case Token::value_float: {
          const double d = lexer_.float_value();
          if (!std::isfinite(d)) {
            throw Error("[json.exception.out_of_range.406] number overflow parsing '" + lexer_.token_string() + "'",
                        false);
          }
          *slot = d;
          closed = true;
          break;
        }
        case Token::literal_false: *slot = false; closed = true; break;
        case Token::literal_null: *slot = nullptr; closed = true; break;
        case Token::literal_true: *slot = true; closed = true; break;
        case Token::value_integer: *slot = lexer_.integer_value(); closed = true; break;
        case Token::value_unsigned: *slot = lexer_.unsigned_value(); closed = true; break;
        case Token::value_string: *slot = std::move(lexer_.buffer()); closed = true; break;
        case Token::parse_error: fail(Token::uninitialized, "value");
        default: fail(Token::literal_or_value, "value");
      }
      (void)closed;
      // After a complete value: close containers or move on to the next element or member.
      for (;;) {
        if (stack.empty()) {
          if (next() != Token::end_of_input) fail(Token::end_of_input, "value");
          return root;
        }
        if (stack.back()->is_array()) {
          if (next() == Token::value_separator) {
            next();
            break;
          }
          if (last_ != Token::end_array) fail(Token::end_array, "array");
          stack.pop_back();
          continue;
        }
        if (next() == Token::value_separator) {
          next();
          read_key("object key");
          next();
          break;
        }
        if (last_ != Token::end_object) fail(Token::end_object, "object");
        stack.pop_back();
      }
    }
  }

 private:
  Token next() { return last_ = lexer_.scan(); }

  // The current token must be a member name; then a ':' must follow.
  void read_key(const char* context) {
    if (last_ != Token::value_string) fail(Token::value_string, context);
    key_ = std::move(lexer_.buffer());
    if (next() != Token::name_separator) fail(Token::name_separator, "object separator");
  }

  [[noreturn]] void fail(Token expected, const char* context) {
    std::string message = "syntax error while parsing ";
    message += context;
    message += " - ";
    if (last_ == Token::parse_error) {
      message += lexer_.error();
      message += "; last read: '" + lexer_.token_string() + "'";
    } else {
      message += "unexpected ";
      message += token_name(last_);
    }
    if (expected != Token::uninitialized) {
      message += "; expected ";
      message += token_name(expected);
    }
    throw Error("[json.exception.parse_error.101] parse error" + lexer_.position() + ": " + message, true);
  }

  Lexer lexer_;
  Token last_ = Token::uninitialized;
  std::string key_;
};

}  // namespace

Value parse(std::string_view text) { return Parser(text).parse(); }

}  // namespace sr::json
