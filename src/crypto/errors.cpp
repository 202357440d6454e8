#include "crypto/bytes.h"

namespace sr {

void throw_parse_error(const char* message) { throw ParseError(message); }
void throw_parse_error(const std::string& message) { throw ParseError(message); }

}  // namespace sr
