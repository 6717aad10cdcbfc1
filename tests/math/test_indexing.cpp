// index_select, index_copy, index_add, index_fill, gather, scatter and
// scatter_add through the C++ API (schemas/math/indexing.yaml), for every
// dtype and for contiguous, transposed and narrowed inputs, indices and
// outputs, against naive loops over row-major positions.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "index_test_util.h"
#include "runtime_test_util.h"

namespace ember::test {
namespace {

// ---- references ------------------------------------------------------------------

std::vector<double> ref_index_select(const std::vector<double>& self, const Shape& shape, int64_t dim,
                                     const std::vector<int64_t>& index, Shape& out_shape) {
  out_shape = shape;
  out_shape[dim] = static_cast<int64_t>(index.size());
  std::vector<double> out(static_cast<size_t>(count(out_shape)));
  for (int64_t i = 0; i < count(out_shape); ++i) {
    Shape at = unravel(i, out_shape);
    at[dim] = index[at[dim]];
    out[i] = self[ravel(at, shape)];
  }
  return out;
}

std::vector<double> ref_gather(const std::vector<double>& self, const Shape& shape, int64_t dim,
                               const std::vector<int64_t>& index, const Shape& index_shape) {
  std::vector<double> out(index.size());
  for (int64_t i = 0; i < count(index_shape); ++i) {
    Shape at = unravel(i, index_shape);
    at[dim] = index[i];
    out[i] = self[ravel(at, shape)];
  }
  return out;
}

// scatter (add: scatter_add) of src (of src_shape) over index's shape into self.
std::vector<double> ref_scatter(std::vector<double> self, const Shape& shape, int64_t dim,
                                const std::vector<int64_t>& index, const Shape& index_shape,
                                const std::vector<double>& src, const Shape& src_shape, bool add) {
  for (int64_t i = 0; i < count(index_shape); ++i) {
    const Shape p = unravel(i, index_shape);
    Shape at = p;
    at[dim] = index[i];
    const double v = src[ravel(p, src_shape)];
    double& dst = self[ravel(at, shape)];
    dst = add ? dst + v : v;
  }
  return self;
}

// index_copy (add: index_add with alpha) of source's slices into self.
std::vector<double> ref_index_source(std::vector<double> self, const Shape& shape, int64_t dim,
                                     const std::vector<int64_t>& index, const std::vector<double>& source,
                                     const Shape& source_shape, bool add, double alpha) {
  for (int64_t i = 0; i < count(source_shape); ++i) {
    const Shape p = unravel(i, source_shape);
    Shape at = p;
    at[dim] = index[p[dim]];
    double& dst = self[ravel(at, shape)];
    dst = add ? dst + alpha * source[i] : source[i];
  }
  return self;
}

// Booleans add as logical or; ember stores 2.0 in a bool as true.
std::string trace(DType d, Layout l) { return std::string(dtype_name(d)) + ", " + layout_name(l); }

// ---- index_select ----------------------------------------------------------------

TEST(Indexing, IndexSelect) {
  const Shape shape{4, 3, 5};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(trace(dt, layout));
      const Tensor self = make(v, shape, dt, layout);
      for (int64_t dim = -3; dim < 3; ++dim) {
        const int64_t d = dim < 0 ? dim + 3 : dim;
        const int64_t n = shape[d];
        const std::vector<int64_t> idx{n - 1, 0, 0, n / 2, n - 1};  // repeats allowed
        Shape want_shape;
        const std::vector<double> want = ref_index_select(v, shape, d, idx, want_shape);
        // the index contiguous and as a strided view
        expect_tensor(index_select(self, dim, longs(idx)), dt, want_shape, want);
        expect_tensor(self.index_select(dim, longs_laid(idx, {5}, Layout::Narrowed)), dt, want_shape, want);
        // out=: a transposed out of the right shape is written in place
        Tensor out = make(std::vector<double>(static_cast<size_t>(count(want_shape)), 0), want_shape, dt,
                          Layout::Transposed);
        void* data = out.data_ptr();
        index_select_out(out, self, dim, longs(idx));
        EXPECT_EQ(out.data_ptr(), data);
        expect_tensor(out, dt, want_shape, want);
        // an out of another shape is resized
        Tensor small = empty({1}, dt);
        index_select_out(small, self, dim, longs(idx));
        expect_tensor(small, dt, want_shape, want);
      }
    }
  }
}

