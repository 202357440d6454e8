// Where a value sits in a JSON document, for error messages: "permit3.chainPermits.permits[0].account".
// Readers hand a Path down (by const reference: in wasm32 a struct passed by value is copied at
// every call) as they descend; it is a name or an index and a pointer to the parent's Path, so
// building one costs nothing (no allocation, trivially destructible: no cleanup when a read
// throws). The dotted text is made only when an error is reported (str()).
//
// A Path refers to its parent and to the characters of its name; both must outlive it. Build
// children while descending and pass them down, never return one that points at a local.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sr::json {

class Path {
 public:
  // A root: the whole text as given ("quote", "quote.steps", "" for none).
  constexpr Path(const char* root) : name_(root) {}
  constexpr Path(std::string_view root) : name_(root) {}
  Path(const std::string& root) : name_(root) {}

  // "route" / "salt" -> "route.salt"; an empty parent gives "salt".
  constexpr Path member(std::string_view name) const { return Path(this, name, 0); }
  // "route.calls" / 1 -> "route.calls[1]".
  constexpr Path operator[](std::size_t index) const { return Path(this, {}, index); }

  // The dotted text.
  std::string str() const;
  // str() + suffix, for a message.
  std::string operator+(std::string_view suffix) const;

 private:
  constexpr Path(const Path* parent, std::string_view name, std::size_t index)
      : parent_(parent), name_(name), index_(index) {}
  void append_to(std::string& out) const;

  const Path* parent_ = nullptr;
  std::string_view name_;  // a member's name or the root's text; null data for an element
  std::size_t index_ = 0;
};

}  // namespace sr::json
