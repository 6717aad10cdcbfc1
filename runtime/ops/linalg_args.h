// Argument checks shared by TH's tensor-level LAPACK functions
// (runtime/ops/linalg_*.cpp). Each failure is a ValueError naming the C
// function and the C parameter (which TH's argument handler turns into
// its position); they all run before anything is written.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ember/tensor_impl.h"
#include "runtime/th/args.h"

namespace ember::rt::linalg {

// `t`, or a ValueError when it is NULL.
TensorImpl* need(const th::Fn& fn, TensorImpl* t, const char* arg);

// `t` has `dims` dims (or, with dims2 > 0, either count).
void need_dims(const th::Fn& fn, const TensorImpl* t, const char* arg, int dims, int dims2 = 0);
// A 2-D square matrix; returns its order.
int need_square(const th::Fn& fn, const TensorImpl* t, const char* arg);
// Size `d` of `t` as LAPACK's int (a ValueError past INT_MAX).
int lapack_size(const th::Fn& fn, const TensorImpl* t, int d, const char* arg);
// b's rows (dim 0) are a's n.
void same_rows(const th::Fn& fn, const TensorImpl* b, const char* b_arg, int64_t n, const char* a_arg);

// The first character of the flag string `s`, upper-cased, one of
// `allowed` (upper case); NULL or anything else is a ValueError.
char flag(const th::Fn& fn, const char* s, const char* allowed, const char* arg);

// Calls f(float{}) or f(double{}) for the C function's dtype (only Float
// and Double functions exist).
template <class F>
void for_dtype(const th::Fn& fn, F&& f) {
  if (fn.dtype == DType::Double)
    f(double{});
  else
    f(float{});
}

// LAPACK's info < 0: an argument it rejected, which the checks above
// should have caught first (a RuntimeError naming the routine).
void check_accepted(const th::Fn& fn, const char* routine, int info);

// The workspace of LAPACK's size query answer `optimum` (at least 1).
template <class T>
std::vector<T> workspace(T optimum) {
  return std::vector<T>(static_cast<size_t>(std::max<T>(1, optimum)));
}

}  // namespace ember::rt::linalg
