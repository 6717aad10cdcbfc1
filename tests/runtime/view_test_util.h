// Checking a view against an independent expectation: the address of each
// element, computed from the base tensor's row-major position by the naive
// formula, never from the strides the view op produced.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "ember/tensor.h"
#include "tests/common/index_walk.h"

namespace ember::test {

using Index = std::vector<int64_t>;

using testutil::for_each_index;

// Where `t` says element `idx` lives (through its own strides).
inline const char* address(const Tensor& t, const Index& idx) {
  int64_t off = 0;
  for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * t.stride(static_cast<int64_t>(d));
  return static_cast<const char*>(t.data_ptr()) + off * static_cast<int64_t>(t.element_size());
}

// Where element `idx` of a contiguous tensor of `sizes` starting at `base`
// lives: the row-major formula.
inline const char* row_major_address(const Tensor& base, const Index& idx) {
  const std::vector<int64_t> sizes = base.shape();
  int64_t linear = 0;
  for (size_t d = 0; d < idx.size(); ++d) linear = linear * sizes[d] + idx[d];
  return static_cast<const char*>(base.data_ptr()) + linear * static_cast<int64_t>(base.element_size());
}

// The view has `sizes`, shares base's storage, and its element idx is
// base's element base_index(idx). `base` must be contiguous.
inline void expect_view_of(const Tensor& view, const Tensor& base, const std::vector<int64_t>& sizes,
                           const std::function<Index(const Index&)>& base_index) {
  ASSERT_TRUE(base.is_contiguous());
  EXPECT_EQ(view.shape(), sizes);
  EXPECT_EQ(view.storage().impl(), base.storage().impl());
  EXPECT_EQ(view.dtype(), base.dtype());
  int wrong = 0;
  for_each_index(sizes, [&](const Index& idx) {
    if (address(view, idx) == row_major_address(base, base_index(idx))) return;
    if (wrong++ == 0) ADD_FAILURE() << "element " << rt::sizes_text(idx) << " of the view is not where expected";
  });
  EXPECT_EQ(wrong, 0) << "misplaced elements";
}

}  // namespace ember::test
