#include "runtime/th/args.h"

namespace ember::th {

std::string Fn::str() const { return ember::str(*this); }

std::ostream& operator<<(std::ostream& out, const Fn& fn) {
  out << "TH" << info(fn.dtype).name << fn.name;
  return fn.dims > 0 ? out << fn.dims << "d" : out;
}

IntList long_list(const StorageImpl* s) {
  if (!s) return {};
  return IntList(static_cast<const int64_t*>(s->data), static_cast<size_t>(s->size));
}

int64_t check_dim(const TensorImpl* t, int64_t dim, const Fn& fn, const char* arg) {
  if (t->nDimension == 0) fail(ErrorKind::Index, ember::str(fn, ": dim ", dim, " of a tensor without dims"), arg);
  if (dim < 0 || dim >= t->nDimension)
    fail(ErrorKind::Index, ember::str(fn, ": dim ", dim, " is out of range for a ", t->nDimension,
                                      "-dim tensor (expected in [0, ", t->nDimension - 1, "])"), arg);
  return dim;
}

}  // namespace ember::th
