// The per-intent vault that holds the reward (protocol page, "Vault").
#pragma once

#include <cstdint>
#include <utility>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "protocol/svm_address.h"

namespace sr::protocol {

// EVM: CREATE2 by the source Portal with the intent hash as salt:
// keccak256(0xff ++ portal ++ intentHash ++ initCodeHash)[12:]. initCodeHash is per Portal
// deployment (chain configuration).
Address evm_vault_address(const Address& portal, const Hash32& intent_hash, const Hash32& init_code_hash);

// SVM: the PDA findProgramAddress(["vault", intentHash], portalProgramId), with its bump.
std::pair<svm::Pubkey, std::uint8_t> svm_vault_pda(const Hash32& intent_hash, const svm::Pubkey& portal_program);
svm::Pubkey svm_vault_address(const Hash32& intent_hash, const svm::Pubkey& portal_program);

}  // namespace sr::protocol
