#include "runtime/ops/linalg_args.h"

#include <cctype>
#include <climits>
#include <cstring>
#include <string>

#include "ember/error.h"

namespace ember::rt::linalg {

TensorImpl* need(const th::Fn& fn, TensorImpl* t, const char* arg) { return th::need(t, fn, arg); }

void need_dims(const th::Fn& fn, const TensorImpl* t, const char* arg, int dims, int dims2) {
  if (t->nDimension == dims || (dims2 > 0 && t->nDimension == dims2)) return;
  const std::string want = dims2 > 0 ? str(dims, " or ", dims2) : str(dims);
  fail(ErrorKind::Value, str(fn, ": ", arg, " should have ", want, " dimensions, but has ", t->nDimension), arg);
}

int lapack_size(const th::Fn& fn, const TensorImpl* t, int d, const char* arg) {
  const int64_t s = t->size[d];
  if (s > INT_MAX)
    fail(ErrorKind::Value, str(fn, ": size ", s, " of ", arg, "'s dim ", d, " is too large for LAPACK's int"), arg);
  return static_cast<int>(s);
}

int need_square(const th::Fn& fn, const TensorImpl* t, const char* arg) {
  need_dims(fn, t, arg, 2);
  if (t->size[0] != t->size[1])
    fail(ErrorKind::Value, str(fn, ": ", arg, " should be square, but is ", t->size[0], "x", t->size[1]), arg);
  return lapack_size(fn, t, 0, arg);
}

void same_rows(const th::Fn& fn, const TensorImpl* b, const char* b_arg, int64_t n, const char* a_arg) {
  if (b->size[0] != n)
    fail(ErrorKind::Value,
         str(fn, ": ", a_arg, " and ", b_arg, " are incompatible: ", a_arg, " has ", n, " rows, ", b_arg, " has ",
             b->size[0]),
         b_arg);
}

char flag(const th::Fn& fn, const char* s, const char* allowed, const char* arg) {
  th::need(s, fn, arg);
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  if (!u || !std::strchr(allowed, u)) {
    std::string list;
    for (const char* a = allowed; *a; ++a) list += str(list.empty() ? "'" : ", '", *a, "'");
    fail(ErrorKind::Value, str(fn, ": ", arg, " is \"", s, "\", not one of ", list), arg);
  }
  return u;
}

void check_accepted(const th::Fn& fn, const char* routine, int info) {
  if (info < 0)
    fail(ErrorKind::Runtime, str(fn, ": LAPACK's ", routine, " rejected its argument ", -info,
                                 " (an ember bug: ", "the arguments are checked before the call)"));
}

}  // namespace ember::rt::linalg
