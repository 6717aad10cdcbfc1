// The THTensor structure tests, written as TH code: test_th_structure.cpp
// expands this file once per dtype through THGenerateEmberTypes.h into a
// struct StructureTests<Real> of static test bodies. Expectations come
// from the arguments (sizes, strides and offsets worked out by hand, values
// read through storage indices), not from the functions under test.
#ifndef TH_GENERIC_FILE
#error "expanded by test_th_structure.cpp through THGenerateEmberTypes.h"
#else

struct TH_CONCAT_2(StructureTests, Real) {
  // Values every dtype holds exactly (Bool: v % 2), and back.
  static real value(int v) {
#ifdef TH_REAL_IS_BOOL
    v %= 2;
#endif
    return TH_CONVERT_ACCREAL_TO_REAL((accreal)v);
  }
  static double number(real v) { return (double)TH_CONVERT_REAL_TO_ACCREAL(v); }

  static void expect_geometry(const THTensor* t, std::vector<long> sizes, std::vector<long> strides, ptrdiff_t offset) {
    ASSERT_EQ(THTensor_(nDimension)(t), (int)sizes.size());
    for (int d = 0; d < (int)sizes.size(); ++d) {
      EXPECT_EQ(THTensor_(size)(t, d), sizes[d]) << "dim " << d;
      EXPECT_EQ(THTensor_(stride)(t, d), strides[d]) << "dim " << d;
    }
    EXPECT_EQ(THTensor_(storageOffset)(t), offset);
  }

  // A storage holding value(0), value(1), ..., value(n - 1).
  static THStorage* counting_storage(int n) {
    THStorage* s = THStorage_(newWithSize)(n);
    for (int i = 0; i < n; ++i) THStorage_(set)(s, i, value(i));
    return s;
  }

  static void accessors() {
    THTensor* t = THTensor_(newWithSize2d)(2, 3);
    expect_geometry(t, {2, 3}, {3, 1}, 0);
    ASSERT_NE(THTensor_(storage)(t), nullptr);
    EXPECT_EQ(THTensor_(storage)(t)->refcount, 1) << "borrowed, not retained";
    EXPECT_GE(THStorage_(size)(THTensor_(storage)(t)), 6);
    EXPECT_EQ(THTensor_(data)(t), THTensor_(storage)(t)->data);
    THLongStorage* sizes = THTensor_(newSizeOf)(t);
    THLongStorage* strides = THTensor_(newStrideOf)(t);
    EXPECT_EQ(THLongStorage_size(sizes), 2);
    EXPECT_EQ(THLongStorage_get(sizes, 0), 2);
    EXPECT_EQ(THLongStorage_get(sizes, 1), 3);
    EXPECT_EQ(THLongStorage_get(strides, 0), 3);
    EXPECT_EQ(THLongStorage_get(strides, 1), 1);
    THLongStorage_free(sizes);
    THLongStorage_free(strides);
    THTensor* row = THTensor_(newSelect)(t, 0, 1);
    EXPECT_EQ(THTensor_(data)(row), THTensor_(data)(t) + 3);
    THTensor_(free)(row);
    THTensor_(free)(t);

    THTensor* empty = THTensor_(new)();
    EXPECT_EQ(THTensor_(nDimension)(empty), 0);
    EXPECT_EQ(THTensor_(storage)(empty), nullptr);
    EXPECT_EQ(THTensor_(data)(empty), nullptr);
    THLongStorage* none = THTensor_(newSizeOf)(empty);
    EXPECT_EQ(THLongStorage_size(none), 0);
    THLongStorage_free(none);
    THTensor_(free)(empty);
  }

