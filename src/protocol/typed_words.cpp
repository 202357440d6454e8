#include "protocol/typed_words.h"

#include <algorithm>

#include "crypto/keccak.h"

namespace sr::protocol::typed_words {

Word word(const U256& value) { return value.to_be_bytes(); }

Word word(std::uint64_t value) { return word(U256(value)); }

Word word(const Address& address) {
  Word out{};
  std::copy(address.bytes.begin(), address.bytes.end(), out.begin() + 12);
  return out;
}

Word word(bool value) { return word(U256(value ? 1 : 0)); }

Hash32 keccak_words(const std::vector<Word>& words) {
  Keccak256 hasher;
  for (const Word& w : words) hasher.update(ByteView(w));
  return hasher.finalize();
}

std::string Domain::type() const {
  std::vector<std::string> fields;
  if (name) fields.push_back("string name");
  if (version) fields.push_back("string version");
  if (chain_id) fields.push_back("uint256 chainId");
  if (verifying_contract) fields.push_back("address verifyingContract");
  std::string out = "EIP712Domain(";
  for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + fields[i];
  return out + ")";
}

Hash32 Domain::separator() const {
  std::vector<Word> words{keccak256(type())};
  if (name) words.push_back(keccak256(*name));
  if (version) words.push_back(keccak256(*version));
  if (chain_id) words.push_back(word(*chain_id));
  if (verifying_contract) words.push_back(word(*verifying_contract));
  return keccak_words(words);
}

Hash32 typed_digest(const Hash32& domain_separator, const Hash32& struct_hash) {
  const std::uint8_t prefix[2] = {0x19, 0x01};
  return Keccak256().update(ByteView(prefix)).update(ByteView(domain_separator)).update(ByteView(struct_hash)).finalize();
}

}  // namespace sr::protocol::typed_words
