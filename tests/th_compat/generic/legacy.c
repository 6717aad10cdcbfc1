/* One type's checks, expanded by legacy.c through THGenerate*Type.h with
 * `real`, `accreal` and `Real` set (TH's generic idiom). Values are small
 * integers, exact in every type, so results compare with ==. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/legacy.c"
#else

/* real <-> accreal: plain casts, or conversions for Half. */
#define ACC(x) TH_CONVERT_REAL_TO_ACCREAL(x)
#define REAL(x) TH_CONVERT_ACCREAL_TO_REAL(x)
/* Element [i][j] of a 2-d tensor, read the TH way: through its fields. */
#define AT2(t, i, j) ((t)->storage->data[(t)->storageOffset + (i) * (t)->stride[0] + (j) * (t)->stride[1]])

static int THTensor_(legacyCheck)(void) {
  int failures = 0;
  long i, j, k;
  long visited = 0;
  accreal sum = 0, expected = 0;
  const real two = REAL(2);
  THTensor *a = THTensor_(newWithSize2d)(4, 5);
  THTensor *view = THTensor_(new)();
  THTensor *r = THTensor_(new)();
  THTensor *b = THTensor_(newWithSize2d)(5, 4);
  THTensor *c = THTensor_(newWithSize2d)(4, 3);
  THTensor *colsum = THTensor_(newWithSize2d)(5, 1);
  THTensor *t;
  THStorage *s = THStorage_(newWithSize)(3);
  real *buf = (real *)THAlloc(4 * sizeof(real));

  CHECK(view->nDimension == 0);
  CHECK(a->nDimension == 2 && a->size[0] == 4 && a->size[1] == 5);
  CHECK(a->stride[0] == 5 && a->stride[1] == 1 && a->storageOffset == 0);
  CHECK(a->storage->size >= 20);
  for (k = 0; k < 20; ++k) a->storage->data[k] = REAL(k % 7);

  /* A non-contiguous view: columns 1..3, sharing a's storage. */
  THTensor_(narrow)(view, a, 1, 1, 3);
  CHECK(view->nDimension == 2 && view->size[0] == 4 && view->size[1] == 3);
  CHECK(view->stride[0] == 5 && view->stride[1] == 1 && view->storageOffset == 1);
  CHECK(view->storage == a->storage);

  /* APPLY visits the view's elements in row-major order. */
  TH_TENSOR_APPLY(real, view,
                  i = visited / 3, j = visited % 3;
                  CHECK(ACC(*view_data) == (i * 5 + 1 + j) % 7);
                  sum += ACC(*view_data);
                  ++visited;);
  CHECK(visited == 12);
  for (i = 0; i < 4; ++i)
    for (j = 1; j < 4; ++j) expected += (i * 5 + j) % 7;
  CHECK(sum == expected);
  CHECK(THTensor_(sumall)(view) == expected);

  /* Stopping early, as THTensor_(equal) does. */
  visited = 0;
  TH_TENSOR_APPLY(real, view, ++visited; if (ACC(*view_data) == 6) {
    TH_TENSOR_APPLY_hasFinished = 1;
    break;
  });
  CHECK(visited == 4); /* the view holds 1, 2, 3, 6, ...: a[1][1] = 6 comes 4th */

  /* fill writes through the view only. */
  THTensor_(fill)(view, two);
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 5; ++j) CHECK(ACC(AT2(a, i, j)) == ((j >= 1 && j <= 3) ? 2 : (i * 5 + j) % 7));

  /* cadd: r = view + 2 * view, resized to the view's shape. */
  THTensor_(cadd)(r, view, two, view);
  CHECK(r->nDimension == 2 && r->size[0] == 4 && r->size[1] == 3 && r->stride[0] == 3);
  CHECK(THTensor_(sumall)(r) == 72);

  /* APPLY2 between a transposed view and a contiguous tensor. */
  t = THTensor_(newTranspose)(a, 0, 1);
  CHECK(t->stride[0] == 1 && t->stride[1] == 5);
  TH_TENSOR_APPLY2(real, b, real, t, *b_data = *t_data;);
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 5; ++j) CHECK(ACC(AT2(b, j, i)) == ACC(AT2(a, i, j)));

  /* THTensorMacros.h: fastGet2d reads where get2d does, on a transposed
     view too, and fastSet2d writes there. */
  for (i = 0; i < 5; ++i)
    for (j = 0; j < 4; ++j) CHECK(ACC(THTensor_fastGet2d(t, i, j)) == ACC(THTensor_(get2d)(t, i, j)));
  {
    const real kept = AT2(a, 1, 4);
    THTensor_fastSet2d(t, 4, 1, REAL(6));
    CHECK(ACC(AT2(a, 1, 4)) == 6);
    THTensor_fastSet2d(t, 4, 1, kept);
  }

  /* APPLY3 over three layouts (top-level commas in CODE are fine). */
  TH_TENSOR_APPLY3(real, c, real, view, real, r, accreal x = ACC(*view_data), y = ACC(*r_data); *c_data = REAL(x + y););
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 3; ++j) CHECK(ACC(AT2(c, i, j)) == 8);

  /* DIM_APPLY2: sums along dim 1 of the transposed view (stride 5). */
  TH_TENSOR_DIM_APPLY2(real, t, real, colsum, 1,
                       accreal acc = 0;
                       for (k = 0; k < t_size; ++k) acc += ACC(t_data[k * t_stride]);
                       *colsum_data = REAL(acc););
  for (j = 0; j < 5; ++j) {
    accreal col = 0;
    for (i = 0; i < 4; ++i) col += ACC(AT2(a, i, j));
    CHECK(ACC(AT2(colsum, j, 0)) == col);
  }

  /* DIM_APPLY in place: running sums down each column of the view. */
  TH_TENSOR_DIM_APPLY(real, view, 0,
                      accreal acc = 0;
                      for (k = 0; k < view_size; ++k) {
                        acc += ACC(view_data[k * view_stride]);
                        view_data[k * view_stride] = REAL(acc);
                      });
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 3; ++j) CHECK(ACC(AT2(a, i, j + 1)) == 2 * (i + 1));

  /* Storages and TH's allocator. */
  CHECK(s->size == 3);
  THStorage_(set)(s, 1, two);
  CHECK(ACC(THStorage_(get)(s, 1)) == 2);
  CHECK(ACC(s->data[1]) == 2);
  buf[3] = two;
  CHECK(ACC(buf[3]) == 2);

  THFree(buf);
  THStorage_(free)(s);
  THTensor_(free)(t);
  THTensor_(free)(colsum);
  THTensor_(free)(c);
  THTensor_(free)(b);
  THTensor_(free)(r);
  THTensor_(free)(view);
  THTensor_(free)(a);
  if (failures) fprintf(stderr, "  (in %s)\n", TH_CONCAT_STRING_2(Real, Tensor));
  return failures;
}

#undef ACC
#undef REAL
#undef AT2

#endif