  static void flags() {
    THTensor* t = THTensor_(new)();
    THTensor_(clearFlag)(t, TH_TENSOR_REFCOUNTED);
    THTensor_(retain)(t);
    EXPECT_EQ(t->refcount, 1) << "retain ignores a tensor without TH_TENSOR_REFCOUNTED";
    THTensor_(free)(t);  // does nothing
    EXPECT_EQ(t->refcount, 1);
    THTensor_(setFlag)(t, TH_TENSOR_REFCOUNTED);
    EXPECT_EQ(t->flag, TH_TENSOR_REFCOUNTED);
    ember::test::expect_th_error([&] { THTensor_(setFlag)(t, 16); }, 2, "TH_TENSOR_REFCOUNTED");
    ember::test::expect_th_error([&] { THTensor_(clearFlag)(t, 2); }, 2, "TH_TENSOR_REFCOUNTED");
    THTensor_(free)(t);
  }

  static void new_and_free() {
    THStorage* s = counting_storage(6);
    THTensor* t = THTensor_(newWithStorage1d)(s, 0, 6, 1);
    EXPECT_EQ(s->refcount, 2);
    THTensor_(retain)(t);
    EXPECT_EQ(t->refcount, 2);
    THTensor_(free)(t);
    EXPECT_EQ(s->refcount, 2) << "one reference to t remains";
    THTensor_(free)(t);
    EXPECT_EQ(s->refcount, 1) << "the last free releases the storage";
    THTensor_(free)(NULL);
    THStorage_(free)(s);
  }

  static void new_with_tensor() {
    THTensor* t = THTensor_(newWithSize2d)(3, 4);
    THTensor* tt = THTensor_(newTranspose)(t, 0, 1);
    THTensor* alias = THTensor_(newWithTensor)(tt);
    EXPECT_NE(alias, tt);
    EXPECT_EQ(THTensor_(storage)(alias), THTensor_(storage)(t));
    EXPECT_EQ(THTensor_(storage)(t)->refcount, 3);
    expect_geometry(alias, {4, 3}, {1, 4}, 0);
    for (THTensor* x : {alias, tt, t}) THTensor_(free)(x);
  }

  static void new_with_storage() {
    THStorage* s = counting_storage(24);
    THLongStorage* size = longs({2, 3});
    THLongStorage* stride = longs({1, 2});
    THTensor* a = THTensor_(newWithStorage)(s, 2, size, NULL);
    expect_geometry(a, {2, 3}, {3, 1}, 2);
    EXPECT_EQ(number(THTensor_(get2d)(a, 1, 2)), number(value(2 + 5)));
    THTensor* b = THTensor_(newWithStorage)(s, 1, size, stride);
    expect_geometry(b, {2, 3}, {1, 2}, 1);
    EXPECT_EQ(number(THTensor_(get2d)(b, 1, 2)), number(value(1 + 1 + 4)));
    EXPECT_EQ(s->refcount, 3);
    THTensor* none = THTensor_(newWithStorage)(NULL, 0, NULL, NULL);
    EXPECT_EQ(THTensor_(nDimension)(none), 0);
    EXPECT_EQ(THTensor_(storage)(none), nullptr);
    // TH's conventions: a NULL storage gets one just large enough from the
    // offset; the sizes end at the first one <= 0.
    THTensor* fresh = THTensor_(newWithStorage1d)(NULL, 2, 5, 1);
    expect_geometry(fresh, {5}, {1}, 2);
    EXPECT_EQ(THStorage_(size)(THTensor_(storage)(fresh)), 2 + 5);
    THLongStorage* unused = longs({3, -1, 4});
    THTensor* cut = THTensor_(newWithStorage)(s, 0, unused, NULL);
    expect_geometry(cut, {3}, {1}, 0);
    THTensor_(free)(fresh);
    THTensor_(free)(cut);
    THLongStorage_free(unused);

    THTensor* d1 = THTensor_(newWithStorage1d)(s, 3, 4, 5);
    THTensor* d2 = THTensor_(newWithStorage2d)(s, 0, 2, -1, 3, 2);  // -1: contiguous after dim 1, 3 * 2
    THTensor* d3 = THTensor_(newWithStorage3d)(s, 0, 2, 12, 3, 4, 4, 1);
    THTensor* d4 = THTensor_(newWithStorage4d)(s, 0, 2, -1, 2, -1, 2, -1, 3, -1);
    expect_geometry(d1, {4}, {5}, 3);
    expect_geometry(d2, {2, 3}, {6, 2}, 0);
    expect_geometry(d3, {2, 3, 4}, {12, 4, 1}, 0);
    expect_geometry(d4, {2, 2, 2, 3}, {12, 6, 3, 1}, 0);
    EXPECT_EQ(number(THTensor_(get1d)(d1, 3)), number(value(3 + 15)));
    EXPECT_EQ(s->refcount, 7);
    for (THTensor* t : {a, b, none, d1, d2, d3, d4}) THTensor_(free)(t);
    EXPECT_EQ(s->refcount, 1);
    THLongStorage_free(size);
    THLongStorage_free(stride);
    THStorage_(free)(s);
  }

