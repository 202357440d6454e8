#include "protocol/svm_route_call.h"

#include <string>

#include "protocol/borsh.h"

namespace sr::protocol::svm_route_call {
namespace {

constexpr std::size_t kAccountMetaSize = 32 + 1 + 1;
constexpr std::size_t kTransferCheckedSize = 1 + 8 + 1;
constexpr std::size_t kTransferAccounts = 4;

void write_calldata(borsh::Writer& out, const Calldata& calldata) {
  out.bytes(calldata.data).u8(calldata.account_count);
}

// The four accounts of the payment, in the order TransferChecked reads them (source, mint,
// destination, authority). The flags are those the accounts carry in Eco's own fill: both token
// accounts writable, the mint and the executor read-only, nobody a signer in the meta (the Portal
// makes the executor sign its CPI itself).
std::vector<svm::AccountMeta> transfer_accounts(const svm::Pubkey& executor, const svm::Pubkey& token_program,
                                                const svm::Pubkey& mint, const svm::Pubkey& recipient_token_account) {
  return {{svm::associated_token_address(executor, mint, token_program), false, true},
          {mint, false, false},
          {recipient_token_account, false, true},
          {executor, false, false}};
}

}  // namespace

Bytes encode_calldata(const Calldata& calldata) {
  borsh::Writer out;
  write_calldata(out, calldata);
  return out.take();
}

Bytes encode_calldata_with_accounts(const CalldataWithAccounts& value) {
  if (value.accounts.size() != value.calldata.account_count) {
    throw_parse_error("calldata account_count " + std::to_string(value.calldata.account_count) + " but " +
                      std::to_string(value.accounts.size()) + " accounts");
  }
  borsh::Writer out;
  write_calldata(out, value.calldata);
  out.vec(value.accounts, [](borsh::Writer& w, const svm::AccountMeta& meta) {
    w.fixed(meta.pubkey.bytes).boolean(meta.is_signer).boolean(meta.is_writable);
  });
  return out.take();
}

CalldataWithAccounts decode_calldata_with_accounts(ByteView encoded) {
  borsh::Reader in(encoded);
  CalldataWithAccounts out;
  out.calldata.data = in.bytes();
  out.calldata.account_count = in.u8();
  out.accounts = in.vec(kAccountMetaSize, [](borsh::Reader& r) {
    svm::AccountMeta meta;
    meta.pubkey = svm::Pubkey{r.fixed<32>()};
    meta.is_signer = r.boolean();
    meta.is_writable = r.boolean();
    return meta;
  });
  in.expect_end();
  if (out.accounts.size() != out.calldata.account_count) {
    throw_parse_error("calldata account_count " + std::to_string(out.calldata.account_count) + " but " +
                      std::to_string(out.accounts.size()) + " accounts");
  }
  return out;
}

Bytes transfer_checked_data(const TransferChecked& transfer) {
  borsh::Writer out;
  out.u8(kTransferCheckedTag).u64(transfer.amount).u8(transfer.decimals);
  return out.take();
}

TransferChecked decode_transfer_checked_data(ByteView data) {
  if (data.size() != kTransferCheckedSize || data[0] != kTransferCheckedTag) {
    throw_parse_error("instruction data is not TransferChecked (tag 12, amount u64, decimals u8: 10 bytes)");
  }
  borsh::Reader in(data.subspan(1));
  TransferChecked out;
  out.amount = in.u64();
  out.decimals = in.u8();
  return out;
}

svm::Pubkey executor_address(const svm::Pubkey& portal_program) {
  static const Bytes kSeed{'e', 'x', 'e', 'c', 'u', 't', 'o', 'r'};
  return svm::find_program_address({kSeed}, portal_program).first;
}

bool is_token_program(const svm::Pubkey& program) {
  return program == svm::token_program_id() || program == svm::token_2022_program_id();
}

Call token_transfer_call(const svm::Pubkey& portal_program, const TokenTransfer& transfer) {
  if (!is_token_program(transfer.token_program)) {
    throw_parse_error("token program " + transfer.token_program.to_base58() + " is neither SPL Token nor Token-2022");
  }
  if (!transfer.amount.fits_u64()) {
    throw_parse_error("amount " + transfer.amount.to_decimal() + " does not fit the SVM u64");
  }
  const svm::Pubkey executor = executor_address(portal_program);
  const svm::Pubkey recipient_account =
      svm::associated_token_address(transfer.recipient, transfer.mint, transfer.token_program);
  CalldataWithAccounts data{
      {transfer_checked_data({transfer.amount.as_u64(), transfer.decimals}), kTransferAccounts},
      transfer_accounts(executor, transfer.token_program, transfer.mint, recipient_account)};
  return Call{Account::from_svm(transfer.token_program), encode_calldata_with_accounts(data), U256{}};
}

DecodedTokenTransfer decode_token_transfer_call(const svm::Pubkey& portal_program, const Call& call) {
  if (!call.value.is_zero()) throw_parse_error("call value must be 0: SVM calls carry no native value");
  DecodedTokenTransfer out;
  out.token_program = call.target.to_svm();
  if (!is_token_program(out.token_program)) {
    throw_parse_error("call target " + out.token_program.to_base58() + " is neither SPL Token nor Token-2022");
  }
  const CalldataWithAccounts decoded = decode_calldata_with_accounts(call.data);
  out.transfer = decode_transfer_checked_data(decoded.calldata.data);
  if (decoded.accounts.size() != kTransferAccounts) {
    throw_parse_error("TransferChecked call has " + std::to_string(decoded.accounts.size()) + " accounts, expected " +
                      std::to_string(kTransferAccounts));
  }
  out.mint = decoded.accounts[1].pubkey;
  out.recipient_token_account = decoded.accounts[2].pubkey;
  const auto expected =
      transfer_accounts(executor_address(portal_program), out.token_program, out.mint, out.recipient_token_account);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (decoded.accounts[i] != expected[i]) {
      throw_parse_error("TransferChecked call account " + std::to_string(i) + " is " + svm::describe(decoded.accounts[i]) +
                        ", expected " + svm::describe(expected[i]));
    }
  }
  return out;
}

}  // namespace sr::protocol::svm_route_call
