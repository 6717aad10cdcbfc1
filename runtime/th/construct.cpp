#include "runtime/th/construct.h"

#include <algorithm>
#include <mutex>
#include <vector>

#include "ember/error.h"
#include "ember/ops/clone.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/copy.h"
#include "ember/ops/fill.h"
#include "ember/ops/narrow.h"
#include "ember/ops/view.h"
#include "ember/ops/zero.h"
#include "ember/views.h"
#include "runtime/core/generator.h"
#include "runtime/ops/construct_ops.h"
#include "runtime/ops/construct_support.h"
#include "runtime/ops/index_plan.h"
#include "runtime/ops/output.h"
#include "runtime/ops/random_args.h"
#include "runtime/ops/structure_ops.h"
#include "runtime/th/args.h"
#include "runtime/th/plan.h"

namespace ember::rt {

void th_zeros(const char* fn, TensorImpl* r, StorageImpl* size) {
  resize(r, th::long_list(size), {}, fn);
  TensorBase result = TensorBase::borrow(r);
  base::zero_(result);
}
void th_ones(const char* fn, TensorImpl* r, StorageImpl* size) {
  resize(r, th::long_list(size), {}, fn);
  TensorBase result = TensorBase::borrow(r);
  base::fill_(result, 1);
}
void th_zeros_like(const char*, TensorImpl* r, TensorImpl* input) {
  resize_as(r, input);
  TensorBase result = TensorBase::borrow(r);
  base::zero_(result);
}
void th_ones_like(const char*, TensorImpl* r, TensorImpl* input) {
  resize_as(r, input);
  TensorBase result = TensorBase::borrow(r);
  base::fill_(result, 1);
}

namespace {

// TH fills a result that already holds as many elements in its own shape
// (row-major order), and makes any other one a 1-D tensor of them.
void th_fill_sequence(TensorImpl* r, const TensorBase& values) {
  if (r->nDimension > 0 && numel(r) == values.numel()) {
    TensorBase target = TensorBase::borrow(r);
    base::copy_(target, base::view(values, target.sizes()));
  } else {
    th::copy_into(r, values.impl());
  }
}

void th_range_into(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step,
                   bool inclusive) {
  Output result(fn, nullptr, "out");
  th_fill_sequence(r, range_into(fn, result, dtype(r), xmin, xmax, step, inclusive));
}

// TH's linspace and logspace: n > 1 points, or one when a == b.
void th_check_points(const char* fn, const Scalar& a, const Scalar& b, long n) {
  if (!(n > 1 || (n == 1 && a.to<double>() == b.to<double>())))
    fail(ErrorKind::Value, str(fn, ": invalid number of points ", n, " (more than 1, or 1 when a == b)"), "steps");
}

void th_linspace_into(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n, const double* log_base) {
  th_check_points(fn, a, b, n);
  Output result(fn, nullptr, "out");
  th_fill_sequence(r, linspace_into(fn, result, dtype(r), a, b, n, log_base));
}

void th_triangle(const char* fn, TensorImpl* r, TensorImpl* t, long k, bool lower) {
  const TensorBase self = TensorBase::borrow(t);
  if (self.dim() != 2) fail(ErrorKind::Value, str(fn, ": expected a matrix, got ", self.dim(), " dims"), "self");
  triangle_out(fn, TensorBase::borrow(r), self, k, lower);
}

}  // namespace

void th_arange(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step) {
  th_range_into(fn, r, xmin, xmax, step, false);
}
void th_range(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step) {
  th_range_into(fn, r, xmin, xmax, step, true);
}
void th_linspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n) {
  th_linspace_into(fn, r, a, b, n, nullptr);
}
void th_logspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n) {
  const double ten = 10;
  th_linspace_into(fn, r, a, b, n, &ten);
}
void th_eye(const char* fn, TensorImpl* r, long n, long m) {
  if (n <= 0) fail(ErrorKind::Value, str(fn, ": n must be positive, got ", n), "n");
  const TensorBase out = TensorBase::borrow(r);
  Output result(fn, &out, "out");
  eye_into(result, out.dtype(), n, m <= 0 ? n : m);
}
void th_diag(const char* fn, TensorImpl* r, TensorImpl* t, int k) {
  const TensorBase out = TensorBase::borrow(r);
  diag_into(fn, &out, TensorBase::borrow(t), k);
}
void th_tril(const char* fn, TensorImpl* r, TensorImpl* t, long k) { th_triangle(fn, r, t, k, true); }
void th_triu(const char* fn, TensorImpl* r, TensorImpl* t, long k) { th_triangle(fn, r, t, k, false); }