  static void new_with_size() {
    THLongStorage* size = longs({2, 3, 4});
    THLongStorage* stride = longs({1, 2, 6});
    THTensor* a = THTensor_(newWithSize)(size, NULL);
    expect_geometry(a, {2, 3, 4}, {12, 4, 1}, 0);
    EXPECT_EQ(THStorage_(size)(THTensor_(storage)(a)), 24);
    THTensor* b = THTensor_(newWithSize)(size, stride);
    expect_geometry(b, {2, 3, 4}, {1, 2, 6}, 0);
    EXPECT_EQ(THStorage_(size)(THTensor_(storage)(b)), (2 - 1) * 1 + (3 - 1) * 2 + (4 - 1) * 6 + 1) << "just large enough";
    THTensor* none = THTensor_(newWithSize)(NULL, NULL);
    EXPECT_EQ(THTensor_(nDimension)(none), 0);
    THTensor* d1 = THTensor_(newWithSize1d)(5);
    THTensor* d2 = THTensor_(newWithSize2d)(5, 0);
    THTensor* d3 = THTensor_(newWithSize3d)(2, 1, 3);
    THTensor* d4 = THTensor_(newWithSize4d)(2, 3, 4, 5);
    expect_geometry(d1, {5}, {1}, 0);
    expect_geometry(d2, {5}, {1}, 0);  // TH's dims end at a size <= 0
    THTensor* empty = THTensor_(newWithSize1d)(0);
    EXPECT_EQ(THTensor_(nDimension)(empty), 0);
    EXPECT_EQ(THTensor_(nElement)(empty), 0);
    THTensor_(free)(empty);
    expect_geometry(d3, {2, 1, 3}, {3, 3, 1}, 0);
    expect_geometry(d4, {2, 3, 4, 5}, {60, 20, 5, 1}, 0);
    for (THTensor* t : {a, b, none, d1, d2, d3, d4}) THTensor_(free)(t);
    THLongStorage_free(size);
    THLongStorage_free(stride);
  }

  static void expand_nd() {
    THTensor* a = THTensor_(newWithSize2d)(3, 1);
    THTensor* b = THTensor_(newWithSize1d)(4);
    THTensor* c = THTensor_(newWithSize3d)(2, 1, 1);
    THTensor* ra = THTensor_(new)();
    THTensor* rets[3] = {ra, b, c};  // b and c expand in place
    THTensor* ops[3] = {a, b, c};
    THTensor_(expandNd)(rets, ops, 3);
    expect_geometry(ra, {2, 3, 4}, {0, 1, 0}, 0);
    expect_geometry(b, {2, 3, 4}, {0, 0, 1}, 0);
    expect_geometry(c, {2, 3, 4}, {1, 0, 0}, 0);
    EXPECT_EQ(THTensor_(storage)(ra), THTensor_(storage)(a));
    for (THTensor* t : {a, b, c, ra}) THTensor_(free)(t);
  }

