// Every build checks SVM chains but the npm package's EVM-only module, whose link defines
// svm_checked itself (bindings/evm_only.cpp; protocol/vm.h says why). Alone in its file: a link
// takes it from the layer's archive only when nothing else defined the constant, and a strong
// definition is one that link-time optimisation folds in every module.
#include "protocol/vm.h"

namespace sr {

extern const bool svm_checked = true;

}  // namespace sr
