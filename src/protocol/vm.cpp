#include "protocol/vm.h"

#include <stdexcept>

namespace sr {

void svm_not_checked() { throw std::logic_error("an SVM chain's data reached a build that checks EVM chains only"); }

}  // namespace sr
