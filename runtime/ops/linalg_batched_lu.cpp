// TH's batched LU: btrifact (xGETRF per matrix of a B x n x n tensor) and
// btrisolve (xGETRS with its factors). Unlike TH's other LAPACK functions
// these keep their results in the layout of the result tensor (resized as
// the input, TH's resizeAs), as TH did; pivots are 1-based Int tensors.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

namespace {

// Element (i, j) of batch element `batch` of a 3-D tensor; j ignored for a 2-D one (batch x n).
template <class T>
T* element3(const TensorImpl* t, int64_t batch, int64_t i, int64_t j) {
  return data<T>(t) + batch * t->stride[0] + i * t->stride[1] + (t->nDimension > 2 ? j * t->stride[2] : 0);
}

// Matrix `batch` of the 3-D (or 2-D: one column each) `t`.
template <class T>
ColMajor<T> read_batch(const TensorImpl* t, int64_t batch) {
  const int rows = static_cast<int>(t->size[1]), cols = t->nDimension > 2 ? static_cast<int>(t->size[2]) : 1;
  ColMajor<T> m(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) m.at(i, j) = *element3<T>(t, batch, i, j);
  return m;
}

// `r` will be resized as `like` and written through its own strides: it
// may not hold one element at two places (a stride of 0 that resizeAs
// would keep).
void writable_as(const th::Fn& fn, const TensorImpl* r, const char* r_arg, const TensorImpl* like) {
  if ((r == like || sizes(r) == sizes(like)) && has_internal_overlap(r))
    fail(ErrorKind::Value,
         str(fn, ": ", r_arg, " has a stride of 0 (several elements at one address) and cannot be ", "written"), r_arg);
}

// Makes `r` the shape of `like` (TH's resizeAs) and writes each batch's matrix there.
template <class T>
void write_batches(TensorImpl* r, const TensorImpl* like, const std::vector<ColMajor<T>>& ms) {
  if (r != like) resize_as(r, like);
  for (size_t b = 0; b < ms.size(); ++b)
    for (int j = 0; j < ms[b].cols; ++j)
      for (int i = 0; i < ms[b].rows; ++i) *element3<T>(r, static_cast<int64_t>(b), i, j) = ms[b].at(i, j);
}

}  // namespace

void th_btrifact(const th::Fn& fn, TensorImpl* ra, TensorImpl* rpivots, TensorImpl* rinfo, int pivot, TensorImpl* a) {
  need(fn, ra, "ra_");
  need(fn, rpivots, "rpivots_");
  need(fn, a, "a");
  need_dims(fn, a, "a", 3);
  if (!pivot)
    fail(ErrorKind::Value, str(fn, ": pivot is 0, but LU without pivoting is not implemented on the CPU"), "pivot");
  if (a->size[1] != a->size[2])
    fail(ErrorKind::Value, str(fn, ": a's matrices should be square, but are ", a->size[1], "x", a->size[2]), "a");
  const int n = lapack_size(fn, a, 1, "a");
  const int64_t batches = a->size[0];
  writable_as(fn, ra, "ra_", a);
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    std::vector<ColMajor<T>> lu;
    std::vector<int> piv(static_cast<size_t>(batches) * n), info(batches);
    for (int64_t b = 0; b < batches; ++b) {
      lu.push_back(read_batch<T>(a, b));
      if (n > 0) lapack::getrf<T>(fn.str(), n, n, lu[b].data(), lu[b].ld, piv.data() + b * n, &info[b]);
      check_accepted(fn, "getrf", info[b]);
      if (info[b] > 0 && !rinfo)
        fail(ErrorKind::Runtime, str(fn, ": U(", info[b], ",", info[b], ") of batch element ", b,
                                     " is exactly zero, the matrix is singular (LAPACK info ", info[b],
                                     "; pass rinfo_ to get each matrix's info instead)"));
    }
    write_batches(ra, a, lu);
    resize(rpivots, {batches, n}, {n, 1}, "linalg");
    std::copy(piv.begin(), piv.end(), data<int32_t>(rpivots));
    if (rinfo) {
      resize(rinfo, {batches}, {1}, "linalg");
      std::copy(info.begin(), info.end(), data<int32_t>(rinfo));
    }
  });
}

void th_btrisolve(const th::Fn& fn, TensorImpl* rb, TensorImpl* b, TensorImpl* atf, TensorImpl* pivots) {
  need(fn, rb, "rb_");
  need(fn, b, "b");
  need(fn, atf, "atf");
  need(fn, pivots, "pivots");
  need_dims(fn, atf, "atf", 3);
  need_dims(fn, b, "b", 2, 3);
  need_dims(fn, pivots, "pivots", 2);
  const int64_t batches = atf->size[0];
  if (atf->size[1] != atf->size[2])
    fail(ErrorKind::Value, str(fn, ": atf's matrices should be square, but are ", atf->size[1], "x", atf->size[2]),
         "atf");
  const int n = lapack_size(fn, atf, 1, "atf");
  if (b->size[0] != batches || b->size[1] != n)
    fail(ErrorKind::Value,
         str(fn, ": b is ", sizes_text(sizes(b)), ", but atf holds ", batches, " matrices of order ", n), "b");
  const int nrhs = b->nDimension > 2 ? lapack_size(fn, b, 2, "b") : 1;
  if (pivots->size[0] != batches || pivots->size[1] != n)
    fail(ErrorKind::Value, str(fn, ": pivots is ", sizes_text(sizes(pivots)), ", but should be ", batches, "x", n),
         "pivots");
  std::vector<int> piv(static_cast<size_t>(batches) * n);
  for (int64_t k = 0; k < batches; ++k)
    for (int i = 0; i < n; ++i) {
      const int p = *element3<int32_t>(pivots, k, i, 0);
      if (p < 1 || p > n)
        fail(ErrorKind::Value, str(fn, ": pivots[", k, "][", i, "] is ", p, ", outside 1..", n), "pivots");
      piv[k * n + i] = p;
    }
  writable_as(fn, rb, "rb_", b);
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    std::vector<ColMajor<T>> x;
    for (int64_t k = 0; k < batches; ++k) {
      ColMajor<T> lu = read_batch<T>(atf, k);
      x.push_back(read_batch<T>(b, k));
      int info = 0;
      if (n > 0 && nrhs > 0)
        lapack::getrs<T>(fn.str(), 'N', n, nrhs, lu.data(), lu.ld, piv.data() + k * n, x[k].data(), x[k].ld, &info);
      check_accepted(fn, "getrs", info);
    }
    write_batches(rb, b, x);
  });
}

}  // namespace ember::rt::linalg
