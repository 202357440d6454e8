#include "eth/signer.h"

#include "crypto/secp256k1.h"

namespace sr::eth {

Address recover_address(const Hash32& digest, ByteView signature65) {
  return Address::from_public_key(secp256k1::recover_public_key(digest, signature65));
}

}  // namespace sr::eth
