#include "ember/error.h"

namespace ember {

// Exported although the library hides symbols by default: the C++ API's
// inline checks (EMBER_CHECK, checked_mul) call it from user code.
__attribute__((visibility("default"))) void fail(ErrorKind kind, const std::string& message,
                                                 const std::string& arg) {
  if (arg.empty()) throw Error(kind, message);
  throw Error(kind, str(message, " (argument '", arg, "')"), arg);
}

}  // namespace ember