  static void resize() {
    THTensor* t = THTensor_(new)();
    THTensor_(resize2d)(t, 2, 3);
    expect_geometry(t, {2, 3}, {3, 1}, 0);
    THStorage* s = THTensor_(storage)(t);
    THTensor_(resize3d)(t, 2, 3, 4);
    EXPECT_EQ(THTensor_(storage)(t), s) << "the storage grows in place";
    EXPECT_EQ(THStorage_(size)(s), 24);
    THTensor_(resize1d)(t, 5);
    expect_geometry(t, {5}, {1}, 0);
    EXPECT_EQ(THStorage_(size)(s), 24) << "resize never shrinks the storage";
    THTensor_(resize4d)(t, 1, 2, 1, 3);
    expect_geometry(t, {1, 2, 1, 3}, {6, 3, 3, 1}, 0);
    THTensor_(resize5d)(t, 1, 1, 2, 1, 2);
    expect_geometry(t, {1, 1, 2, 1, 2}, {4, 4, 2, 2, 1}, 0);

    // Sizes already right and no strides: nothing changes (TH's rule).
    THTensor* m = THTensor_(newWithSize2d)(3, 2);
    THTensor_(transpose)(m, NULL, 0, 1);
    THTensor_(resize2d)(m, 2, 3);
    expect_geometry(m, {2, 3}, {1, 2}, 0);
    THTensor_(resizeAs)(t, m);
    expect_geometry(t, {2, 3}, {3, 1}, 0);

    THLongStorage* size = longs({2, 2});
    THLongStorage* stride = longs({1, -1});  // -1: contiguous after dim 1
    THTensor_(resize)(t, size, stride);
    expect_geometry(t, {2, 2}, {1, 1}, 0);
    THTensor_(resize)(t, size, NULL);  // equal sizes: the strides stay
    expect_geometry(t, {2, 2}, {1, 1}, 0);
    long nd_size[3] = {2, 2, 2}, nd_stride[3] = {4, -1, 1};
    THTensor_(resizeNd)(t, 3, nd_size, nd_stride);
    expect_geometry(t, {2, 2, 2}, {4, 2, 1}, 0);
    THTensor_(resizeNd)(t, 2, nd_size, NULL);
    expect_geometry(t, {2, 2}, {2, 1}, 0);
    THTensor_(resizeNd)(t, 0, NULL, NULL);
    EXPECT_EQ(THTensor_(nDimension)(t), 0);

    // TH's sizes end at the first one <= 0: no dims of size 0, -1 for an unused dim.
    THTensor_(resize2d)(t, 4, 0);
    expect_geometry(t, {4}, {1}, 0);
    THTensor_(resize4d)(t, 7, -1, -1, -1);
    expect_geometry(t, {7}, {1}, 0);
    long cut_size[3] = {3, 0, 5}, cut_stride[3] = {2, 1, 1};
    THTensor_(resizeNd)(t, 3, cut_size, cut_stride);
    expect_geometry(t, {3}, {2}, 0);
    THLongStorage* unused = longs({2, -1});
    THTensor_(resize)(t, unused, NULL);
    expect_geometry(t, {2}, {1}, 0);
    THTensor_(resize1d)(t, 0);
    EXPECT_EQ(THTensor_(nDimension)(t), 0);
    EXPECT_EQ(THTensor_(nElement)(t), 0);
    THLongStorage_free(unused);
    THLongStorage_free(size);
    THLongStorage_free(stride);
    THTensor_(free)(m);
    THTensor_(free)(t);
  }

