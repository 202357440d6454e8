#include "protocol/svm_fund.h"

#include <algorithm>

#include "crypto/catching.h"
#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "protocol/borsh.h"
#include "protocol/intent_borsh.h"
#include "protocol/intent_hash.h"
#include "protocol/vault.h"

namespace sr::protocol::svm_fund {
namespace {

// payer, funder, vault, then the four programs the Portal calls into (Token, Token-2022,
// Associated Token, System): Anchor reads them as the instruction's fixed account list.
constexpr std::size_t kFixedAccounts = 7;
// The program reads the remaining accounts in chunks of three: funder token account, vault token
// account, mint.
constexpr std::size_t kAccountsPerToken = 3;

}  // namespace

Bytes fund_data(const FundArgs& args) {
  const auto discriminator = svm::anchor_discriminator("fund");
  borsh::Writer out;
  out.fixed(discriminator).u64(args.destination).fixed(args.route_hash);
  intent_borsh::write_reward(out, args.reward);
  out.boolean(args.allow_partial);
  return out.take();
}

Hash32 fund_intent_hash(const FundArgs& args) {
  return intent_hash(args.destination, args.route_hash, reward_hash(args.reward, Vm::svm));
}

svm::Instruction fund_instruction(const FundArgs& args, const FundSigners& signers, const svm::Pubkey& portal_program,
                                  const svm::Pubkey& token_program) {
  const svm::Pubkey vault = svm_vault_address(fund_intent_hash(args), portal_program);
  svm::Instruction out{portal_program, {}, fund_data(args)};
  // The funder signs and is writable: it pays any native reward by a System transfer. The payer
  // pays the rent of a vault token account the program creates when it is missing.
  out.accounts = {{signers.payer, true, true},
                  {signers.funder, true, true},
                  {vault, false, true},
                  {svm::token_program_id(), false, false},
                  {svm::token_2022_program_id(), false, false},
                  {svm::associated_token_program_id(), false, false},
                  {svm::system_program_id(), false, false}};
  for (const TokenAmount& token : args.reward.tokens) {
    const svm::Pubkey mint = token.token.to_svm();
    out.accounts.push_back({svm::associated_token_address(signers.funder, mint, token_program), false, true});
    out.accounts.push_back({svm::associated_token_address(vault, mint, token_program), false, true});
    out.accounts.push_back({mint, false, false});
  }
  return out;
}

DecodedFund decode_fund_instruction(const svm::Instruction& instruction, const svm::Pubkey& portal_program,
                                    const svm::Pubkey& token_program) {
  if (instruction.program_id != portal_program) {
    throw_parse_error("fund instruction program " + instruction.program_id.to_base58() + " is not the Portal " +
                      portal_program.to_base58());
  }
  const auto discriminator = svm::anchor_discriminator("fund");
  if (instruction.data.size() < discriminator.size() ||
      !std::equal(discriminator.begin(), discriminator.end(), instruction.data.begin())) {
    throw_parse_error("fund instruction data does not start with the discriminator " + hex::encode(discriminator));
  }
  DecodedFund out;
  rethrowing<ParseError>([&] {
    borsh::Reader in(ByteView(instruction.data).subspan(discriminator.size()));
    out.args.destination = in.u64();
    out.args.route_hash = in.fixed<32>();
    out.args.reward = intent_borsh::read_reward(in);
    out.args.allow_partial = in.boolean();
    in.expect_end();
  }, [](const ParseError& e) { throw_parse_error(std::string("fund instruction data: ") + e.what()); });
  const std::size_t expected_accounts = kFixedAccounts + kAccountsPerToken * out.args.reward.tokens.size();
  if (instruction.accounts.size() != expected_accounts) {
    throw_parse_error("fund instruction has " + std::to_string(instruction.accounts.size()) + " accounts, expected " +
                      std::to_string(expected_accounts) + " for " + std::to_string(out.args.reward.tokens.size()) +
                      " reward tokens");
  }
  out.signers = {instruction.accounts[0].pubkey, instruction.accounts[1].pubkey};
  const svm::Instruction expected = fund_instruction(out.args, out.signers, portal_program, token_program);
  for (std::size_t i = 0; i < expected.accounts.size(); ++i) {
    if (instruction.accounts[i] != expected.accounts[i]) {
      throw_parse_error("fund instruction account " + std::to_string(i) + " is " + svm::describe(instruction.accounts[i]) +
                        ", expected " + svm::describe(expected.accounts[i]));
    }
  }
  return out;
}

}  // namespace sr::protocol::svm_fund
