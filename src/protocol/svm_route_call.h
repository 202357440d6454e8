// Route calls on an SVM (Solana) destination, as Eco's Solana Portal runs them when a solver fills
// an intent (docs/quote-engine.md, "Paying on Solana"):
//   - the Portal first moves route.tokens from the solver into the associated token accounts of its
//     executor, the Portal's PDA ["executor"];
//   - each route call is then a CPI: `target` is the program invoked (a token payment targets the
//     token program, never a token account). At the fill the solver supplies each call's data as
//     Borsh Calldata {data: Vec<u8>, account_count: u8} followed by that many accounts, and the
//     Portal hashes the route with each call's data replaced by Borsh CalldataWithAccounts
//     {calldata, accounts: Vec<{pubkey [32], is_signer bool, is_writable bool}>}, the flags being
//     those the accounts carry in the fill transaction.
// So the route published on the source chain must carry CalldataWithAccounts, or no fill can ever
// produce its hash.
#pragma once

#include <cstdint>
#include <vector>

#include "crypto/bytes.h"
#include "eth/u256.h"
#include "protocol/intent.h"
#include "protocol/svm_address.h"
#include "protocol/svm_instruction.h"

namespace sr::protocol::svm_route_call {

// What the solver passes for one call at the fill.
struct Calldata {
  Bytes data;                     // the instruction data of the CPI
  std::uint8_t account_count = 0;  // how many of the fill's remaining accounts the call takes
  bool operator==(const Calldata&) const = default;
};

// What the route carries for one call on the source chain (and what the Portal hashes).
struct CalldataWithAccounts {
  Calldata calldata;
  std::vector<svm::AccountMeta> accounts;  // exactly calldata.account_count of them
  bool operator==(const CalldataWithAccounts&) const = default;
};

Bytes encode_calldata(const Calldata& calldata);
// ParseError when account_count differs from the number of accounts (the Portal refuses such a
// call: InvalidCalldata).
Bytes encode_calldata_with_accounts(const CalldataWithAccounts& value);
// Strict inverse: the canonical Borsh of one value (bools 0 or 1), account_count equal to the
// number of accounts, nothing after it; ParseError naming the problem otherwise.
CalldataWithAccounts decode_calldata_with_accounts(ByteView encoded);

// SPL Token / Token-2022 TransferChecked instruction data: tag 12, amount u64 little-endian,
// decimals u8 (10 bytes). The token program refuses it when decimals is not the mint's.
inline constexpr std::uint8_t kTransferCheckedTag = 12;
struct TransferChecked {
  std::uint64_t amount = 0;
  std::uint8_t decimals = 0;
  bool operator==(const TransferChecked&) const = default;
};
Bytes transfer_checked_data(const TransferChecked& transfer);
// Strict inverse: exactly 10 bytes starting with tag 12, else ParseError.
TransferChecked decode_transfer_checked_data(ByteView data);

// The Portal's executor: find_program_address(["executor"], portal_program). It owns the token
// accounts the route's tokens are paid into and signs (by the Portal's invoke_signed) every call.
svm::Pubkey executor_address(const svm::Pubkey& portal_program);

// True for the two programs a route may pay a token with: SPL Token and Token-2022.
bool is_token_program(const svm::Pubkey& program);

// One token payment on an SVM destination.
struct TokenTransfer {
  svm::Pubkey token_program;  // the program that owns the mint (Token or Token-2022)
  svm::Pubkey mint;
  std::uint8_t decimals = 0;  // the mint's decimals
  svm::Pubkey recipient;      // the wallet paid: the call credits its associated token account
  U256 amount;
  bool operator==(const TokenTransfer&) const = default;
};

// The route call paying `transfer.amount` of the mint to the recipient, exactly as Eco's Portal
// fills it: target = the token program; data = CalldataWithAccounts of TransferChecked with the
// four accounts executor's token account (writable), mint (read-only), recipient's token account
// (writable), executor (read-only; not a signer in the meta: the Portal signs for it), token
// accounts being associated token accounts under that token program; value 0. ParseError when the
// program is neither token program or the amount exceeds u64.
Call token_transfer_call(const svm::Pubkey& portal_program, const TokenTransfer& transfer);

// What token_transfer_call encodes, read back. The recipient is known only by its token account
// (an associated token address cannot be inverted): compare it with associated_token_address.
struct DecodedTokenTransfer {
  svm::Pubkey token_program;
  svm::Pubkey mint;
  svm::Pubkey recipient_token_account;
  TransferChecked transfer;
  bool operator==(const DecodedTokenTransfer&) const = default;
};

// Strict inverse of token_transfer_call for the Portal `portal_program`: value 0, target a token
// program, data exactly CalldataWithAccounts of TransferChecked with those four accounts (the
// executor's token account and the executor derived from portal_program, flags as above). ParseError
// naming the first difference otherwise.
DecodedTokenTransfer decode_token_transfer_call(const svm::Pubkey& portal_program, const Call& call);

}  // namespace sr::protocol::svm_route_call