  static void set_and_set_storage() {
    THStorage* s = counting_storage(12);
    THStorage* other = counting_storage(4);
    THTensor* src = THTensor_(newWithStorage2d)(s, 1, 2, 4, 3, 1);
    THTensor* t = THTensor_(newWithStorage1d)(other, 0, 4, 1);
    THTensor_(set)(t, src);
    expect_geometry(t, {2, 3}, {4, 1}, 1);
    EXPECT_EQ(THTensor_(storage)(t), s);
    EXPECT_EQ(other->refcount, 1) << "the old storage is released";
    EXPECT_EQ(s->refcount, 3);

    THLongStorage* size = longs({2, 2});
    THLongStorage* stride = longs({1, 2});
    THTensor_(setStorage)(t, other, 0, size, stride);
    expect_geometry(t, {2, 2}, {1, 2}, 0);
    EXPECT_EQ(number(THTensor_(get2d)(t, 0, 1)), number(value(2)));
    EXPECT_EQ(other->refcount, 2);
    EXPECT_EQ(s->refcount, 2);
    THTensor_(setStorage)(t, s, 2, size, NULL);
    expect_geometry(t, {2, 2}, {2, 1}, 2);
    THTensor_(setStorage)(t, NULL, 0, NULL, NULL);  // no storage, no dims
    EXPECT_EQ(THTensor_(storage)(t), nullptr);
    EXPECT_EQ(THTensor_(nDimension)(t), 0);
    THTensor_(setStorage)(t, NULL, 1, size, NULL);  // TH: a new storage, just large enough
    expect_geometry(t, {2, 2}, {2, 1}, 1);
    EXPECT_EQ(THStorage_(size)(THTensor_(storage)(t)), 1 + 4);

    long nd_size[3] = {2, 2, 3}, nd_stride[3] = {-1, 3, 1};
    THTensor_(setStorageNd)(t, s, 0, 3, nd_size, nd_stride);
    expect_geometry(t, {2, 2, 3}, {6, 3, 1}, 0);
    THTensor_(setStorageNd)(t, s, 1, 2, nd_size, NULL);
    expect_geometry(t, {2, 2}, {2, 1}, 1);
    THTensor_(setStorage1d)(t, s, 11, 1, 7);
    expect_geometry(t, {1}, {7}, 11);
    THTensor_(setStorage2d)(t, s, 0, 3, 1, 4, 3);
    expect_geometry(t, {3, 4}, {1, 3}, 0);
    EXPECT_EQ(number(THTensor_(get2d)(t, 2, 3)), number(value(2 + 9)));
    THTensor_(setStorage3d)(t, s, 0, 2, -1, 2, -1, 3, -1);
    expect_geometry(t, {2, 2, 3}, {6, 3, 1}, 0);
    THTensor_(setStorage4d)(t, s, 0, 1, 0, 2, 6, 2, 3, 3, 1);
    expect_geometry(t, {1, 2, 2, 3}, {0, 6, 3, 1}, 0);
    THLongStorage_free(size);
    THLongStorage_free(stride);
    for (THTensor* x : {src, t}) THTensor_(free)(x);
    EXPECT_EQ(s->refcount, 1);
    EXPECT_EQ(other->refcount, 1);
    THStorage_(free)(other);
    THStorage_(free)(s);
  }

  static void queries() {
    THTensor* t = THTensor_(newWithSize2d)(3, 4);
    THTensor* tt = THTensor_(newTranspose)(t, 0, 1);
    THTensor* narrow = THTensor_(newNarrow)(t, 1, 1, 2);
    THTensor* alias = THTensor_(newWithTensor)(t);
    THTensor* other = THTensor_(newWithSize2d)(3, 4);
    THTensor* empty = THTensor_(new)();
    EXPECT_TRUE(THTensor_(isContiguous)(t));
    EXPECT_FALSE(THTensor_(isContiguous)(tt));
    EXPECT_FALSE(THTensor_(isContiguous)(narrow));
    EXPECT_TRUE(THTensor_(isContiguous)(empty));
    EXPECT_TRUE(THTensor_(isTransposed)(tt));
    EXPECT_FALSE(THTensor_(isTransposed)(t)) << "contiguous is not transposed";
    EXPECT_FALSE(THTensor_(isTransposed)(narrow)) << "a gap is not a transposition";
    EXPECT_TRUE(THTensor_(isSameSizeAs)(t, other));
    EXPECT_FALSE(THTensor_(isSameSizeAs)(t, tt));
    EXPECT_TRUE(THTensor_(isSetTo)(alias, t));
    EXPECT_FALSE(THTensor_(isSetTo)(other, t)) << "same sizes, another storage";
    EXPECT_FALSE(THTensor_(isSetTo)(narrow, t));
    EXPECT_FALSE(THTensor_(isSetTo)(empty, empty)) << "a tensor without storage is set to nothing";
    THLongStorage* dims = longs({3, 4});
    EXPECT_TRUE(THTensor_(isSize)(t, dims));
    EXPECT_FALSE(THTensor_(isSize)(tt, dims));
    THLongStorage_free(dims);
    EXPECT_EQ(THTensor_(nElement)(t), 12);
    EXPECT_EQ(THTensor_(nElement)(narrow), 6);
    EXPECT_EQ(THTensor_(nElement)(empty), 0);
    EXPECT_EQ(THTensor_(numel)(tt), 12);
    for (THTensor* x : {t, tt, narrow, alias, other, empty}) THTensor_(free)(x);
  }

