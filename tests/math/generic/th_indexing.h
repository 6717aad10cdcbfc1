// TH's indexed and masked functions, written as TH code: test_th_indexing.cpp
// expands this file once per dtype through THGenerateEmberTypes.h into a
// struct IndexingTests<Real> of static test bodies. Index tensors passed in
// are 1-based (TH_INDEX_BASE 1); expectations are worked out by loops over
// get/set, from the arguments.
#ifndef TH_GENERIC_FILE
#error "expanded by test_th_indexing.cpp through THGenerateEmberTypes.h"
#else

struct TH_CONCAT_2(IndexingTests, Real) {
  // Values every dtype holds exactly (Bool: v % 2), and back.
  static real value(int v) {
#ifdef TH_REAL_IS_BOOL
    v %= 2;
#endif
    return TH_CONVERT_ACCREAL_TO_REAL((accreal)v);
  }
  static double number(real v) { return (double)TH_CONVERT_REAL_TO_ACCREAL(v); }
  // What a + b is in this dtype for the small values used here (Bool: or).
  static double sum(double a, double b) {
#ifdef TH_REAL_IS_BOOL
    return (a != 0 || b != 0) ? 1 : 0;
#else
    return a + b;
#endif
  }

  // A rows x cols matrix holding value((i * 7 + j * 3 + seed) % 5).
  static THTensor* matrix(long rows, long cols, int seed = 0) {
    THTensor* t = THTensor_(newWithSize2d)(rows, cols);
    for (long i = 0; i < rows; ++i)
      for (long j = 0; j < cols; ++j) THTensor_(set2d)(t, i, j, value((int)((i * 7 + j * 3 + seed) % 5)));
    return t;
  }
  // The same values in a transposed layout.
  static THTensor* matrix_t(long rows, long cols, int seed = 0) {
    THTensor* base = THTensor_(newWithSize2d)(cols, rows);
    THTensor* t = THTensor_(newTranspose)(base, 0, 1);
    THTensor_(free)(base);
    for (long i = 0; i < rows; ++i)
      for (long j = 0; j < cols; ++j) THTensor_(set2d)(t, i, j, value((int)((i * 7 + j * 3 + seed) % 5)));
    return t;
  }
  static THLongTensor* indices(std::vector<long> v) {
    THLongTensor* t = THLongTensor_newWithSize1d((long)v.size());
    for (size_t i = 0; i < v.size(); ++i) THLongTensor_set1d(t, (long)i, v[i]);
    return t;
  }
  static THLongTensor* indices2d(long rows, long cols, std::vector<long> v) {
    THLongTensor* t = THLongTensor_newWithSize2d(rows, cols);
    for (long i = 0; i < rows * cols; ++i) THLongTensor_set2d(t, i / cols, i % cols, v[i]);
    return t;
  }
  static THByteTensor* byte_mask(std::vector<int> v) {
    THByteTensor* m = THByteTensor_newWithSize1d((long)v.size());
    for (size_t i = 0; i < v.size(); ++i) THByteTensor_set1d(m, (long)i, (unsigned char)v[i]);
    return m;
  }
  static THBoolTensor* bool_mask(std::vector<int> v) {
    THBoolTensor* m = THBoolTensor_newWithSize1d((long)v.size());
    for (size_t i = 0; i < v.size(); ++i) THBoolTensor_set1d(m, (long)i, v[i] != 0);
    return m;
  }
  static double at(THTensor* t, long i, long j) { return number(THTensor_(get2d)(t, i, j)); }

  static void index_select() {
    for (int transposed = 0; transposed < 2; ++transposed) {
      THTensor* src = transposed ? matrix_t(3, 4) : matrix(3, 4);
      THLongTensor* rows = indices({3, 1, 1});
      THTensor* r = THTensor_(new)();
      THTensor_(indexSelect)(r, src, 0, rows);
      ASSERT_EQ(THTensor_(nDimension)(r), 2);
      ASSERT_EQ(THTensor_(size)(r, 0), 3);
      const long want_rows[] = {2, 0, 0};
      for (long i = 0; i < 3; ++i)
        for (long j = 0; j < 4; ++j) EXPECT_EQ(at(r, i, j), at(src, want_rows[i], j));
      THLongTensor* cols = indices({4, 2});
      THTensor_(indexSelect)(r, src, 1, cols);
      ASSERT_EQ(THTensor_(size)(r, 0), 3);
      ASSERT_EQ(THTensor_(size)(r, 1), 2);
      for (long i = 0; i < 3; ++i) {
        EXPECT_EQ(at(r, i, 0), at(src, i, 3));
        EXPECT_EQ(at(r, i, 1), at(src, i, 1));
      }
      THLongTensor_free(cols);
      THLongTensor_free(rows);
      THTensor_(free)(r);
      THTensor_(free)(src);
    }
    // a result large enough keeps its storage (TH's resize)
    THTensor* src = matrix(3, 4);
    THTensor* r = THTensor_(newWithSize1d)(20);
    real* data = THTensor_(data)(r);
    THLongTensor* idx = indices({1});
    THTensor_(indexSelect)(r, src, 0, idx);
    EXPECT_EQ(THTensor_(data)(r), data);
    EXPECT_EQ(THTensor_(nElement)(r), 4);
    THLongTensor_free(idx);
    THTensor_(free)(r);
    THTensor_(free)(src);
  }

