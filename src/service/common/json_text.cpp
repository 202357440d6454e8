#include "service/common/json_text.h"

#include <charconv>
#include <cstdint>
#include <iterator>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

// True when dump() would copy every byte of `text` unchanged: printable ASCII (0x20..0x7f; with
// dump()'s default ensure_ascii=false, 0x7f is copied too) other than the two it escapes.
bool plain(const std::string& text) {
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b > 0x7f || b == '"' || b == '\\') return false;
  }
  return true;
}

void write_string(std::string& out, const std::string& text) {
  if (plain(text)) {
    out += '"';
    out += text;
    out += '"';
  } else {
    out += json(text).dump();
  }
}

template <typename Integer>
void write_integer(std::string& out, Integer value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

void write(std::string& out, const json& value) {
  switch (value.type()) {
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, member] : value.get_ref<const json::object_t&>()) {
        if (!first) out += ',';
        first = false;
        write_string(out, key);
        out += ':';
        write(out, member);
      }
      out += '}';
      return;
    }
    case json::value_t::array: {
      out += '[';
      bool first = true;
      for (const json& element : value.get_ref<const json::array_t&>()) {
        if (!first) out += ',';
        first = false;
        write(out, element);
      }
      out += ']';
      return;
    }
    case json::value_t::string:
      write_string(out, value.get_ref<const std::string&>());
      return;
    case json::value_t::boolean:
      out += value.get<bool>() ? "true" : "false";
      return;
    case json::value_t::null:
      out += "null";
      return;
    case json::value_t::number_integer:
      write_integer(out, value.get<std::int64_t>());
      return;
    case json::value_t::number_unsigned:
      write_integer(out, value.get<std::uint64_t>());
      return;
    default:  // floating point, binary, discarded: nlohmann's own text
      out += value.dump();
      return;
  }
}

// The SAX events of nlohmann's parser made into a value (as its json_sax_dom_parser does), each
// container made once when it closes. Members and elements of the open containers wait on two
// stacks; each open container knows where its own begin.
class DomBuilder {
 public:
  explicit DomBuilder(json& root) : root_(root) {}

  bool null() { return put(nullptr); }
  bool boolean(bool value) { return put(value); }
  bool number_integer(json::number_integer_t value) { return put(value); }
  bool number_unsigned(json::number_unsigned_t value) { return put(value); }
  bool number_float(json::number_float_t value, const std::string&) { return put(value); }
  // Copied, not moved: the lexer's buffer keeps its capacity for the next token.
  bool string(std::string& value) { return put(value); }
  bool binary(json::binary_t& value) { return put(std::move(value)); }

  bool start_object(std::size_t) {
    open_.push_back({true, members_.size()});
    return true;
  }
  bool key(std::string& key) {
    members_.emplace_back(key, nullptr);
    return true;
  }
  bool end_object() {
    const std::size_t begin = open_.back().begin;
    open_.pop_back();
    json object(json::value_t::object);
    // The vector under the map: its operator[] takes positions (the map's takes keys).
    json::object_t::Container& map = object.get_ref<json::object_t&>();
    map.reserve(members_.size() - begin);
    // json::parse's rule for a repeated key (ordered_map::operator[] then assignment): the first
    // position, the last value. Small objects are searched, larger ones indexed; the map has room
    // for every member, so the keys in it never move and the index may view them.
    constexpr std::size_t kSearched = 16;
    std::unordered_map<std::string_view, std::size_t> index;
    for (std::size_t i = begin; i < members_.size(); ++i) {
      auto& [key, value] = members_[i];
      std::size_t at = map.size();
      if (map.size() < kSearched) {
        for (std::size_t j = 0; j < map.size() && at == map.size(); ++j) {
          if (map[j].first == key) at = j;
        }
      } else {
        if (index.empty()) {
          for (std::size_t j = 0; j < map.size(); ++j) index.emplace(map[j].first, j);
        }
        if (const auto found = index.find(key); found != index.end()) at = found->second;
      }
      if (at < map.size()) {
        map[at].second = std::move(value);
        continue;
      }
      map.emplace_back(std::move(key), std::move(value));
      if (!index.empty()) index.emplace(map.back().first, map.size() - 1);
    }
    members_.erase(members_.begin() + static_cast<std::ptrdiff_t>(begin), members_.end());
    return put(std::move(object));
  }

  bool start_array(std::size_t) {
    open_.push_back({false, elements_.size()});
    return true;
  }
  bool end_array() {
    const auto begin = elements_.begin() + static_cast<std::ptrdiff_t>(open_.back().begin);
    open_.pop_back();
    json array(json::array_t(std::make_move_iterator(begin), std::make_move_iterator(elements_.end())));
    elements_.erase(begin, elements_.end());
    return put(std::move(array));
  }

  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& e) {
    throw e;
  }

 private:
  struct Open {
    bool object;
    std::size_t begin;
  };

  bool put(json value) {
    if (open_.empty()) {
      root_ = std::move(value);
    } else if (open_.back().object) {
      members_.back().second = std::move(value);
    } else {
      elements_.push_back(std::move(value));
    }
    return true;
  }

  json& root_;
  std::vector<Open> open_;
  std::vector<std::pair<std::string, json>> members_;
  std::vector<json> elements_;
};

}  // namespace

json parse_json(std::string_view text) {
  json root;
  DomBuilder builder(root);
  json::sax_parse(text.begin(), text.end(), &builder);
  return root;
}

json reserve_members(std::size_t members) {
  json object(json::value_t::object);
  object.get_ref<json::object_t&>().reserve(members);
  return object;
}

void add_member(json& object, std::string key, json value) {
  object.get_ref<json::object_t&>().emplace_back(std::move(key), std::move(value));
}

std::string dump_json(const json& value) {
  std::string out;
  out.reserve(4096);
  write(out, value);
  return out;
}

}  // namespace sr::service