  static void free_copy_to() {
    THStorage* s = counting_storage(6);
    THTensor* src = THTensor_(newWithStorage2d)(s, 0, 2, 3, 3, 1);
    THTensor* dst = THTensor_(newWithSize2d)(2, 3);
    THTensor_(transpose)(dst, NULL, 0, 1);  // [3 x 2], not contiguous: equal counts, row-major order decides
    THTensor_(freeCopyTo)(src, dst);
    EXPECT_EQ(s->refcount, 1) << "src is freed";
    for (int i = 0; i < 6; ++i)
      EXPECT_EQ(number(THTensor_(get2d)(dst, i / 2, i % 2)), number(value(i))) << "element " << i;
    THTensor_(retain)(dst);
    THTensor_(freeCopyTo)(dst, dst);  // the same tensor: only the free
    EXPECT_EQ(dst->refcount, 1);
    THTensor_(free)(dst);
    THStorage_(free)(s);
  }

  static void elements() {
    THStorage* s = counting_storage(120);
    THTensor* d1 = THTensor_(newWithStorage1d)(s, 1, 5, 2);
    THTensor* d2 = THTensor_(newWithStorage2d)(s, 0, 4, 1, 3, 4);  // transposed 3 x 4
    THTensor* d3 = THTensor_(newWithStorage3d)(s, 2, 2, 30, 3, 10, 4, 1);
    THTensor* d4 = THTensor_(newWithStorage4d)(s, 0, 2, 60, 3, 20, 4, 5, 5, 1);
    EXPECT_EQ(number(THTensor_(get1d)(d1, 4)), number(value(1 + 8)));
    EXPECT_EQ(number(THTensor_(get2d)(d2, 3, 2)), number(value(3 + 8)));
    EXPECT_EQ(number(THTensor_(get3d)(d3, 1, 2, 3)), number(value(2 + 30 + 20 + 3)));
    EXPECT_EQ(number(THTensor_(get4d)(d4, 1, 2, 3, 4)), number(value(60 + 40 + 15 + 4)));
    THTensor_(set1d)(d1, 0, value(7));
    THTensor_(set2d)(d2, 1, 1, value(8));
    THTensor_(set3d)(d3, 0, 1, 1, value(9));
    THTensor_(set4d)(d4, 1, 1, 1, 1, value(10));
    EXPECT_EQ(number(THStorage_(get)(s, 1)), number(value(7)));
    EXPECT_EQ(number(THStorage_(get)(s, 1 + 4)), number(value(8)));
    EXPECT_EQ(number(THStorage_(get)(s, 2 + 10 + 1)), number(value(9)));
    EXPECT_EQ(number(THStorage_(get)(s, 60 + 20 + 5 + 1)), number(value(10)));
    for (THTensor* t : {d1, d2, d3, d4}) THTensor_(free)(t);
    THStorage_(free)(s);
  }