void th_cat_impl(const char* fn, TensorImpl* result, TensorImpl* const* inputs, int num_inputs, int dimension) {
  if (!result) fail(ErrorKind::Value, str(fn, ": the result is NULL"));
  if (num_inputs <= 0) fail(ErrorKind::Value, str(fn, ": invalid number of inputs ", num_inputs));
  if (!inputs) fail(ErrorKind::Value, str(fn, ": inputs is NULL"));
  if (dimension < -2 || dimension == -1 || dimension >= EMBER_MAX_DIMS)
    fail(ErrorKind::Index, str(fn, ": invalid dimension ", dimension, " (0-based, below ", EMBER_MAX_DIMS,
                               ", or -2 for the last)"), "dimension");
  std::vector<TensorBase> in;
  int max_dim = dimension + 1;
  for (int i = 0; i < num_inputs; ++i) {
    if (!inputs[i]) fail(ErrorKind::Value, str(fn, ": input ", i, " is NULL"));
    if (inputs[i]->dtype != result->dtype)
      fail(ErrorKind::Type, str(fn, ": input ", i, " holds ", dtype_name(dtype(inputs[i])), ", not ",
                                dtype_name(dtype(result))));
    in.push_back(TensorBase::borrow(inputs[i]));
    max_dim = std::max<int>(max_dim, inputs[i]->nDimension);
  }
  // dimension -2 (Lua's -1 less TH_INDEX_BASE) means the last dim.
  const int cat_dim = dimension == -2 ? std::max(max_dim - 1, 0) : dimension;
  // A dim an input lacks counts as size 1 (0 for an input without dims),
  // and sizes of 0 fit any other: TH's rules.
  auto size_of = [&](const TensorBase& t, int d) -> int64_t {
    return d < t.dim() ? t.size(d) : std::min<int64_t>(t.dim(), 1);
  };
  std::vector<int64_t> shape(static_cast<size_t>(max_dim));
  bool all_empty = true;
  for (int d = 0; d < max_dim; ++d) {
    int64_t s = size_of(in[0], d);
    for (int j = 1; j < num_inputs; ++j) {
      const int64_t sj = size_of(in[j], d);
      if (d == cat_dim) {
        s += sj;
      } else if (s != sj && s && sj) {
        fail(ErrorKind::Value, str(fn, ": inconsistent tensor sizes ", sizes_text(in[0].sizes()), " and ",
                                   sizes_text(in[j].sizes()), " (dim ", d, ")"));
      } else if (!s) {
        s = sj;
      }
    }
    all_empty = all_empty && !s;
    shape[d] = s;
  }
  if (all_empty) return;  // TH leaves the result as it is
  // Each input must fill its slot exactly: one with a size-0 dim passes the
  // rule above yet holds nothing to fill a slot of size 1 with.
  int64_t row = 1;
  for (int d = 0; d < max_dim; ++d) row = d == cat_dim ? row : row * shape[d];
  for (int j = 0; j < num_inputs; ++j) {
    const TensorBase& t = in[j];
    if (t.dim() > 0 && row * (cat_dim < t.dim() ? t.size(cat_dim) : 1) != t.numel())
      fail(ErrorKind::Value, str(fn, ": input ", j, " of sizes ", sizes_text(t.sizes()), " does not fill its part of the result ",
                                 sizes_text(shape), " (dim ", cat_dim, ")"));
  }
  const TensorBase out = TensorBase::borrow(result);
  Output written(fn, &out, "result");
  std::vector<const TensorBase*> reads;
  for (const TensorBase& t : in) reads.push_back(&t);
  const TensorBase& target = written.target(shape, out.dtype(), reads.data(), reads.size(), Reads::Any);
  int64_t offset = 0;
  for (const TensorBase& t : in) {
    if (t.dim() == 0) continue;
    const int64_t n = cat_dim < t.dim() ? t.size(cat_dim) : 1;
    TensorBase slot = base::narrow(target, cat_dim, offset, n);
    base::copy_(slot, base::view(base::contiguous(t), slot.sizes()));
    offset += n;
  }
  written.finish();
}

void th_randperm(const char* fn, TensorImpl* r, THGenerator* gen, long n) {
  if (n <= 0) fail(ErrorKind::Value, str(fn, ": n must be strictly positive, got ", n), "n");
  THGenerator& g = need_generator(fn, gen);
  const TensorBase out = TensorBase::borrow(r);
  std::lock_guard<std::mutex> lock(generator_mutex(&g));
  randperm_into(fn, &out, out.dtype(), n, g);
}

void th_reshape(const char* fn, TensorImpl* r, TensorImpl* t, StorageImpl* size) {
  const IntList sizes = th::long_list(size);
  TensorBase src = TensorBase::borrow(t);
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  if (sizes.empty()) n = 0;
  if (n != src.numel())
    fail(ErrorKind::Value, str(fn, ": size ", sizes_text(sizes), " holds ", n, " elements, the tensor ", src.numel()),
         "shape");
  if (r == t || shares_storage(TensorBase::borrow(r), src)) src = base::clone(src);
  resize(r, sizes, {}, fn);
  TensorBase result = TensorBase::borrow(r);
  if (n > 0) base::copy_(result, base::view(base::contiguous(src), sizes));
}

int th_equal(const char*, TensorImpl* ta, TensorImpl* tb) {
  return rt::equal(TensorBase::borrow(ta), TensorBase::borrow(tb)) ? 1 : 0;
}

}  // namespace ember::rt
