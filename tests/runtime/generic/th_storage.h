// The THStorage tests, written as TH code: test_th_storage.cpp expands this
// file once per dtype through THGenerateEmberTypes.h, with real, Real and
// THStorage_(NAME) naming that dtype's types and functions, into a struct
// StorageTests<Real> of static test bodies.
#ifndef TH_GENERIC_FILE
#error "expanded by test_th_storage.cpp through THGenerateEmberTypes.h"
#else

struct TH_CONCAT_2(StorageTests, Real) {
  // Values every dtype holds exactly (Bool: v % 2), and back.
  static real value(int v) {
#ifdef TH_REAL_IS_BOOL
    v %= 2;
#endif
    return TH_CONVERT_ACCREAL_TO_REAL((accreal)v);
  }
  static double number(real v) { return (double)TH_CONVERT_REAL_TO_ACCREAL(v); }

  static void expect_values(THStorage* s, std::initializer_list<int> want) {
    ASSERT_EQ(THStorage_(size)(s), (ptrdiff_t)want.size());
    ptrdiff_t i = 0;
    for (int v : want) EXPECT_EQ(number(THStorage_(get)(s, i++)), number(value(v))) << "element " << i - 1;
  }

  static void new_and_access() {
    EXPECT_EQ(THStorage_(elementSize)(), sizeof(real));
    THStorage* empty = THStorage_(new)();
    EXPECT_EQ(THStorage_(size)(empty), 0);
    EXPECT_EQ(empty->refcount, 1);
    EXPECT_EQ(empty->flag, TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM);
    THStorage_(free)(empty);

    THStorage* s = THStorage_(newWithSize)(5);
    EXPECT_EQ(THStorage_(size)(s), 5);
    EXPECT_EQ(THStorage_(data)(s), s->data);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(s->data) % 64, 0u) << "THDefaultAllocator aligns to 64 bytes";
    EXPECT_EQ(s->allocator, &THDefaultAllocator);
    EXPECT_EQ(s->refcount, 1);
    THStorage_(free)(s);
  }

  static void set_get() {
    THStorage* s = THStorage_(newWithSize)(4);
    for (int i = 0; i < 4; ++i) THStorage_(set)(s, i, value(i + 2));
    expect_values(s, {2, 3, 4, 5});
    for (int i = 0; i < 4; ++i) EXPECT_EQ(number(s->data[i]), number(value(i + 2)));  // the element array itself
    THStorage_(free)(s);
  }

  static void new_with_values() {
    THStorage* s1 = THStorage_(newWithSize1)(value(3));
    THStorage* s2 = THStorage_(newWithSize2)(value(3), value(4));
    THStorage* s3 = THStorage_(newWithSize3)(value(3), value(4), value(5));
    THStorage* s4 = THStorage_(newWithSize4)(value(3), value(4), value(5), value(6));
    expect_values(s1, {3});
    expect_values(s2, {3, 4});
    expect_values(s3, {3, 4, 5});
    expect_values(s4, {3, 4, 5, 6});
    for (THStorage* s : {s1, s2, s3, s4}) THStorage_(free)(s);
  }

  static void new_with_mapping() {
    char path[] = "/tmp/ember_th_storage_XXXXXX";
    const int fd = mkstemp(path);
    ASSERT_GE(fd, 0);
    const real in_file[3] = {value(1), value(2), value(3)};
    ASSERT_EQ(write(fd, in_file, sizeof in_file), (ssize_t)sizeof in_file);
    close(fd);
    THStorage* whole = THStorage_(newWithMapping)(path, 0, TH_ALLOCATOR_MAPPED_SHARED);
    expect_values(whole, {1, 2, 3});
    EXPECT_FALSE(whole->flag & TH_STORAGE_RESIZABLE);
    THStorage_(set)(whole, 0, value(4));  // shared: written through to the file
    THStorage_(free)(whole);
    THStorage* two = THStorage_(newWithMapping)(path, 2, TH_ALLOCATOR_MAPPED_SHARED);
    expect_values(two, {4, 2});
    THStorage_(free)(two);
    unlink(path);
  }

  static void new_with_data() {
    real* data = static_cast<real*>(THAlloc(3 * sizeof(real)));
    for (int i = 0; i < 3; ++i) data[i] = value(i + 1);
    THStorage* s = THStorage_(newWithData)(data, 3);
    EXPECT_EQ(s->data, data);
    EXPECT_TRUE(s->flag & TH_STORAGE_FREEMEM);
    expect_values(s, {1, 2, 3});
    THStorage_(free)(s);  // frees data with THDefaultAllocator (ASan would see a leak or double free)
  }

  static void new_with_allocator() {
    ember::test::CountingAllocator counting;
    THStorage* s = THStorage_(newWithAllocator)(4, counting.get(), counting.ctx());
    EXPECT_EQ(counting.mallocs, 1);
    EXPECT_EQ(s->allocator, counting.get());
    EXPECT_EQ(s->allocatorContext, counting.ctx());
    THStorage_(fill)(s, value(1));
    THStorage_(resize)(s, 6);  // through the storage's own allocator
    EXPECT_EQ(counting.reallocs, 1);
    THStorage_(free)(s);
    EXPECT_EQ(counting.frees, 1);
    EXPECT_EQ(counting.live, 0);

    void* data = counting.get()->malloc(counting.ctx(), 2 * sizeof(real));
    THStorage* adopted = THStorage_(newWithDataAndAllocator)(static_cast<real*>(data), 2, counting.get(), counting.ctx());
    EXPECT_EQ(adopted->data, data);
    THStorage_(free)(adopted);
    EXPECT_EQ(counting.live, 0) << "the adopted memory goes back to its allocator";
  }

  static void flags() {
    ember::test::CountingAllocator counting;
    THStorage* s = THStorage_(newWithAllocator)(2, counting.get(), counting.ctx());
    THStorage_(clearFlag)(s, TH_STORAGE_REFCOUNTED);
    THStorage_(retain)(s);
    EXPECT_EQ(s->refcount, 1) << "retain ignores a storage without TH_STORAGE_REFCOUNTED";
    THStorage_(free)(s);
    EXPECT_EQ(counting.frees, 0) << "so does free";
    THStorage_(setFlag)(s, TH_STORAGE_REFCOUNTED);
    THStorage_(clearFlag)(s, TH_STORAGE_FREEMEM);
    void* data = s->data;
    THStorage_(free)(s);
    EXPECT_EQ(counting.frees, 0) << "without TH_STORAGE_FREEMEM the elements stay";
    counting.get()->free(counting.ctx(), data);

    THStorage* fixed = THStorage_(newWithSize)(2);
    THStorage_(clearFlag)(fixed, TH_STORAGE_RESIZABLE);
    ember::test::expect_th_error([&] { THStorage_(resize)(fixed, 3); }, 1, "not resizable");
    THStorage_(setFlag)(fixed, TH_STORAGE_RESIZABLE);
    THStorage_(resize)(fixed, 3);
    EXPECT_EQ(THStorage_(size)(fixed), 3);
    THStorage_(free)(fixed);
  }

  static void retain_free() {
    ember::test::CountingAllocator counting;
    THStorage* s = THStorage_(newWithAllocator)(2, counting.get(), counting.ctx());
    THStorage_(retain)(s);
    EXPECT_EQ(s->refcount, 2);
    THStorage_(free)(s);
    EXPECT_EQ(s->refcount, 1);
    EXPECT_EQ(counting.frees, 0);
    THStorage_(free)(s);
    EXPECT_EQ(counting.frees, 1);
    THStorage_(retain)(NULL);  // both accept NULL, as in TH
    THStorage_(free)(NULL);
  }

  static void swap() {
    THStorage* a = THStorage_(newWithSize1)(value(1));
    THStorage* b = THStorage_(newWithSize2)(value(2), value(3));
    THStorage_(retain)(b);
    real* a_data = a->data;
    THStorage_(swap)(a, b);
    EXPECT_EQ(b->data, a_data);
    expect_values(a, {2, 3});
    expect_values(b, {1});
    EXPECT_EQ(a->refcount, 1) << "reference counts stay";
    EXPECT_EQ(b->refcount, 2);
    THStorage_(free)(b);
    THStorage_(free)(b);
    THStorage_(free)(a);
  }

  static void resize() {
    THStorage* s = THStorage_(newWithSize3)(value(1), value(2), value(3));
    THStorage_(resize)(s, 5);
    EXPECT_EQ(THStorage_(size)(s), 5);
    EXPECT_EQ(number(THStorage_(get)(s, 2)), number(value(3))) << "growing keeps the values";
    THStorage_(resize)(s, 2);
    expect_values(s, {1, 2});
    THStorage_(resize)(s, 0);
    EXPECT_EQ(THStorage_(size)(s), 0);
    THStorage_(free)(s);
  }

  static void fill_and_copy() {
    THStorage* s = THStorage_(newWithSize)(3);
    THStorage_(fill)(s, value(5));
    expect_values(s, {5, 5, 5});
    real raw[3] = {value(1), value(2), value(3)};
    THStorage_(rawCopy)(s, raw);
    expect_values(s, {1, 2, 3});
    THStorage* copy = THStorage_(newWithSize)(3);
    THStorage_(copy)(copy, s);
    expect_values(copy, {1, 2, 3});
    THStorage_(free)(copy);
    THStorage_(free)(s);
  }

  // copy<Src> from every dtype, with 1 and 0 (which every dtype holds).
  static void copy_all_dtypes() {
    THStorage* dst = THStorage_(newWithSize)(2);
#define EMBER_CHECK_COPY_FROM(Src, one)                                                 \
  {                                                                                     \
    SCOPED_TRACE("from " #Src);                                                         \
    TH##Src##Storage* src = TH##Src##Storage_newWithSize(2);                            \
    TH##Src##Storage_fill(src, one);                                                    \
    memset(src->data + 1, 0, sizeof(src->data[1])); /* 0 in every dtype */              \
    THStorage_(fill)(dst, value(3));                                                    \
    THStorage_(copy##Src)(dst, src);                                                    \
    expect_values(dst, {1, 0});                                                         \
    TH##Src##Storage_free(src);                                                         \
  }
    EMBER_CHECK_COPY_FROM(Byte, (unsigned char)1)
    EMBER_CHECK_COPY_FROM(Char, (char)1)
    EMBER_CHECK_COPY_FROM(Short, (short)1)
    EMBER_CHECK_COPY_FROM(Int, 1)
    EMBER_CHECK_COPY_FROM(Long, 1L)
    EMBER_CHECK_COPY_FROM(Float, 1.f)
    EMBER_CHECK_COPY_FROM(Double, 1.0)
    EMBER_CHECK_COPY_FROM(Half, TH_float2half(1.f))
    EMBER_CHECK_COPY_FROM(Bool, true)
    EMBER_CHECK_COPY_FROM(BFloat16, TH_float2bfloat16(1.f))
#undef EMBER_CHECK_COPY_FROM
    THStorage_(free)(dst);
  }

  static void errors() {
    using ember::test::expect_th_error;
    THStorage* s = THStorage_(newWithSize)(3);
    expect_th_error([&] { THStorage_(get)(s, 3); }, 2, "out of range");
    expect_th_error([&] { THStorage_(get)(s, -1); }, 2, "out of range");
    expect_th_error([&] { THStorage_(set)(s, 3, value(1)); }, 2, "out of range");
    expect_th_error([&] { THStorage_(newWithSize)(-1); }, 1, "negative");
    expect_th_error([&] { THStorage_(resize)(s, -2); }, 2, "negative");
    expect_th_error([&] { THStorage_(data)(NULL); }, 1, "NULL");
    expect_th_error([&] { THStorage_(size)(NULL); }, 1, "NULL");
    expect_th_error([&] { THStorage_(get)(NULL, 0); }, 1, "NULL");
    expect_th_error([&] { THStorage_(fill)(NULL, value(0)); }, 1, "NULL");
    expect_th_error([&] { THStorage_(resize)(NULL, 2); }, 1, "NULL");
    expect_th_error([&] { THStorage_(swap)(NULL, s); }, 1, "NULL");
    expect_th_error([&] { THStorage_(swap)(s, NULL); }, 2, "NULL");
    expect_th_error([&] { THStorage_(rawCopy)(s, NULL); }, 2, "NULL");
    expect_th_error([&] { THStorage_(setFlag)(NULL, TH_STORAGE_RESIZABLE); }, 1, "NULL");
    expect_th_error([&] { THStorage_(newWithData)(NULL, 2); }, 1, "NULL");
    expect_th_error([&] { THStorage_(newWithAllocator)(2, NULL, NULL); }, 2, "NULL");
    expect_th_error([&] { THStorage_(newWithDataAndAllocator)(s->data, 2, NULL, NULL); }, 3, "NULL");
    expect_th_error([&] { THStorage_(newWithMapping)(NULL, 0, TH_ALLOCATOR_MAPPED_SHARED); }, 1, "NULL");
    expect_th_error([&] { THStorage_(newWithMapping)("/tmp/unused", -1, TH_ALLOCATOR_MAPPED_SHARED); }, 2, "negative");
    THStorage* other = THStorage_(newWithSize)(2);
    expect_th_error([&] { THStorage_(copy)(s, other); }, 2, "elements");
    expect_th_error([&] { THStorage_(copy)(s, NULL); }, 2, "NULL");
    THStorage_(free)(other);
    THStorage_(free)(s);
  }
};

#endif