  static void desc() {
    const std::string type = std::string("torch.") + TH_CONCAT_STRING_2(Real, Tensor);
    THTensor* t = THTensor_(newWithSize3d)(2, 3, 4);
    EXPECT_EQ(std::string(THTensor_(desc)(t).str), type + " of size 2x3x4");
    EXPECT_STREQ(THTensor_(sizeDesc)(t).str, "[2 x 3 x 4]");
    long many[30];
    for (long& size : many) size = 1;
    THTensor_(resizeNd)(t, 30, many, NULL);
    const std::string long_desc = THTensor_(desc)(t).str;
    EXPECT_EQ(long_desc.size(), (size_t)TH_DESC_BUFF_LEN - 1);
    EXPECT_EQ(long_desc.substr(long_desc.size() - 3), "...");
    const std::string long_size = THTensor_(sizeDesc)(t).str;
    EXPECT_EQ(long_size.substr(long_size.size() - 4), "...]");
    THTensor* empty = THTensor_(new)();
    EXPECT_EQ(std::string(THTensor_(desc)(empty).str), type + " of size ");
    EXPECT_STREQ(THTensor_(sizeDesc)(empty).str, "[]");
    THTensor_(free)(empty);
    THTensor_(free)(t);
  }

  static void copy_transpose() {
    THStorage* s = counting_storage(70 * 60);
    THTensor* src = THTensor_(newWithStorage2d)(s, 0, 60, 1, 70, 60);  // the transpose of a 70 x 60 matrix
    THTensor* dst = THTensor_(newWithSize2d)(60, 70);
    EXPECT_TRUE(THTensor_(copyTransposeValid)(dst, src));
    THTensor_(copyTranspose)(dst, src);
    for (int i = 0; i < 60; i += 7)
      for (int j = 0; j < 70; j += 9) EXPECT_EQ(number(THTensor_(get2d)(dst, i, j)), number(value(i + 60 * j)));
    THTensor* small = THTensor_(newWithSize2d)(2, 3);
    THTensor* small_src = THTensor_(newWithStorage2d)(s, 0, 2, 1, 3, 2);
    EXPECT_FALSE(THTensor_(copyTransposeValid)(small, small_src)) << "too small to pay";
    EXPECT_FALSE(THTensor_(copyTransposeValid)(dst, dst)) << "not a transposed source";
    THTensor_(copyTranspose)(small, small_src);  // a plain copy wherever TH's fast path does not apply
    EXPECT_EQ(number(THTensor_(get2d)(small, 1, 2)), number(value(1 + 4)));
    for (THTensor* t : {src, dst, small, small_src}) THTensor_(free)(t);
    THStorage_(free)(s);
  }

