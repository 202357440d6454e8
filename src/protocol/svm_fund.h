// The Solana Portal's Anchor `fund` instruction (protocol page, "Solana Portal"): how a funder on
// a Solana source chain locks an intent's reward in its vault.
//   data     = sha256("global:fund")[0..8] ++ Borsh{destination u64, routeHash [32], reward (Borsh
//              Reward), allowPartial bool}
//   accounts = payer (signer, writable), funder (signer, writable), vault PDA ["vault", intentHash]
//              of the Portal (writable), the Token, Token-2022, Associated Token and System
//              programs (read-only), then for each reward token in order: funder's token account
//              (writable), vault's token account (writable), mint (read-only). Token accounts are
//              associated token addresses under the program that owns the mint.
#pragma once

#include <cstdint>

#include "crypto/bytes.h"
#include "protocol/intent.h"
#include "protocol/svm_address.h"
#include "protocol/svm_instruction.h"

namespace sr::protocol::svm_fund {

struct FundArgs {
  std::uint64_t destination = 0;
  Hash32 route_hash{};
  Reward reward;  // Solana words: creator, prover and token mints are pubkeys; amounts <= u64
  bool allow_partial = false;
  bool operator==(const FundArgs&) const = default;
};

struct FundSigners {
  svm::Pubkey payer;   // pays fees and rent
  svm::Pubkey funder;  // owns the reward tokens
  bool operator==(const FundSigners&) const = default;
};

// Discriminator and Borsh arguments. ParseError when the reward does not fit Borsh (amounts
// above u64).
Bytes fund_data(const FundArgs& args);

// The intent hash the vault is derived from: keccak(destination ++ routeHash ++ keccak(Borsh reward)).
Hash32 fund_intent_hash(const FundArgs& args);

// The whole instruction. token_program owns the reward mints (classic SPL Token by default).
svm::Instruction fund_instruction(const FundArgs& args, const FundSigners& signers, const svm::Pubkey& portal_program,
                                  const svm::Pubkey& token_program = svm::token_program_id());

struct DecodedFund {
  FundArgs args;
  FundSigners signers;
  bool operator==(const DecodedFund&) const = default;
};

// Strict inverse of fund_instruction: the program id, discriminator and Borsh arguments (nothing
// after them) must match, and every account (vault PDA, associated token accounts, mints, their
// order and flags) must be exactly what fund_instruction derives for those arguments and signers.
// ParseError naming the first difference otherwise.
DecodedFund decode_fund_instruction(const svm::Instruction& instruction, const svm::Pubkey& portal_program,
                                    const svm::Pubkey& token_program = svm::token_program_id());

}  // namespace sr::protocol::svm_fund
