// The TH C forms of the view ops, checked for one TH tensor type at a time
// (test_views.cpp runs them for Float, Half and Bool). TH's conventions:
// new* functions return a new tensor; the in-place forms make their first
// argument the view of their second, NULL meaning the first; TH has no
// 0-dim tensors, so a 0-dim view arrives as a 1-element vector; errors go
// to the argument error handler with the C argument's 1-based position.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"
#include "view_test_util.h"

namespace ember::test {

template <class TT>
struct THViewFns;

#define EMBER_TH_VIEW_FNS(Name)                                       \
  template <>                                                         \
  struct THViewFns<TH##Name##Tensor> {                                \
    static constexpr DType dtype = DType::Name;                       \
    static constexpr auto newNarrow = &TH##Name##Tensor_newNarrow;    \
    static constexpr auto narrow = &TH##Name##Tensor_narrow;          \
    static constexpr auto newSelect = &TH##Name##Tensor_newSelect;    \
    static constexpr auto select = &TH##Name##Tensor_select;          \
    static constexpr auto newTranspose = &TH##Name##Tensor_newTranspose; \
    static constexpr auto transpose = &TH##Name##Tensor_transpose;    \
    static constexpr auto newUnfold = &TH##Name##Tensor_newUnfold;    \
    static constexpr auto unfold = &TH##Name##Tensor_unfold;          \
    static constexpr auto newExpand = &TH##Name##Tensor_newExpand;    \
    static constexpr auto expand = &TH##Name##Tensor_expand;          \
    static constexpr auto newView = &TH##Name##Tensor_newView;        \
    static constexpr auto squeeze = &TH##Name##Tensor_squeeze;        \
    static constexpr auto squeeze1d = &TH##Name##Tensor_squeeze1d;    \
    static constexpr auto unsqueeze1d = &TH##Name##Tensor_unsqueeze1d; \
  };
EMBER_TH_VIEW_FNS(Float)
EMBER_TH_VIEW_FNS(Half)
EMBER_TH_VIEW_FNS(Bool)
#undef EMBER_TH_VIEW_FNS

// Records what reaches TH's handlers on this thread instead of aborting.
struct THReports {
  int arg_number = 0;  // 0: THError's handler
  std::string message;
  int calls = 0;
  THReports() {
    THSetErrorHandler(on_error, this);
    THSetArgErrorHandler(on_arg_error, this);
  }
  ~THReports() {
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
  }
  THReports(const THReports&) = delete;
  THReports& operator=(const THReports&) = delete;

  // The last report was an argument error for argument `n` whose message
  // holds `part`; forgets it.
  void expect_arg_error(int n, const std::string& part) {
    EXPECT_EQ(calls, 1) << message;
    EXPECT_EQ(arg_number, n) << message;
    EXPECT_NE(message.find(part), std::string::npos) << message;
    calls = 0;
    arg_number = 0;
  }

 private:
  static void on_error(const char* msg, void* self) { static_cast<THReports*>(self)->record(0, msg); }
  static void on_arg_error(int n, const char* msg, void* self) { static_cast<THReports*>(self)->record(n, msg); }
  void record(int n, const char* msg) {
    arg_number = n;
    message = msg;
    ++calls;
  }
};

// TH tensors made by the runtime (the layouts are one), and their C++
// handles for the address checks.
template <class TT>
TT* th_new(IntList sizes) {
  return reinterpret_cast<TT*>(rt::tensor_empty(THViewFns<TT>::dtype, sizes));
}
template <class TT>
TT* th_new_empty() {
  return reinterpret_cast<TT*>(rt::tensor_new(THViewFns<TT>::dtype));
}
template <class TT>
Tensor cpp(TT* t) {
  return Tensor::borrow(reinterpret_cast<TensorImpl*>(t));
}
template <class TT>
void th_free(TT* t) {
  rt::tensor_release(reinterpret_cast<TensorImpl*>(t));
}

inline THLongStorage* th_sizes(const std::vector<int64_t>& sizes) {
  StorageImpl* s = rt::storage_new(DType::Long, static_cast<int64_t>(sizes.size()));
  for (size_t i = 0; i < sizes.size(); ++i) static_cast<int64_t*>(s->data)[i] = sizes[i];
  return reinterpret_cast<THLongStorage*>(s);
}
inline void th_free(THLongStorage* s) { rt::storage_release(reinterpret_cast<StorageImpl*>(s)); }

