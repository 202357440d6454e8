// Route calls on a Solana destination. Eco's own goldens (eco-routes-svm, programs/portal: the
// testdata/*.golden files and the inputs of the tests that write them) for the Borsh
// CalldataWithAccounts and the executor PDA; the whole payment call is cross-checked byte for byte
// against @solana/kit and @solana-program/token in tests/node/solana-route-kit.test.mjs.
#include "protocol/svm_route_call.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "protocol/intent_hash.h"
#include "protocol_vectors.h"

namespace sr::protocol::svm_route_call {
namespace {

using testing::parse_error_of;

svm::Pubkey key(std::uint8_t byte) {
  svm::Pubkey out;
  out.bytes.fill(byte);
  return out;
}

std::string hex_of(ByteView bytes) { return hex::encode(bytes, false); }

// Program ids of Eco's Portal: the one @eco-foundation/routes-ts 3.2.20 lists for chain 1399811149
// (the production configuration's), and the newer one the program's latest source declares.
const svm::Pubkey kRoutesTsPortal = svm::Pubkey::parse("EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV");
const svm::Pubkey kNextPortal = svm::Pubkey::parse("EcooswwC1NggsckZyF5SeAL9WsgJs3UhPbrqY1apV73F");

TEST(EcoGolden, CalldataWithAccounts) {
  // types.rs calldata_with_accounts_success: data [1..5], three accounts [1;32] (signer,
  // read-only), [2;32] (writable), [3;32] (neither).
  const CalldataWithAccounts value{{Bytes{1, 2, 3, 4, 5}, 3}, {{key(1), true, false}, {key(2), false, true}, {key(3), false, false}}};
  // The golden prints the keys in base58.
  EXPECT_EQ(key(1).to_base58(), "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi");
  EXPECT_EQ(key(2).to_base58(), "8qbHbw2BbbTHBW1sbeqakYXVKRQM8Ne7pLK7m6CVfeR");
  EXPECT_EQ(key(3).to_base58(), "CktRuQ2mttgRGkXJtyksdKHjUdc2C4TgDzyB98oEzy8");
  const Bytes encoded = encode_calldata_with_accounts(value);
  // Borsh: Vec<u8> (u32 length 5, bytes), account_count u8, Vec of 3 × {pubkey, bool, bool}.
  EXPECT_EQ(hex_of(encoded), "050000000102030405" "03" "03000000" + hex_of(key(1).bytes) +
                                 "0100" + hex_of(key(2).bytes) + "0001" + hex_of(key(3).bytes) + "0000");
  EXPECT_EQ(encoded.size(), 4u + 5 + 1 + 4 + 3 * 34);
  EXPECT_EQ(decode_calldata_with_accounts(encoded), value);
  EXPECT_EQ(hex_of(encode_calldata(value.calldata)), "05000000010203040503");
}

TEST(EcoGolden, CalldataWithAccountsRefusesAWrongCount) {
  // types.rs calldata_with_accounts_invalid_count_fail: account_count 3, two accounts.
  const CalldataWithAccounts value{{Bytes{1, 2, 3, 4, 5}, 3}, {{key(1), true, false}, {key(2), false, true}}};
  EXPECT_EQ(parse_error_of([&] { encode_calldata_with_accounts(value); }), "calldata account_count 3 but 2 accounts");
}

TEST(EcoGolden, ExecutorPda) {
  // state/testdata/executor_pda_deterministic.golden under the program id the source declares,
  // and the same golden as it was while the source declared the routes-ts id (commit 5aa308c).
  EXPECT_EQ(hex_of(executor_address(kNextPortal).bytes),
            "e9e3eb1d2dc5cb4b2f181f56eb578bb128335986f824e812a9d9467e38a98e6d");
  EXPECT_EQ(hex_of(executor_address(kRoutesTsPortal).bytes),
            "15c6e69c1237c870fc084de9400def2d3a6741b3e919acd7c38d7ac201a81bb9");
  EXPECT_EQ(executor_address(kRoutesTsPortal).to_base58(), "2U1UHv68B1VFSDJwvUFLCindfdQLvFEi1RqX1Dkh2Vw6");
  const Bytes seed{'e', 'x', 'e', 'c', 'u', 't', 'o', 'r'};
  EXPECT_EQ(svm::find_program_address({seed}, kNextPortal).second, 254);
  EXPECT_EQ(svm::find_program_address({seed}, kRoutesTsPortal).second, 255);
}

TEST(TransferChecked, DataIsTagAmountDecimals) {
  EXPECT_EQ(hex_of(transfer_checked_data({24875000, 6})), "0c" "f88f7b0100000000" "06");
  EXPECT_EQ(decode_transfer_checked_data(transfer_checked_data({24875000, 6})), (TransferChecked{24875000, 6}));
  for (const char* bad : {"0x", "0x03f88f7b0100000000", "0x03f88f7b010000000006", "0x0cf88f7b010000000006ff", "0x0cf88f7b0100000000"}) {
    const Bytes data = hex::decode(bad);
    EXPECT_NE(parse_error_of([&] { decode_transfer_checked_data(data); }).find("not TransferChecked"), std::string::npos) << bad;
  }
}

const svm::Pubkey kUsdc = svm::Pubkey::parse("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
const svm::Pubkey kRecipient = svm::Pubkey::parse("5Zzguz4NsSRFxGkHfM4FmsFpGZiCDtY72zH2jzMcqkJx");

TokenTransfer usdc_payment() { return {svm::token_program_id(), kUsdc, 6, kRecipient, U256(24875000)}; }

TEST(TokenTransferCall, IsTheTokenProgramWithTransferCheckedAndFourAccounts) {
  const Call call = token_transfer_call(kRoutesTsPortal, usdc_payment());
  EXPECT_EQ(call.target, Account::from_svm(svm::token_program_id()));
  EXPECT_TRUE(call.value.is_zero());
  const svm::Pubkey executor = executor_address(kRoutesTsPortal);
  const CalldataWithAccounts expected{
      {transfer_checked_data({24875000, 6}), 4},
      {{svm::associated_token_address(executor, kUsdc), false, true},
       {kUsdc, false, false},
       {svm::associated_token_address(kRecipient, kUsdc), false, true},
       {executor, false, false}}};
  EXPECT_EQ(decode_calldata_with_accounts(call.data), expected);
  const DecodedTokenTransfer decoded = decode_token_transfer_call(kRoutesTsPortal, call);
  EXPECT_EQ(decoded, (DecodedTokenTransfer{svm::token_program_id(), kUsdc,
                                           svm::associated_token_address(kRecipient, kUsdc), {24875000, 6}}));
}

TEST(TokenTransferCall, Token2022TargetsItsProgramAndItsTokenAccounts) {
  TokenTransfer payment = usdc_payment();
  payment.token_program = svm::token_2022_program_id();
  const Call call = token_transfer_call(kRoutesTsPortal, payment);
  EXPECT_EQ(call.target, Account::from_svm(svm::token_2022_program_id()));
  const DecodedTokenTransfer decoded = decode_token_transfer_call(kRoutesTsPortal, call);
  EXPECT_EQ(decoded.recipient_token_account,
            svm::associated_token_address(kRecipient, kUsdc, svm::token_2022_program_id()));
  EXPECT_NE(decoded.recipient_token_account, svm::associated_token_address(kRecipient, kUsdc));
}

TEST(TokenTransferCall, RefusesWhatThePortalCannotRun) {
  TokenTransfer payment = usdc_payment();
  payment.token_program = svm::associated_token_program_id();
  EXPECT_NE(parse_error_of([&] { token_transfer_call(kRoutesTsPortal, payment); }).find("neither SPL Token nor Token-2022"),
            std::string::npos);
  payment = usdc_payment();
  payment.amount = U256::from_limbs({0, 1, 0, 0});
  EXPECT_NE(parse_error_of([&] { token_transfer_call(kRoutesTsPortal, payment); }).find("does not fit the SVM u64"),
            std::string::npos);
}

// Every variation of the call is refused by the inverse, naming what differs.
TEST(TokenTransferCall, DecodeRefusesEveryOtherShape) {
  const Call good = token_transfer_call(kRoutesTsPortal, usdc_payment());
  auto error = [](const Call& call, const svm::Pubkey& portal = kRoutesTsPortal) {
    return parse_error_of([&] { decode_token_transfer_call(portal, call); });
  };
  EXPECT_EQ(error(good), "no error");

  // The old shape: the recipient's token account as target, raw SPL Transfer bytes.
  const Call legacy{Account::from_svm(svm::associated_token_address(kRecipient, kUsdc)),
                    hex::decode("0x03f88f7b0100000000"), U256{}};
  EXPECT_NE(error(legacy).find("is neither SPL Token nor Token-2022"), std::string::npos);

  Call other = good;
  other.value = U256(1);
  EXPECT_NE(error(other).find("value must be 0"), std::string::npos);

  other = good;
  other.data.push_back(0);
  EXPECT_NE(error(other).find("trailing"), std::string::npos);

  // Another Portal's executor.
  EXPECT_NE(error(good, kNextPortal).find("account 0"), std::string::npos);

  // Each flag of each account flipped, and each account replaced.
  const CalldataWithAccounts decoded = decode_calldata_with_accounts(good.data);
  for (std::size_t i = 0; i < decoded.accounts.size(); ++i) {
    for (int flag = 0; flag < 3; ++flag) {
      CalldataWithAccounts changed = decoded;
      if (flag == 0) changed.accounts[i].is_signer = !changed.accounts[i].is_signer;
      if (flag == 1) changed.accounts[i].is_writable = !changed.accounts[i].is_writable;
      if (flag == 2) changed.accounts[i].pubkey = key(9);
      other = good;
      other.data = encode_calldata_with_accounts(changed);
      // The mint (1) and recipient token account (2) are read from the call: replacing them changes
      // what is paid, which the caller compares; the derived accounts must follow the mint.
      if (flag == 2 && i == 2) {
        EXPECT_EQ(decode_token_transfer_call(kRoutesTsPortal, other).recipient_token_account, key(9));
        continue;
      }
      EXPECT_NE(error(other).find("account " + std::to_string(flag == 2 && i == 1 ? 0 : i)), std::string::npos)
          << "account " << i << " change " << flag << ": " << error(other);
    }
  }

  // A fifth account, or three.
  CalldataWithAccounts more = decoded;
  more.accounts.push_back(decoded.accounts[3]);
  more.calldata.account_count = 5;
  other.data = encode_calldata_with_accounts(more);
  EXPECT_NE(error(other).find("has 5 accounts, expected 4"), std::string::npos);

  // A plain Transfer (tag 3) inside the right envelope.
  CalldataWithAccounts plain = decoded;
  plain.calldata.data = hex::decode("0x03f88f7b0100000000");
  other.data = encode_calldata_with_accounts(plain);
  EXPECT_NE(error(other).find("not TransferChecked"), std::string::npos);

  // The Calldata alone (what a solver passes at the fill) is not what the route carries.
  other.data = encode_calldata(decoded.calldata);
  EXPECT_NE(error(other), "no error");
}

// The route a plain transfer to Solana carries hashes as the program hashes it: the Borsh route
// with the call's data being the CalldataWithAccounts bytes, prefixed by their u32 length.
TEST(TokenTransferCall, RouteEncodingEmbedsTheCallBytes) {
  Route route;
  route.salt.fill(7);
  route.deadline = 1763701200;
  route.portal = Account::from_svm(kRoutesTsPortal);
  route.tokens = {{Account::from_svm(kUsdc), U256(24875000)}};
  route.calls = {token_transfer_call(kRoutesTsPortal, usdc_payment())};
  const Bytes encoded = encode_route(route, Vm::svm);
  const Bytes& data = route.calls[0].data;
  ASSERT_EQ(data.size(), 4u + 10 + 1 + 4 + 4 * 34);
  const Bytes tail(encoded.end() - static_cast<std::ptrdiff_t>(4 + 32 + 4 + data.size()), encoded.end());
  EXPECT_EQ(hex_of(tail), "01000000" + hex_of(svm::token_program_id().bytes) + "9b000000" + hex_of(data));
}

}  // namespace
}  // namespace sr::protocol::svm_route_call
