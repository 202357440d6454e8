// Recursive Length Prefix encoding (Ethereum Yellow Paper, appendix B), the serialisation of
// transactions. Only encoding: the core builds transactions, it never parses them from peers.
#pragma once

#include <vector>

#include "crypto/bytes.h"
#include "eth/u256.h"

namespace sr::rlp {

// A byte string: a single byte below 0x80 is itself, otherwise a length prefix then the bytes.
Bytes encode_bytes(ByteView bytes);
// An unsigned integer as its minimal big-endian bytes (zero is the empty string, 0x80), the form
// every quantity in a transaction takes; a leading zero byte would make the encoding invalid.
Bytes encode_uint(const U256& value);
// A list of items already encoded with the functions above.
Bytes encode_list(const std::vector<Bytes>& encoded_items);

}  // namespace sr::rlp