template <class TT>
void th_narrow_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* b = th_new<TT>({3, 4});
  TT* v = F::newNarrow(b, 1, 1, 2);
  ASSERT_NE(v, nullptr);
  expect_view_of(cpp(v), cpp(b), {3, 2}, [](const Index& i) { return Index{i[0], i[1] + 1}; });
  EXPECT_EQ(v->storageOffset, 1);

  TT* t = th_new_empty<TT>();
  F::narrow(t, b, 0, 1, 2);
  expect_view_of(cpp(t), cpp(b), {2, 4}, [](const Index& i) { return Index{i[0] + 1, i[1]}; });
  F::narrow(t, nullptr, 1, 3, 1);  // NULL src: narrow t itself
  expect_view_of(cpp(t), cpp(b), {2, 1}, [](const Index& i) { return Index{i[0] + 1, 3}; });
  EXPECT_EQ(t->nDimension, 2);
  EXPECT_EQ(t->size[1], 1);

  EXPECT_EQ(F::newNarrow(b, 2, 0, 1), nullptr);
  reports.expect_arg_error(2, "dim");
  F::narrow(t, b, 1, 1, 4);
  reports.expect_arg_error(5, "length");
  EXPECT_EQ(t->size[0], 2);  // unchanged by the failed call
  EXPECT_EQ(F::newNarrow(nullptr, 0, 0, 1), nullptr);
  reports.expect_arg_error(1, "NULL");
  th_free(t);
  th_free(v);
  th_free(b);
}

template <class TT>
void th_select_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* b = th_new<TT>({3, 4});
  TT* row = F::newSelect(b, 0, 2);
  expect_view_of(cpp(row), cpp(b), {4}, [](const Index& i) { return Index{2, i[0]}; });
  // TH has no 0-dim tensors: one element of a vector is a 1-element vector.
  TT* one = F::newSelect(row, 0, 3);
  EXPECT_EQ(one->nDimension, 1);
  EXPECT_EQ(one->size[0], 1);
  EXPECT_EQ(rt::numel(reinterpret_cast<TensorImpl*>(one)), 1);
  EXPECT_EQ(cpp(one).data_ptr(), row_major_address(cpp(b), {2, 3}));
  F::select(row, nullptr, 0, 1);
  EXPECT_EQ(row->nDimension, 1);
  EXPECT_EQ(cpp(row).data_ptr(), row_major_address(cpp(b), {2, 1}));

  EXPECT_EQ(F::newSelect(b, 1, 4), nullptr);
  reports.expect_arg_error(3, "index");
  F::select(one, b, -3, 0);
  reports.expect_arg_error(3, "dim");
  th_free(one);
  th_free(row);
  th_free(b);
}

template <class TT>
void th_transpose_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* b = th_new<TT>({3, 4});
  TT* v = F::newTranspose(b, 0, 1);
  expect_view_of(cpp(v), cpp(b), {4, 3}, [](const Index& i) { return Index{i[1], i[0]}; });
  EXPECT_EQ(v->stride[0], 1);
  EXPECT_EQ(v->stride[1], 4);
  F::transpose(v, nullptr, 1, 0);
  expect_view_of(cpp(v), cpp(b), {3, 4}, [](const Index& i) { return i; });

  EXPECT_EQ(F::newTranspose(b, 0, 2), nullptr);
  reports.expect_arg_error(3, "dim1");
  th_free(v);
  th_free(b);
}

template <class TT>
void th_unfold_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* vec = th_new<TT>({7});
  TT* w = F::newUnfold(vec, 0, 3, 2);
  expect_view_of(cpp(w), cpp(vec), {3, 3}, [](const Index& i) { return Index{2 * i[0] + i[1]}; });
  TT* t = th_new_empty<TT>();
  F::unfold(t, vec, 0, 2, 3);
  expect_view_of(cpp(t), cpp(vec), {2, 2}, [](const Index& i) { return Index{3 * i[0] + i[1]}; });

  EXPECT_EQ(F::newUnfold(vec, 0, 2, 0), nullptr);
  reports.expect_arg_error(4, "step");
  EXPECT_EQ(F::newUnfold(vec, 0, 8, 1), nullptr);
  reports.expect_arg_error(3, "size");
  th_free(t);
  th_free(w);
  th_free(vec);
}

