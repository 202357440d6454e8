#include "protocol/token_domain.h"

#include "protocol/typed_words.h"

namespace sr::protocol {

Hash32 TokenDomain::separator() const { return typed_words::Domain{name, version, chain_id, token}.separator(); }

}  // namespace sr::protocol
