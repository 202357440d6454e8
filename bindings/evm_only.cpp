// Linked into the npm package's EVM-only quote module (cmake/wasm.cmake, `quote-verifier-evm`)
// and nowhere else: this build checks EVM chains only. With this definition the link never takes
// protocol/svm_checked.cpp's from the layer's archive, and link-time optimisation folds it, so the
// Solana code drops out (protocol/vm.h).
#include "protocol/vm.h"

namespace sr {

extern const bool svm_checked = false;

}  // namespace sr
