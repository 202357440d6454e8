// json::parse: what nlohmann::json::parse(text) accepts and builds, with its error messages
// byte for byte (the verifier's reply carries them). The lexer keeps nlohmann's bookkeeping: the
// position counts every character read (EOF too) and un-reads the one after a number; "last read"
// is every character read since the last string or number token began, which is a slice of the
// input: the lexer keeps where it starts and copies it only for an error message. Strings are
// decoded a run at a time (the characters up to the next quote, backslash, control or non-ASCII
// byte are appended at once), numbers are read from the input slice. Iterative, so nesting depth
// is bounded by memory, not by the stack.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

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

  // The characters of the current token (read since the last string or number began, less one
  // un-read), control characters as <U+XXXX>.
  std::string token_string() const {
    const std::size_t end = next_ - (next_unget_ && current_ != kEof ? 1 : 0);
    std::string out;
    for (std::size_t i = token_start_; i < end; ++i) {
      const char c = text_[i];
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
  }

  // A string or number token begins at the current character (just read, not un-read).
  void reset() {
    buffer_.clear();
    token_start_ = next_ - 1;
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

  // Printable ASCII but the quote and the backslash: what a string holds as it is.
  static bool plain(unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; }

  Token scan_string() {
    reset();
    for (;;) {
      // The run of plain characters from here, appended at once (no newline among them, and
      // nothing is un-read inside a string).
      std::size_t end = next_;
      while (end < text_.size() && plain(static_cast<unsigned char>(text_[end]))) ++end;
      if (end != next_) {
        const std::size_t n = end - next_;
        buffer_.append(text_.data() + next_, n);
        chars_read_total_ += n;
        chars_read_current_line_ += n;
        next_ = end;
        current_ = static_cast<unsigned char>(text_[end - 1]);
      }
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

  // A number's characters are its token's: read here, converted from the input slice.
  Token scan_number() {
    token_start_ = next_ - 1;
    Token type = Token::value_unsigned;
    if (current_ == '-') {
      type = Token::value_integer;
      if (!digit(get())) {
        error_ = "invalid number; expected digit after '-'";
        return Token::parse_error;
      }
    }
    if (current_ != '0') {
      while (digit(get())) {
      }
    } else {
      get();
    }
    if (current_ == '.') {
      type = Token::value_float;
      if (!digit(get())) {
        error_ = "invalid number; expected digit after '.'";
        return Token::parse_error;
      }
      while (digit(get())) {
      }
    }
    if (current_ == 'e' || current_ == 'E') {
      type = Token::value_float;
      get();
      if (current_ == '+' || current_ == '-') {
        if (!digit(get())) {
          error_ = "invalid number; expected digit after exponent sign";
          return Token::parse_error;
        }
      } else if (!digit(current_)) {
        error_ = "invalid number; expected '+', '-', or digit after exponent";
        return Token::parse_error;
      }
      while (digit(get())) {
      }
    }
    unget();
    const std::string_view number = text_.substr(token_start_, next_ - (current_ != kEof ? 1 : 0) - token_start_);
    // Integers that do not fit (strtoull / strtoll would report ERANGE) become doubles, as in
    // nlohmann. Converted here rather than with libc's strto*, which bring its scanner.
    if (type != Token::value_float) {
      const bool negative = type == Token::value_integer;
      std::uint64_t magnitude = 0;
      bool fits = true;
      for (std::size_t i = negative ? 1 : 0; i < number.size() && fits; ++i) {
        const auto digit = static_cast<std::uint64_t>(number[i] - '0');
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
    float_ = decimal_to_double(number);
    return Token::value_float;
  }

  std::string_view text_;
  std::size_t next_ = 0;
  int current_ = kEof;
  bool next_unget_ = false;
  std::size_t chars_read_total_ = 0;
  std::size_t chars_read_current_line_ = 0;
  std::size_t lines_read_ = 0;
  std::size_t token_start_ = 0;  // where what nlohmann calls token_string begins in text_
  std::string buffer_;           // a string's decoded bytes
  std::uint64_t unsigned_ = 0;
  std::int64_t integer_ = 0;
  double float_ = 0;
  const char* error_ = "";
  std::string control_error_;
};

}  // namespace

namespace detail {

// Builds the value bottom-up: the elements and members of the open containers wait in two
// scratch stacks (reused for every container, so a container's storage is allocated once, at
// its size, when it closes); an open object's members are kept sorted by key as they come, the
// last of duplicates winning, as nlohmann's std::map and operator[] have it.
class Parser {
 public:
  explicit Parser(std::string_view text) : lexer_(text) {}

  Value parse() {
    next();
    for (;;) {
      // A value starts at last_; a complete one ends up in `value`.
      Value value;
      switch (last_) {
        case Token::begin_object:
          if (next() == Token::end_object) {
            value = Value::object();
            break;
          }
          open_.push_back({members_.size(), 0, true});
          read_key("object key");
          next();
          continue;
        case Token::begin_array:
          if (next() == Token::end_array) {
            value = Value::array();
            break;
          }
          open_.push_back({elements_.size(), 0, false});
          continue;
        case Token::value_float: {
          const double d = lexer_.float_value();
          if (!std::isfinite(d)) {
            throw Error("[json.exception.out_of_range.406] number overflow parsing '" + lexer_.token_string() + "'",
                        false);
          }
          value = d;
          break;
        }
        case Token::literal_false: value = false; break;
        case Token::literal_null: break;
        case Token::literal_true: value = true; break;
        case Token::value_integer: value = lexer_.integer_value(); break;
        case Token::value_unsigned: value = lexer_.unsigned_value(); break;
        case Token::value_string: value = Value(std::move(lexer_.buffer())); break;
        case Token::parse_error: fail(Token::uninitialized, "value");
        default: fail(Token::literal_or_value, "value");
      }
      // After a complete value: close containers or move on to the next element or member.
      for (;;) {
        if (open_.empty()) {
          if (next() != Token::end_of_input) fail(Token::end_of_input, "value");
          return value;
        }
        Open& top = open_.back();
        if (!top.object) {
          elements_.push_back(std::move(value));
          if (next() == Token::value_separator) {
            next();
            break;
          }
          if (last_ != Token::end_array) fail(Token::end_array, "array");
          value = Value::array();
          const auto first = elements_.begin() + static_cast<std::ptrdiff_t>(top.start);
          value.array_.assign(std::make_move_iterator(first), std::make_move_iterator(elements_.end()));
          elements_.erase(first, elements_.end());
          open_.pop_back();
          continue;
        }
        members_[top.pending].second = std::move(value);
        if (next() == Token::value_separator) {
          next();
          read_key("object key");
          next();
          break;
        }
        if (last_ != Token::end_object) fail(Token::end_object, "object");
        value = Value::object();
        const auto first = members_.begin() + static_cast<std::ptrdiff_t>(top.start);
        value.object_.assign(std::make_move_iterator(first), std::make_move_iterator(members_.end()));
        members_.erase(first, members_.end());
        open_.pop_back();
      }
    }
  }

 private:
  // An open container: where its elements or members begin in the scratch stack and, for an
  // object, the member whose value is being read.
  struct Open {
    std::size_t start;
    std::size_t pending;
    bool object;
  };

  Token next() { return last_ = lexer_.scan(); }

  // The current token must be a member name of the innermost open object; then a ':' must follow.
  void read_key(const char* context) {
    if (last_ != Token::value_string) fail(Token::value_string, context);
    std::string& key = lexer_.buffer();
    Open& top = open_.back();
    const auto first = members_.begin() + static_cast<std::ptrdiff_t>(top.start);
    // A key above the object's last so far goes at the end without a search.
    const auto below = [](const Member& m, std::string_view k) { return std::string_view(m.first) < k; };
    auto it = members_.end() != first && below(members_.back(), key)
                  ? members_.end()
                  : std::lower_bound(first, members_.end(), std::string_view(key), below);
    if (it == members_.end() || it->first != key) it = members_.insert(it, Member(std::move(key), Value()));
    top.pending = static_cast<std::size_t>(it - members_.begin());
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
  std::vector<Open> open_;        // innermost last
  std::vector<Value> elements_;  // of the open arrays, outermost first
  std::vector<Member> members_;  // of the open objects, outermost first, each object's sorted
};

}  // namespace detail

Value parse(std::string_view text) { return detail::Parser(text).parse(); }

}  // namespace sr::json