TEST(Indexing, IndexSelectLayouts) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    // 1-d, a 0-dim index (the dim keeps size 1), an empty index
    const std::vector<double> v = patterned({6}, dt);
    const Tensor self = make(v, {6}, dt);
    expect_tensor(index_select(self, 0, longs({5, 2, 2})), dt, {3}, {v[5], v[2], v[2]});
    expect_tensor(index_select(self, 0, from_vector<int64_t>({4}, {})), dt, {1}, {v[4]});
    expect_tensor(index_select(self, 0, longs({})), dt, {0}, {});
    expect_tensor(index_select(make(patterned({2, 0}, dt), {2, 0}, dt), 0, longs({1, 1, 0})), dt, {3, 0}, {});
    // an expanded self (stride 0)
    const Tensor row = make({1, 2, 3}, {1, 3}, dt);
    const std::vector<double> r = values_of(row);
    expect_tensor(index_select(row.expand({4, 3}), 0, longs({3, 0})), dt, {2, 3}, {r[0], r[1], r[2], r[0], r[1], r[2]});
    expect_tensor(index_select(row.expand({4, 3}), 1, longs({2})), dt, {4, 1}, {r[2], r[2], r[2], r[2]});
    // 0-dim self: dim 0 or -1, one index, a 0-dim result
    const Tensor scalar = make({v[1]}, {}, dt);
    expect_tensor(index_select(scalar, -1, longs({0})), dt, {}, {v[1]});
    // out sharing self's storage: computed aside, then copied
    Tensor buf = make(patterned({6}, dt, 3), {6}, dt);
    const std::vector<double> b = values_of(buf);
    Tensor out = buf.narrow(0, 0, 3);
    index_select_out(out, buf, 0, longs({5, 4, 3}));
    expect_tensor(buf, dt, {6}, {b[5], b[4], b[3], b[3], b[4], b[5]});
  }
}

// ---- index_copy, index_add, index_fill ---------------------------------------------

TEST(Indexing, IndexCopy) {
  const Shape shape{4, 3, 2};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(trace(dt, layout));
      for (int64_t d = 0; d < 3; ++d) {
        const std::vector<int64_t> idx = d == 0 ? std::vector<int64_t>{3, 1} : std::vector<int64_t>{shape[d] - 1};
        Shape src_shape = shape;
        src_shape[d] = static_cast<int64_t>(idx.size());
        const std::vector<double> src = patterned(src_shape, dt, 1);
        const std::vector<double> want = ref_index_source(v, shape, d, idx, src, src_shape, false, 1);
        Tensor self = make(v, shape, dt, layout);
        Tensor& r = self.index_copy_(d, longs_laid(idx, {static_cast<int64_t>(idx.size())}, layout),
                                     make(src, src_shape, dt, layout));
        EXPECT_TRUE(r.is_same(self));
        expect_tensor(self, dt, shape, want);
        const Tensor fresh = make(v, shape, dt, layout);
        expect_tensor(index_copy(fresh, d - 3, longs(idx), make(src, src_shape, dt)), dt, shape, want);
        expect_tensor(fresh, dt, shape, v);  // the function form leaves self alone
      }
    }
    // an empty index copies nothing
    Tensor self = make(v, shape, dt);
    self.index_copy_(1, longs({}), empty({4, 0, 2}, dt));
    expect_tensor(self, dt, shape, v);
  }
}

TEST(Indexing, IndexAdd) {
  const Shape shape{3, 4};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(trace(dt, layout));
      for (int64_t d = 0; d < 2; ++d) {
        const std::vector<int64_t> idx{shape[d] - 1, 0, shape[d] - 1};  // a repeat adds twice
        Shape src_shape = shape;
        src_shape[d] = 3;
        const std::vector<double> src = patterned(src_shape, dt, 2);
        const double alpha = dt == DType::Bool ? 1 : 2;
        const Scalar a = dt == DType::Bool ? Scalar(true) : Scalar(int64_t{2});
        Tensor self = make(v, shape, dt, layout);
        self.index_add_(d, longs_laid(idx, {3}, layout), make(src, src_shape, dt, layout), a);
        expect_tensor(self, dt, shape, ref_index_source(v, shape, d, idx, src, src_shape, true, alpha));
        expect_tensor(index_add(make(v, shape, dt), d, longs(idx), make(src, src_shape, dt)), dt, shape,
                      ref_index_source(v, shape, d, idx, src, src_shape, true, 1));
      }
    }
  }
  // a floating alpha for a floating tensor
  Tensor f = zeros({3});
  f.index_add_(0, longs({1}), ones({1}), 0.5);
  expect_tensor(f, kFloat, {3}, {0, 0.5, 0});
  // integers wrap
  Tensor b = from_vector<uint8_t>({250, 0}, {2});
  b.index_add_(0, longs({0, 0}), from_vector<uint8_t>({5, 6}, {2}));
  expect_tensor(b, kByte, {2}, {5, 0});
}

