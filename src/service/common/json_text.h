// Compact JSON text of a value, byte for byte what nlohmann's value.dump() writes (no
// indentation, UTF-8 as is, object members in the map's order), written in one pass into one
// string.
//
// Why not dump(): its serialiser decodes every byte of every string through a UTF-8 state
// machine into a side buffer, and an allQuotes answer is about 35 KB of mostly hex; that was a
// fifth of the quote engine's native instructions (bench/profiles/engine-callgrind.txt). Here a
// string whose bytes are all printable ASCII other than '"' and '\' (every hex value, address,
// amount and name the engine writes) is copied as it is; any other string, and every
// floating-point number, is written by nlohmann itself, so escapes, number formatting and the
// invalid-UTF-8 error (type_error 316) stay exactly dump()'s.
//
// parse_json: the value nlohmann's json::parse(text) makes, or the exception it throws (same
// type, same message), with each object made at its final size. An ordered_json object is a
// vector of (const key, value) pairs: when it grows, the vector cannot move a pair (its key is
// const) and copies every member whole, children and all, then destroys the old ones. Parsing a
// member into a growing object that way copied the object's earlier members again and again:
// those copies and frees were a fifth of the core's time for a quote (bench/README.md, "Load").
// Here an object's members wait in a list that moves them, and the object is made once with
// room for all of them. A repeated key keeps json::parse's rule: the member stays where the key
// first appears and holds the last value.
//
// reserve_members / add_member: the same remedy where the core builds a large object member by
// member (a quote, an op's answer): room for every member first, then each member appended
// without searching the object for its key, which the caller knows is not there yet.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace sr::service {

std::string dump_json(const nlohmann::ordered_json& value);

nlohmann::ordered_json parse_json(std::string_view text);

// An empty object with room for `members` members.
nlohmann::ordered_json reserve_members(std::size_t members);

// Appends `key` (not yet a member of `object`, an object) with `value`.
void add_member(nlohmann::ordered_json& object, std::string key, nlohmann::ordered_json value);

}  // namespace sr::service