template <class TT>
void th_expand_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* b = th_new<TT>({1, 3});
  THLongStorage* to = th_sizes({4, 3});
  TT* v = F::newExpand(b, to);
  expect_view_of(cpp(v), cpp(b), {4, 3}, [](const Index& i) { return Index{0, i[1]}; });
  EXPECT_EQ(v->stride[0], 0);
  TT* r = th_new_empty<TT>();
  THLongStorage* to3 = th_sizes({2, 5, 3});
  F::expand(r, b, to3);
  expect_view_of(cpp(r), cpp(b), {2, 5, 3}, [](const Index& i) { return Index{0, i[2]}; });

  THLongStorage* bad = th_sizes({4, 2});
  EXPECT_EQ(F::newExpand(b, bad), nullptr);
  reports.expect_arg_error(2, "cannot expand");
  F::expand(r, b, bad);
  reports.expect_arg_error(3, "cannot expand");
  EXPECT_EQ(r->nDimension, 3);
  th_free(bad);
  th_free(to3);
  th_free(to);
  th_free(r);
  th_free(v);
  th_free(b);
}

template <class TT>
void th_view_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* b = th_new<TT>({3, 4});
  THLongStorage* s26 = th_sizes({2, -1});
  TT* v = F::newView(b, s26);
  expect_view_of(cpp(v), cpp(b), {2, 6}, [](const Index& i) {
    const int64_t k = i[0] * 6 + i[1];
    return Index{k / 4, k % 4};
  });
  THLongStorage* s5 = th_sizes({5});
  EXPECT_EQ(F::newView(b, s5), nullptr);
  reports.expect_arg_error(2, "invalid");
  TT* tr = F::newTranspose(b, 0, 1);
  THLongStorage* s12 = th_sizes({12});
  EXPECT_EQ(F::newView(tr, s12), nullptr);
  reports.expect_arg_error(2, "strides");
  th_free(s12);
  th_free(s5);
  th_free(s26);
  th_free(tr);
  th_free(v);
  th_free(b);
}

template <class TT>
void th_squeeze_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* b = th_new<TT>({1, 3, 1});
  TT* t = th_new_empty<TT>();
  F::squeeze(t, b);
  expect_view_of(cpp(t), cpp(b), {3}, [](const Index& i) { return Index{0, i[0], 0}; });
  F::squeeze1d(t, b, 0);
  expect_view_of(cpp(t), cpp(b), {3, 1}, [](const Index& i) { return Index{0, i[0], i[1]}; });
  F::squeeze1d(t, nullptr, -1);
  expect_view_of(cpp(t), cpp(b), {3}, [](const Index& i) { return Index{0, i[0], 0}; });
  F::squeeze1d(t, nullptr, 0);  // size 3: stays
  EXPECT_EQ(t->nDimension, 1);

  // All dims of size 1: TH keeps one (no 0-dim tensors).
  TT* ones = th_new<TT>({1, 1});
  F::squeeze(t, ones);
  EXPECT_EQ(t->nDimension, 1);
  EXPECT_EQ(t->size[0], 1);
  EXPECT_EQ(cpp(t).data_ptr(), cpp(ones).data_ptr());

  F::squeeze1d(t, b, 3);
  reports.expect_arg_error(3, "dim");
  th_free(ones);
  th_free(t);
  th_free(b);
}

template <class TT>
void th_unsqueeze_checks() {
  using F = THViewFns<TT>;
  SCOPED_TRACE(dtype_name(F::dtype));
  THReports reports;
  TT* b = th_new<TT>({3, 2});
  TT* t = th_new_empty<TT>();
  F::unsqueeze1d(t, b, 1);
  expect_view_of(cpp(t), cpp(b), {3, 1, 2}, [](const Index& i) { return Index{i[0], i[2]}; });
  F::unsqueeze1d(t, nullptr, 0);
  expect_view_of(cpp(t), cpp(b), {1, 3, 1, 2}, [](const Index& i) { return Index{i[1], i[3]}; });
  F::unsqueeze1d(t, b, 3);
  reports.expect_arg_error(3, "dim");
  EXPECT_EQ(t->nDimension, 4);
  th_free(t);
  th_free(b);
}

}  // namespace ember::test
