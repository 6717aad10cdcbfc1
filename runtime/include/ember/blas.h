// Which BLAS runs ember's Float and Double matrix products.
#pragma once

#include <string>

#include "ember/export.h"

namespace ember {

// One line: OpenBLAS's build configuration, the core (kernel set) it runs
// and why that one (Note [OpenBLAS core type] in runtime/ops/openblas.h), and
// the library file; or why OpenBLAS could not be loaded, in which case the
// products run ember's generic loops. The first call loads OpenBLAS.
EMBER_CPP_API std::string blas_info();

}  // namespace ember