  static void index_copy_add(bool add) {
    THTensor* self = matrix(3, 4);
    THTensor* src = matrix_t(2, 4, 1);
    THLongTensor* idx = indices({3, 3});  // row 2 twice
    if (add) THTensor_(indexAdd)(self, 0, idx, src);
    else THTensor_(indexCopy)(self, 0, idx, src);
    THTensor* orig = matrix(3, 4);
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j) {
        double want = at(orig, i, j);
        if (i == 2) want = add ? sum(sum(want, at(src, 0, j)), at(src, 1, j)) : at(src, 1, j);
        EXPECT_EQ(at(self, i, j), want) << i << "," << j;
      }
    THLongTensor_free(idx);
    THTensor_(free)(orig);
    THTensor_(free)(src);
    THTensor_(free)(self);
  }
  static void index_copy() { index_copy_add(false); }
  static void index_add() { index_copy_add(true); }

  static void index_fill() {
    THTensor* self = matrix_t(3, 4);
    THLongTensor* idx = indices({4, 1});
    THTensor_(indexFill)(self, 1, idx, value(1));
    THTensor* orig = matrix(3, 4);
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j) EXPECT_EQ(at(self, i, j), j == 0 || j == 3 ? number(value(1)) : at(orig, i, j));
    THLongTensor_free(idx);
    THTensor_(free)(orig);
    THTensor_(free)(self);
  }

  static void gather() {
    THTensor* src = matrix_t(3, 4);
    THLongTensor* idx = indices2d(2, 4, {3, 1, 2, 3, 1, 1, 3, 2});  // along dim 0, smaller than src
    THTensor* r = THTensor_(new)();
    THTensor_(gather)(r, src, 0, idx);
    ASSERT_EQ(THTensor_(size)(r, 0), 2);
    ASSERT_EQ(THTensor_(size)(r, 1), 4);
    for (long i = 0; i < 2; ++i)
      for (long j = 0; j < 4; ++j) EXPECT_EQ(at(r, i, j), at(src, THLongTensor_get2d(idx, i, j) - 1, j));
    THLongTensor_free(idx);
    THTensor_(free)(r);
    THTensor_(free)(src);
  }

  // scatter (mode 0), scatterAdd (1), scatterFill (2) along dim 1.
  static void scatter_mode(int mode) {
    THTensor* self = matrix(3, 4);
    THTensor* src = matrix(3, 2, 2);
    THLongTensor* idx = indices2d(3, 2, {4, 4, 1, 2, 2, 1});  // row 0 twice into column 3
    THTensor* orig = matrix(3, 4);
    if (mode == 0) THTensor_(scatter)(self, 1, idx, src);
    if (mode == 1) THTensor_(scatterAdd)(self, 1, idx, src);
    if (mode == 2) THTensor_(scatterFill)(self, 1, idx, value(3));
    std::vector<double> want;
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j) want.push_back(at(orig, i, j));
    for (long i = 0; i < 3; ++i)
      for (long k = 0; k < 2; ++k) {
        double& w = want[i * 4 + THLongTensor_get2d(idx, i, k) - 1];
        w = mode == 0 ? at(src, i, k) : mode == 1 ? sum(w, at(src, i, k)) : number(value(3));
      }
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j) EXPECT_EQ(at(self, i, j), want[i * 4 + j]) << i << "," << j;
    THLongTensor_free(idx);
    THTensor_(free)(orig);
    THTensor_(free)(src);
    THTensor_(free)(self);
  }
  static void scatter() { scatter_mode(0); }
  static void scatter_add() { scatter_mode(1); }
  static void scatter_fill() { scatter_mode(2); }

  // TH pairs masks with tensors of the same element count: a 12-element
  // mask vector goes with a 3 x 4 (transposed) tensor, in row-major order.
  static std::vector<int> mask_bits() { return {1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1}; }

  static void masked_fill() {
    for (int kind = 0; kind < 2; ++kind) {
      THTensor* self = matrix_t(3, 4);
      if (kind == 0) {
        THByteTensor* m = byte_mask(mask_bits());
        THTensor_(maskedFill)(self, m, value(4));
        THByteTensor_free(m);
      } else {
        THBoolTensor* m = bool_mask(mask_bits());
        THTensor_(maskedFillBool)(self, m, value(4));
        THBoolTensor_free(m);
      }
      THTensor* orig = matrix(3, 4);
      for (long k = 0; k < 12; ++k)
        EXPECT_EQ(at(self, k / 4, k % 4), mask_bits()[k] ? number(value(4)) : at(orig, k / 4, k % 4));
      THTensor_(free)(orig);
      THTensor_(free)(self);
    }
  }

  static void masked_copy() {
    for (int kind = 0; kind < 2; ++kind) {
      THTensor* self = matrix(3, 4);
      THTensor* src = matrix_t(2, 3, 1);  // 6 values, 5 used, in row-major order
      if (kind == 0) {
        THByteTensor* m = byte_mask(mask_bits());
        THTensor_(maskedCopy)(self, m, src);
        THByteTensor_free(m);
      } else {
        THBoolTensor* m = bool_mask(mask_bits());
        THTensor_(maskedCopyBool)(self, m, src);
        THBoolTensor_free(m);
      }
      THTensor* orig = matrix(3, 4);
      long next = 0;
      for (long k = 0; k < 12; ++k) {
        const double want = mask_bits()[k] ? at(src, next / 3, next % 3) : at(orig, k / 4, k % 4);
        next += mask_bits()[k];
        EXPECT_EQ(at(self, k / 4, k % 4), want);
      }
      THTensor_(free)(orig);
      THTensor_(free)(src);
      THTensor_(free)(self);
    }
  }

  static void masked_select() {
    for (int kind = 0; kind < 2; ++kind) {
      THTensor* src = matrix_t(3, 4);
      THTensor* r = THTensor_(new)();
      if (kind == 0) {
        THByteTensor* m = byte_mask(mask_bits());
        THTensor_(maskedSelect)(r, src, m);
        THByteTensor_free(m);
      } else {
        THBoolTensor* m = bool_mask(mask_bits());
        THTensor_(maskedSelectBool)(r, src, m);
        THBoolTensor_free(m);
      }
      ASSERT_EQ(THTensor_(nDimension)(r), 1);
      ASSERT_EQ(THTensor_(size)(r, 0), 5);
      long next = 0;
      for (long k = 0; k < 12; ++k)
        if (mask_bits()[k]) {
          EXPECT_EQ(number(THTensor_(get1d)(r, next++)), at(src, k / 4, k % 4));
        }
      THTensor_(free)(r);
      THTensor_(free)(src);
    }
  }

  static void nonzero() {
    THTensor* t = matrix_t(3, 4);
    THLongTensor* s = THLongTensor_new();
    THTensor_(nonzero)(s, t);
    long n = 0;
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j)
        if (at(t, i, j) != 0) {
          EXPECT_EQ(THLongTensor_get2d(s, n, 0), i);  // 0-based subscripts
          EXPECT_EQ(THLongTensor_get2d(s, n, 1), j);
          ++n;
        }
    EXPECT_EQ(THLongTensor_size(s, 0), n);
    EXPECT_EQ(THLongTensor_size(s, 1), 2);
    THLongTensor_free(s);
    THTensor_(free)(t);
  }

  static void errors() {
    THTensor* m = matrix(3, 4);
    THTensor* r = THTensor_(new)();
    THLongTensor* zero = indices({1, 0});
    THLongTensor* four = indices({4});
    ember::test::expect_th_error([&] { THTensor_(indexSelect)(r, m, 0, zero); }, 4, "index 0");
    ember::test::expect_th_error([&] { THTensor_(indexSelect)(r, m, 0, four); }, 4, "1-based");
    ember::test::expect_th_error([&] { THTensor_(indexSelect)(r, m, 2, four); }, 3, "dim 2");
    ember::test::expect_th_error([&] { THTensor_(indexFill)(m, -1, four, value(1)); }, 2, "0-based");
    ember::test::expect_th_error([&] { THTensor_(indexCopy)(m, 0, zero, m); }, 4, "source");
    ember::test::expect_th_error([&] { THTensor_(scatterFill)(m, 0, four, value(1)); }, 3, "dims");
    THByteTensor* two = byte_mask({2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    ember::test::expect_th_error([&] { THTensor_(maskedFill)(m, two, value(1)); }, 2, "0 and 1");
    THByteTensor* short_mask = byte_mask({1});
    ember::test::expect_th_error([&] { THTensor_(maskedSelect)(r, m, short_mask); }, 3, "equal element counts");
    THTensor* orig = matrix(3, 4);
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j) EXPECT_EQ(at(m, i, j), at(orig, i, j)) << "unchanged after errors";
    THByteTensor_free(short_mask);
    THByteTensor_free(two);
    THLongTensor_free(four);
    THLongTensor_free(zero);
    THTensor_(free)(orig);
    THTensor_(free)(r);
    THTensor_(free)(m);
  }
};

#endif
