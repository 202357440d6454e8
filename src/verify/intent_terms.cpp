#include "verify/intent_terms.h"

#include <algorithm>

#include "crypto/catching.h"
#include "protocol/erc20.h"
#include "protocol/svm_address.h"
#include "protocol/svm_route_call.h"
#include "protocol/vault.h"
#include "verify/json_members.h"
#include "verify/report.h"

namespace sr::verify {

using protocol::Account;

std::string text(const Account& account, const ChainInfo& chain) { return account.to_string(chain.vm); }

std::string chain_text(const ChainInfo& chain) { return cat("chain ", std::to_string(chain.chain_id)); }

Account vault_of(const ChainInfo& chain, const Hash32& intent_hash) {
  if (chain.vm == Vm::svm) {
    expect_svm_checked();
    return Account::from_svm(protocol::svm_vault_address(intent_hash, chain.portal.to_svm()));
  }
  if (!chain.vault_init_code_hash) {
    fail(chain_text(chain), " has no vaultInitCodeHash in the chain records, so its vaults cannot be recomputed");
  }
  return Account::from_evm(
      protocol::evm_vault_address(chain.portal.to_evm(), intent_hash, *chain.vault_init_code_hash));
}

void expect_deadlines_after(std::string_view where, const protocol::Intent& intent, std::uint64_t deadline,
                            std::string_view deadline_name) {
  if (intent.route.deadline <= deadline) {
    fail(where, ".route.deadline (", std::to_string(intent.route.deadline), ") is not after ", deadline_name, " (",
         std::to_string(deadline), ")");
  }
  if (intent.reward.deadline <= intent.route.deadline) {
    fail(where, ".reward.deadline (", std::to_string(intent.reward.deadline), ") is not after the route deadline (",
         std::to_string(intent.route.deadline), ")");
  }
}

void expect_route_provides(std::string_view where, const protocol::Intent& intent, const ChainInfo& delivers_on,
                           const ChainInfo& chain, const Account& token, const U256& minimum) {
  if (&delivers_on != &chain) {
    fail(where, " delivers on ", chain_text(delivers_on), ", not on the destination ", chain_text(chain));
  }
  if (intent.route.portal != chain.portal) {
    fail(where, ".intent.route.portal is ", text(intent.route.portal, chain), ", not the Portal of ", chain_text(chain));
  }
  const auto& tokens = intent.route.tokens;
  const auto listed = std::find_if(tokens.begin(), tokens.end(),
                                   [&](const protocol::TokenAmount& t) { return t.token == token; });
  if (listed == tokens.end() || listed->amount < minimum) {
    fail(where, ".intent.route.tokens does not provide minAmountOut (", minimum.to_decimal(), ") of ",
         text(token, chain));
  }
}

void expect_deadlines_within(std::string_view where, const protocol::Intent& intent, std::uint64_t start,
                             std::string_view start_name, const ChainInfo& route_chain,
                             const ChainInfo& reward_chain) {
  const auto limits_of = [](const ChainInfo& chain) -> const ChainLimits& {
    if (!chain.limits) fail(chain_text(chain), " publishes no limits in the chain records, so deadlines cannot be bounded");
    return *chain.limits;
  };
  expect_deadlines_after(where, intent, start, start_name);
  const std::uint64_t fill = limits_of(route_chain).max_fill_window_sec;
  const std::uint64_t reward = limits_of(reward_chain).max_reward_window_sec;
  if (intent.route.deadline - start > fill) {
    fail(where, ".route.deadline (", std::to_string(intent.route.deadline), ") is more than ", std::to_string(fill),
         " s (maxFillWindowSec of ", chain_text(route_chain), ") after ", start_name, " (", std::to_string(start), ")");
  }
  if (intent.reward.deadline - intent.route.deadline > reward) {
    fail(where, ".reward.deadline (", std::to_string(intent.reward.deadline), ") is more than ", std::to_string(reward),
         " s (maxRewardWindowSec of ", chain_text(reward_chain), ") after the route deadline");
  }
}

bool pays(const protocol::Call& call, const ChainInfo& chain, const Account& token, const Account& recipient,
          const U256& amount) {
  if (!call.value.is_zero()) return false;
  if (chain.vm == Vm::evm) {
    if (call.target != token) return false;
    return catching<ParseError>([&] {
      return protocol::erc20::decode_transfer(call.data) == protocol::erc20::AmountTo{recipient.to_evm(), amount};
    }, [] { return false; });
  }
  // Solana: the call Eco's Portal fills (protocol::svm_route_call): TransferChecked on Token or
  // Token-2022 from the executor of this chain's Portal, crediting the recipient's associated token
  // account of the mint under that same program. Any other shape can never be filled.
  expect_svm_checked();
  return catching<ParseError>([&] {
    const auto paid = protocol::svm_route_call::decode_token_transfer_call(chain.portal.to_svm(), call);
    const svm::Pubkey mint = token.to_svm();
    return paid.mint == mint && U256{paid.transfer.amount} == amount &&
           paid.recipient_token_account == svm::associated_token_address(recipient.to_svm(), mint, paid.token_program);
  }, [] { return false; });
}

void expect_exact_route(std::string_view where, const protocol::Intent& intent, const ChainInfo& delivers_on,
                        const ChainInfo& chain, const Account& token, const U256& spent, std::size_t calls) {
  expect_route_provides(where, intent, delivers_on, chain, token, spent);
  const protocol::Route& route = intent.route;
  if (route.tokens.size() != 1 || route.tokens[0].amount != spent) {
    fail(where, ".intent.route.tokens must be exactly ", spent.to_decimal(), " of ", text(token, chain),
         " (what its calls pay out)");
  }
  if (!route.native_amount.is_zero()) fail(where, ".intent.route.nativeAmount is not 0");
  if (route.calls.size() != calls) {
    fail(where, ".intent.route.calls has ", std::to_string(route.calls.size()), " call(s); the asked route makes ",
         std::to_string(calls));
  }
}

void expect_call(std::string_view where, std::size_t index, bool is_expected) {
  if (!is_expected) {
    fail(where, ".intent.route.calls[", std::to_string(index), "] is not the call the asked route makes there");
  }
}

}  // namespace sr::verify
