// Solana addresses: 32-byte public keys written in base58, program derived addresses (PDAs) and
// associated token accounts, computed exactly as the Solana runtime and the SPL programs do.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "crypto/bytes.h"

namespace sr::svm {

struct Pubkey {
  std::array<std::uint8_t, 32> bytes{};

  // Exactly 32 bytes in base58 (Bitcoin alphabet). Throws ParseError naming the problem for any
  // other text, including the empty string, characters outside the alphabet and other lengths.
  // Says nothing about the curve: wallets (on curve) and PDAs (off curve) both parse.
  static Pubkey parse(std::string_view base58_text);

  // Canonical base58; parse(k.to_base58()) == k.
  std::string to_base58() const;

  bool operator==(const Pubkey&) const = default;
  // Byte-wise order, for ordered containers. Spelled out rather than a defaulted <=>, which the
  // libc++ of Debian's emscripten cannot provide for std::array.
  bool operator<(const Pubkey& other) const { return bytes < other.bytes; }
};

// Limits the runtime enforces on program address seeds.
inline constexpr std::size_t kMaxSeeds = 16;
inline constexpr std::size_t kMaxSeedLength = 32;

// Well-known program ids.
const Pubkey& system_program_id();            // 11111111111111111111111111111111
const Pubkey& token_program_id();             // TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA
const Pubkey& token_2022_program_id();        // TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb
const Pubkey& associated_token_program_id();  // ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL

// Pubkey::create_program_address: sha256(seeds[0] || ... || seeds[n-1] || program_id ||
// "ProgramDerivedAddress"), or nullopt when that hash is a point on the ed25519 curve (under the
// runtime's decoding, ed25519::PointDecoding::solana_runtime), since a PDA must have no private
// key. A bump, if any, is simply the last one-byte seed. Throws ParseError for more than
// kMaxSeeds seeds or a seed longer than kMaxSeedLength bytes, as the runtime refuses them.
std::optional<Pubkey> create_program_address(const std::vector<Bytes>& seeds, const Pubkey& program_id);

// Pubkey::find_program_address: the first bump from 255 down to 1 for which
// create_program_address(seeds + [bump]) exists, with that bump (the "canonical bump"). Like the
// runtime and @solana/web3.js, bump 0 is never tried. Since the bump is one more seed, at most
// kMaxSeeds - 1 seeds are accepted (ParseError otherwise, and for a seed over kMaxSeedLength).
// Throws std::runtime_error if no bump works, which happens with probability about 2^-255.
std::pair<Pubkey, std::uint8_t> find_program_address(const std::vector<Bytes>& seeds, const Pubkey& program_id);

// The associated token account of `wallet` for `mint`: find_program_address([wallet,
// token_program, mint], associated_token_program_id()). `token_program` is the program that owns
// the mint (classic SPL Token unless given). The wallet may itself be a PDA (for instance a
// vault): the derivation does not depend on it being on the curve.
Pubkey associated_token_address(const Pubkey& wallet, const Pubkey& mint,
                                const Pubkey& token_program = token_program_id());

}  // namespace sr::svm
