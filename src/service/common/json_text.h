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
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace sr::service {

std::string dump_json(const nlohmann::ordered_json& value);

}  // namespace sr::service
