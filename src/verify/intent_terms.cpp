#include "verify/intent_terms.h"

#include <algorithm>

#include "protocol/erc20.h"
#include "protocol/svm_route_call.h"
#include "protocol/vault.h"
#include "verify/json_members.h"
#include "verify/report.h"

namespace sr::verify {

using protocol::Account;

std::string text(const Account& account, const ChainInfo& chain) { return account.to_string(chain.vm); }

std::string chain_text(const ChainInfo& chain) { return cat("chain ", std::to_string(chain.chain_id)); }

Account vault_of(const ChainInfo& chain, const Hash32& intent_hash) {
  if (chain.vm == Vm::svm) return Account::from_svm(protocol::svm_vault_address(intent_hash, chain.portal.to_svm()));
  if (!chain.vault_init_code_hash) {
    fail(chain_text(chain), " has no vaultInitCodeHash in the chain records, so its vaults cannot be recomputed");
  }
  return Account::from_evm(
      protocol::evm_vault_address(chain.portal.to_evm(), intent_hash, *chain.vault_init_code_hash));
}

void expect_deadlines_after(const std::string& where, const protocol::Intent& intent, std::uint64_t deadline,
                            const std::string& deadline_name) {
  if (intent.route.deadline <= deadline) {
    fail(where, ".route.deadline (", std::to_string(intent.route.deadline), ") is not after ", deadline_name, " (",
         std::to_string(deadline), ")");
  }
  if (intent.reward.deadline <= intent.route.deadline) {
    fail(where, ".reward.deadline (", std::to_string(intent.reward.deadline), ") is not after the route deadline (",
         std::to_string(intent.route.deadline), ")");
  }
}

void expect_route_provides(const std::string& where, const protocol::Intent& intent, const ChainInfo& delivers_on,
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

void expect_transfer_call(const std::string& where, const protocol::Intent& intent, const ChainInfo& chain,
                          const Account& token, const Account& recipient, const U256& minimum) {
  if (chain.vm == Vm::svm) {
    // Solana: the call Eco's Portal fills (protocol::svm_route_call): TransferChecked on Token or
    // Token-2022 from the Portal's executor, crediting the recipient's associated token account of
    // the destination mint under that same program. Any other shape can never be filled.
    const svm::Pubkey mint = token.to_svm();
    for (const protocol::Call& call : intent.route.calls) {
      try {
        const auto paid = protocol::svm_route_call::decode_token_transfer_call(chain.portal.to_svm(), call);
        if (paid.mint == mint && paid.transfer.amount >= minimum &&
            paid.recipient_token_account ==
                svm::associated_token_address(recipient.to_svm(), mint, paid.token_program)) {
          return;
        }
      } catch (const ParseError&) {
        // not such a payment: keep looking
      }
    }
    fail(where, " has no call paying ", text(recipient, chain), "'s token account >= ", minimum.to_decimal(), " of ",
         text(token, chain), " by TransferChecked from the executor of the Portal of ", chain_text(chain));
  }
  for (const protocol::Call& call : intent.route.calls) {
    if (call.target != token || !call.value.is_zero()) continue;
    try {
      const protocol::erc20::AmountTo transfer = protocol::erc20::decode_transfer(call.data);
      if (Account::from_evm(transfer.account) == recipient && transfer.amount >= minimum) return;
    } catch (const ParseError&) {
      // not a transfer: keep looking
    }
  }
  fail(where, " has no call ", text(token, chain), ".transfer(", text(recipient, chain), ", >= ", minimum.to_decimal(),
       ")");
}

}  // namespace sr::verify
