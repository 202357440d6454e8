// Ethereum signer recovery: the address behind a 65-byte r || s || v signature over a digest.
#pragma once

#include "crypto/bytes.h"
#include "eth/address.h"

namespace sr::eth {

// ParseError under the same conditions as secp256k1::recover_public_key (length, v not 27/28,
// r or s out of range, high s, no recoverable key).
Address recover_address(const Hash32& digest, ByteView signature65);

}  // namespace sr::eth