  static void errors() {
    using ember::test::expect_th_error;
    THStorage* s = counting_storage(6);
    THTensor* t = THTensor_(newWithSize2d)(2, 3);
    THTensor* u = THTensor_(new)();
    THLongStorage* size = longs({2, 3});
    THLongStorage* stride3 = longs({3, 1, 1});
    THLongStorage* too_big = longs({2, 4});

    // NULL pointers (TH crashed).
    expect_th_error([&] { THTensor_(size)(NULL, 0); }, 1, "NULL");
    expect_th_error([&] { THTensor_(storage)(NULL); }, 1, "NULL");
    expect_th_error([&] { THTensor_(retain)(NULL); }, 1, "NULL");
    expect_th_error([&] { THTensor_(resize2d)(NULL, 1, 1); }, 1, "NULL");
    expect_th_error([&] { THTensor_(resize)(t, NULL, NULL); }, 2, "NULL");
    expect_th_error([&] { THTensor_(set)(t, NULL); }, 2, "NULL");
    expect_th_error([&] { THTensor_(isSize)(t, NULL); }, 2, "NULL");
    expect_th_error([&] { THTensor_(get1d)(NULL, 0); }, 1, "NULL");
    expect_th_error([&] { THTensor_(freeCopyTo)(u, NULL); }, 2, "NULL");
    expect_th_error([&] { THTensor_(resizeNd)(t, 2, NULL, NULL); }, 3, "NULL");
    expect_th_error([&] { THTensor_(newWithStorage)(s, 0, NULL, stride3); }, 3, "size is NULL");

    // Dims and indices: 0-based, never negative.
    expect_th_error([&] { THTensor_(size)(t, 2); }, 2, "out of range");
    expect_th_error([&] { THTensor_(stride)(t, -1); }, 2, "out of range");
    expect_th_error([&] { THTensor_(size)(u, 0); }, 2, "without dims");
    expect_th_error([&] { THTensor_(get1d)(t, 0); }, 1, "must have 1 dims");
    expect_th_error([&] { THTensor_(get2d)(t, 2, 0); }, 2, "out of range");
    expect_th_error([&] { THTensor_(get2d)(t, 0, -1); }, 3, "out of range");
    expect_th_error([&] { THTensor_(set2d)(t, 0, 3, value(1)); }, 3, "out of range");

    // Sizes, strides, offsets and storage bounds.
    expect_th_error([&] { THTensor_(resize)(t, size, stride3); }, 3, "entries");
    expect_th_error([&] { THTensor_(newWithStorage)(s, 0, size, stride3); }, 4, "entries");
    expect_th_error([&] { THTensor_(setStorage)(t, s, 0, too_big, NULL); }, 4, "storage of 6 elements");
    expect_th_error([&] { THTensor_(setStorage)(t, s, 1, size, NULL); }, 4, "storage of 6 elements");
    expect_th_error([&] { THTensor_(setStorage)(t, s, -1, NULL, NULL); }, 3, "negative");
    expect_th_error([&] { THTensor_(setStorage)(t, NULL, -2, size, NULL); }, 3, "negative");
    expect_th_error([&] { THTensor_(setStorage2d)(t, s, 0, 2, 5, 2, 1); }, 0, "storage of 6 elements");
    expect_th_error([&] { THTensor_(newWithStorage1d)(s, 0, 7, 1); }, 0, "storage of 6 elements");
    expect_th_error([&] { THTensor_(setStorageNd)(t, s, 0, -1, NULL, NULL); }, 4, "negative");
    expect_th_error([&] { THTensor_(setFlag)(t, 16); }, 2, "TH_TENSOR_REFCOUNTED");
    expect_geometry(t, {2, 3}, {3, 1}, 0);  // failed calls changed nothing

    // expandNd.
    THTensor* col = THTensor_(newWithSize2d)(3, 1);
    THTensor* row = THTensor_(newWithSize1d)(4);
    THTensor* ops[2] = {col, row};
    THTensor* rets[2] = {u, NULL};
    expect_th_error([&] { THTensor_(expandNd)(rets, ops, 2); }, 1, "rets[1] is NULL");
    rets[1] = t;
    expect_th_error([&] { THTensor_(expandNd)(rets, ops, 0); }, 3, "positive");
    ops[1] = t;  // [2 x 3] with [3 x 1]
    expect_th_error([&] { THTensor_(expandNd)(rets, ops, 2); }, 0, "cannot broadcast");
    ops[1] = u;
    expect_th_error([&] { THTensor_(expandNd)(rets, ops, 2); }, 2, "empty tensor");
    expect_geometry(t, {2, 3}, {3, 1}, 0);

    // Copies need equal element counts.
    THTensor* four = THTensor_(newWithSize1d)(4);
    expect_th_error([&] { THTensor_(copyTranspose)(four, t); }, 2, "elements");
    expect_th_error([&] { THTensor_(freeCopyTo)(t, four); }, 1, "elements");

    for (THTensor* x : {t, u, col, row, four}) THTensor_(free)(x);
    for (THLongStorage* x : {size, stride3, too_big}) THLongStorage_free(x);
    THStorage_(free)(s);
  }
};

#endif
