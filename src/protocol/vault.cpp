#include "protocol/vault.h"

namespace sr::protocol {

Address evm_vault_address(const Address& portal, const Hash32& intent_hash, const Hash32& init_code_hash) {
  return create2_address(portal, intent_hash, init_code_hash);
}

std::pair<svm::Pubkey, std::uint8_t> svm_vault_pda(const Hash32& intent_hash, const svm::Pubkey& portal_program) {
  static const std::string_view kSeed = "vault";
  return svm::find_program_address({Bytes(kSeed.begin(), kSeed.end()), Bytes(intent_hash.begin(), intent_hash.end())},
                                   portal_program);
}

svm::Pubkey svm_vault_address(const Hash32& intent_hash, const svm::Pubkey& portal_program) {
  return svm_vault_pda(intent_hash, portal_program).first;
}

}  // namespace sr::protocol