TEST(Indexing, IndexFill) {
  const Shape shape{3, 4};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    const double value = dt == DType::Bool ? 1 : 7;
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(trace(dt, layout));
      for (int64_t d = 0; d < 2; ++d) {
        const std::vector<int64_t> idx{-1, 0, 0};  // negative from the end
        std::vector<double> want = v;
        for (int64_t i = 0; i < count(shape); ++i) {
          const int64_t k = unravel(i, shape)[d];
          if (k == 0 || k == shape[d] - 1) want[i] = value;
        }
        Tensor self = make(v, shape, dt, layout);
        self.index_fill_(d, longs_laid(idx, {3}, layout), Scalar(value));
        expect_tensor(self, dt, shape, want);
        expect_tensor(index_fill(make(v, shape, dt), d, longs(idx), make({value}, {}, dt)), dt, shape, want);
      }
    }
    // a 0-dim self
    Tensor s = make({0}, {}, dt);
    s.index_fill_(0, longs({-1}), Scalar(value));
    expect_tensor(s, dt, {}, {value});
  }
}

// ---- gather, scatter --------------------------------------------------------------

TEST(Indexing, Gather) {
  const Shape shape{4, 5, 3};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(trace(dt, layout));
      const Tensor self = make(v, shape, dt, layout);
      for (int64_t d = 0; d < 3; ++d) {
        // index smaller than self outside dim, larger along it
        Shape ishape{3, 4, 2};
        ishape[d] = 6;
        std::vector<int64_t> idx(static_cast<size_t>(count(ishape)));
        for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int64_t>((i * 5 + 2) % shape[d]);
        const std::vector<double> want = ref_gather(v, shape, d, idx, ishape);
        expect_tensor(gather(self, d, longs_laid(idx, ishape, layout)), dt, ishape, want);
        Tensor out = make(std::vector<double>(idx.size(), 0), ishape, dt, Layout::Narrowed);
        gather_out(out, self, d - 3, longs(idx, ishape));
        expect_tensor(out, dt, ishape, want);
      }
    }
  }
}

TEST(Indexing, GatherLayouts) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    const std::vector<double> v = patterned({6}, dt);
    const Tensor self = make(v, {6}, dt);
    expect_tensor(gather(self, 0, longs({5, 5, 0})), dt, {3}, {v[5], v[5], v[0]});
    expect_tensor(gather(self, 0, longs({}, {0})), dt, {0}, {});
    // 0-dim self and index
    expect_tensor(gather(make({v[2]}, {}, dt), 0, from_vector<int64_t>({0}, {})), dt, {}, {v[2]});
    // an expanded index (a row of positions broadcast over rows)
    const std::vector<double> m = patterned({3, 4}, dt);
    const Tensor idx = longs({3, 0}, {1, 2}).expand({3, 2});
    expect_tensor(gather(make(m, {3, 4}, dt), 1, idx), dt, {3, 2}, {m[3], m[0], m[7], m[4], m[11], m[8]});
  }
}

TEST(Indexing, Scatter) {
  const Shape shape{4, 5};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(trace(dt, layout));
      for (int64_t d = 0; d < 2; ++d) {
        // index smaller than src, and than self outside dim; duplicates
        const Shape ishape = d == 0 ? Shape{3, 4} : Shape{3, 3};
        const Shape sshape{4, 5};
        std::vector<int64_t> idx(static_cast<size_t>(count(ishape)));
        for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int64_t>((i * 3 + 1) % shape[d]);
        const std::vector<double> src = patterned(sshape, dt, 4);
        const std::vector<double> want = ref_scatter(v, shape, d, idx, ishape, src, sshape, false);
        Tensor self = make(v, shape, dt, layout);
        self.scatter_(d, longs_laid(idx, ishape, layout), make(src, sshape, dt, layout));
        expect_tensor(self, dt, shape, want);
        expect_tensor(scatter(make(v, shape, dt), d, longs(idx, ishape), make(src, sshape, dt)), dt, shape, want);
      }
    }
  }
}

