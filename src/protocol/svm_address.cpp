#include "protocol/svm_address.h"

#include <stdexcept>

#include "crypto/base58.h"
#include "crypto/catching.h"
#include "crypto/ed25519_point.h"
#include "crypto/sha256.h"

namespace sr::svm {
namespace {

constexpr std::string_view kProgramDerivedAddressMarker = "ProgramDerivedAddress";

void check_seeds(const std::vector<Bytes>& seeds, std::size_t max_seeds) {
  if (seeds.size() > max_seeds) {
    throw_parse_error("program address has " + std::to_string(seeds.size()) + " seeds, at most " +
                      std::to_string(max_seeds) + " allowed");
  }
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    if (seeds[i].size() > kMaxSeedLength) {
      throw_parse_error("program address seed " + std::to_string(i) + " is " + std::to_string(seeds[i].size()) +
                        " bytes, at most " + std::to_string(kMaxSeedLength) + " allowed");
    }
  }
}

// The candidate address; `bump`, when given, is hashed as one more one-byte seed after the others.
std::optional<Pubkey> derive(const std::vector<Bytes>& seeds, std::optional<std::uint8_t> bump,
                             const Pubkey& program_id) {
  Sha256 hasher;
  for (const Bytes& seed : seeds) hasher.update(seed);
  if (bump) hasher.update(ByteView(&*bump, 1));
  hasher.update(program_id.bytes).update(kProgramDerivedAddressMarker);
  Pubkey candidate{hasher.finalize()};
  if (ed25519::is_on_curve(candidate.bytes, ed25519::PointDecoding::solana_runtime)) return std::nullopt;
  return candidate;
}


}  // namespace

Pubkey Pubkey::parse(std::string_view base58_text) {
  return rethrowing<ParseError>([&] { return Pubkey{base58::decode32(base58_text)}; },
                                [](const ParseError& e) { throw_parse_error(std::string("invalid Solana public key: ") + e.what()); });
}

std::string Pubkey::to_base58() const { return base58::encode(bytes); }

const Pubkey& system_program_id() {
  static const Pubkey id = Pubkey::parse("11111111111111111111111111111111");
  return id;
}

const Pubkey& token_program_id() {
  static const Pubkey id = Pubkey::parse("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
  return id;
}

const Pubkey& token_2022_program_id() {
  static const Pubkey id = Pubkey::parse("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
  return id;
}

const Pubkey& associated_token_program_id() {
  static const Pubkey id = Pubkey::parse("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
  return id;
}

std::optional<Pubkey> create_program_address(const std::vector<Bytes>& seeds, const Pubkey& program_id) {
  check_seeds(seeds, kMaxSeeds);
  return derive(seeds, std::nullopt, program_id);
}

std::pair<Pubkey, std::uint8_t> find_program_address(const std::vector<Bytes>& seeds, const Pubkey& program_id) {
  check_seeds(seeds, kMaxSeeds - 1);
  for (int bump = 255; bump >= 1; --bump) {
    const auto bump_byte = static_cast<std::uint8_t>(bump);
    if (auto address = derive(seeds, bump_byte, program_id)) return {*address, bump_byte};
  }
  throw std::runtime_error("no bump seed from 255 to 1 gives an off-curve program address");
}

Pubkey associated_token_address(const Pubkey& wallet, const Pubkey& mint, const Pubkey& token_program) {
  const std::vector<Bytes> seeds = {Bytes(wallet.bytes.begin(), wallet.bytes.end()),
                                    Bytes(token_program.bytes.begin(), token_program.bytes.end()),
                                    Bytes(mint.bytes.begin(), mint.bytes.end())};
  return find_program_address(seeds, associated_token_program_id()).first;
}

}  // namespace sr::svm