TEST(Indexing, ScatterValue) {
  for (DType dt : all_dtypes()) {
    SCOPED_TRACE(dtype_name(dt));
    const Shape shape{3, 4};
    const std::vector<double> v = patterned(shape, dt);
    const std::vector<int64_t> idx{2, 0, 1, 2};  // shape [1, 4], dim 0
    std::vector<double> want = v;
    for (int64_t j = 0; j < 4; ++j) want[idx[j] * 4 + j] = 1;
    Tensor self = make(v, shape, dt, Layout::Transposed);
    self.scatter_(0, longs(idx, {1, 4}), 1);
    expect_tensor(self, dt, shape, want);
    expect_tensor(scatter(make(v, shape, dt), -2, longs(idx, {1, 4}), Scalar(1)), dt, shape, want);
  }
}

TEST(Indexing, ScatterAdd) {
  const Shape shape{3, 4};
  for (DType dt : all_dtypes()) {
    const std::vector<double> v = patterned(shape, dt);
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(trace(dt, layout));
      for (int64_t d = 0; d < 2; ++d) {
        const Shape ishape{3, 4};
        std::vector<int64_t> idx(12);
        for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int64_t>(i % 2);  // many duplicates
        const std::vector<double> src = patterned(ishape, dt, 3);
        const std::vector<double> want = ref_scatter(v, shape, d, idx, ishape, src, ishape, true);
        Tensor self = make(v, shape, dt, layout);
        self.scatter_add_(d, longs_laid(idx, ishape, layout), make(src, ishape, dt, layout));
        expect_tensor(self, dt, shape, want);
        expect_tensor(scatter_add(make(v, shape, dt), d, longs(idx, ishape), make(src, ishape, dt)), dt, shape, want);
      }
    }
  }
}

// Note: where elements collide, the last in row-major order of the index
// wins, or all add up in that order; the same on any thread count.
TEST(Indexing, Duplicates) {
  Tensor a = zeros({3});
  a.index_copy_(0, longs({1, 1, 1}), from_vector<float>({1, 2, 3}, {3}));
  expect_tensor(a, kFloat, {3}, {0, 3, 0});
  Tensor b = zeros({3});
  b.scatter_(0, longs({2, 2, 0}), from_vector<float>({1, 2, 3}, {3}));
  expect_tensor(b, kFloat, {3}, {3, 0, 2});
  Tensor c = zeros({2, 2});  // the index [[0, 0], [1, 1]] as a transposed view: row-major of the index, not memory
  c.scatter_(1, longs({0, 1, 0, 1}, {2, 2}).t(), from_vector<float>({1, 2, 3, 4}, {2, 2}));
  expect_tensor(c, kFloat, {2, 2}, {2, 0, 0, 4});
  // float sums in index order: (1e8 + 1) - 1e8 loses the 1, as a loop does
  Tensor d = zeros({1});
  d.index_add_(0, longs({0, 0, 0}), from_vector<float>({1e8f, 1, -1e8f}, {3}));
  expect_tensor(d, kFloat, {1}, {0});
  Tensor e = zeros({1}, kLong);
  e.scatter_add_(0, longs(std::vector<int64_t>(1000, 0)), ones({1000}, kLong));
  expect_tensor(e, kLong, {1}, {1000});
  // a large scatter_add is the same whatever the thread count
  const int64_t n = int64_t{1} << 18;
  std::vector<int64_t> idx(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) idx[i] = (i * 7919) % 97;
  std::vector<float> src(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) src[i] = 1.0f / static_cast<float>(i + 1);
  std::vector<double> want(97, 0.0);
  std::vector<float> wantf(97, 0.0f);
  for (int64_t i = 0; i < n; ++i) wantf[idx[i]] += src[i];
  for (int k = 0; k < 97; ++k) want[k] = wantf[k];
  Tensor f = zeros({97});
  f.scatter_add_(0, longs(idx), from_vector(src, {n}));
  expect_tensor(f, kFloat, {97}, want);
}

TEST(Indexing, Errors) {
  const Tensor m = zeros({3, 4});
  expect_error([&] { index_select(m, 0, longs({3})); }, ErrorKind::Index, "index", {"index_select", "index 3", "dim 0 of size 3"});
  expect_error([&] { index_select(m, 1, longs({-1})); }, ErrorKind::Index, "index", {"-1", "valid values are 0 .. 3"});
  expect_error([&] { index_select(m, 2, longs({0})); }, ErrorKind::Index, "dim");
  expect_error([&] { index_select(m, 0, zeros({1})); }, ErrorKind::Type, "index", {"int64", "float32"});
  expect_error([&] { index_select(m, 0, zeros({1, 1}, kLong)); }, ErrorKind::Value, "index");
  Tensor out_int = empty({0}, kInt);
  expect_error([&] { index_select_out(out_int, m, 0, longs({0})); }, ErrorKind::Type, "out");
  Tensor expanded = zeros({1, 4}).expand({2, 4});
  expect_error([&] { index_select_out(expanded, m, 0, longs({0, 1})); }, ErrorKind::Value, "out");

  // in-place ops that raise leave self unchanged
  Tensor self = from_vector<float>({1, 2, 3}, {3});
  expect_error([&] { self.index_copy_(0, longs({0, 3}), zeros({2})); }, ErrorKind::Index, "index", {"index_copy", "index 3"});
  expect_error([&] { self.index_add_(0, longs({2, -1}), ones({2})); }, ErrorKind::Index, "index", {"-1"});
  expect_error([&] { self.index_fill_(0, longs({0, 3}), 9); }, ErrorKind::Index, "index", {"valid values are -3 .. 2"});
  expect_error([&] { self.scatter_(0, longs({0, 5}), zeros({2})); }, ErrorKind::Index, "index", {"scatter", "index 5"});
  expect_error([&] { self.scatter_add_(0, longs({-2}), zeros({1})); }, ErrorKind::Index, "index");
  expect_error([&] { self.scatter_(0, longs({1, 7}), 0.0); }, ErrorKind::Index, "index");
  expect_tensor(self, kFloat, {3}, {1, 2, 3});

  expect_error([&] { self.index_copy_(0, longs({0}), zeros({1}, kDouble)); }, ErrorKind::Type, "source");
  expect_error([&] { self.index_copy_(0, longs({0, 1}), zeros({1})); }, ErrorKind::Value, "source");
  expect_error([&] { zeros({3, 2}).index_add_(0, longs({0}), zeros({1, 3})); }, ErrorKind::Value, "source");
  expect_error([&] { zeros({3}, kInt).index_add_(0, longs({0}), zeros({1}, kInt), 1.5); }, ErrorKind::Type, "alpha");
  expect_error([&] { self.index_fill_(0, longs({0}), zeros({1})); }, ErrorKind::Value, "value");
  expect_error([&] { gather(m, 0, zeros({3}, kLong)); }, ErrorKind::Value, "index", {"dims"});
  expect_error([&] { gather(m, 0, zeros({3, 5}, kLong)); }, ErrorKind::Value, "index", {"larger than self"});
  expect_error([&] { gather(m, 1, from_vector<int64_t>({4}, {1, 1})); }, ErrorKind::Index, "index", {"gather", "index 4"});
  expect_error([&] { gather(m, 0, zeros({1, 1}, kInt)); }, ErrorKind::Type, "index");
  expect_error([&] { zeros({3}).scatter_(0, zeros({2}, kLong), zeros({1})); }, ErrorKind::Value, "src");
  expect_error([&] { zeros({3}).scatter_(0, zeros({1}, kLong), zeros({1}, kByte)); }, ErrorKind::Type, "src");
  expect_error([&] { zeros({1}).expand({3}).scatter_(0, zeros({1}, kLong), zeros({1})); }, ErrorKind::Value, "self");
  expect_error([&] { zeros({1}).expand({3}).index_fill_(0, zeros({1}, kLong), 1); }, ErrorKind::Value, "self");
}

}  // namespace
}  // namespace ember::test
