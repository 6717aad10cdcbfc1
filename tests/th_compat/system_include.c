/* The other include style TH code uses, <TH/TH.h>: TH's max along a dim
 * written with TH_TENSOR_DIM_APPLY3 must agree with the library's, and
 * TH_TENSOR_APPLY2 must read an expanded (stride 0) tensor. */
#include <TH/TH.h>

#include "compat_check.h"

int check_system_include(void);

int check_system_include(void) {
  int failures = 0;
  long i, j;
  THDoubleTensor *m = THDoubleTensor_newWithSize2d(3, 4);
  THDoubleTensor *values = THDoubleTensor_newWithSize2d(3, 1);
  THLongTensor *indices = THLongTensor_newWithSize2d(3, 1);
  THDoubleTensor *lib_values = THDoubleTensor_new();
  THLongTensor *lib_indices = THLongTensor_new();
  THDoubleTensor *row = THDoubleTensor_newWithSize2d(1, 4);
  THLongStorage *shape = THLongStorage_newWithSize2(3, 4);
  THDoubleTensor *rows;

  for (i = 0; i < 3; ++i)
    for (j = 0; j < 4; ++j) THDoubleTensor_set2d(m, i, j, (double)((i * 7 + j * 3) % 5));
  TH_TENSOR_DIM_APPLY3(double, m, double, values, long, indices, 1,
                       long k;
                       long best = 0;
                       for (k = 1; k < m_size; ++k) if (m_data[k * m_stride] > m_data[best * m_stride]) best = k;
                       *values_data = m_data[best * m_stride];
                       *indices_data = best;);
  THDoubleTensor_max(lib_values, lib_indices, m, 1, 1);
  for (i = 0; i < 3; ++i) {
    CHECK(THDoubleTensor_get2d(values, i, 0) == THDoubleTensor_get2d(lib_values, i, 0));
    CHECK(THLongTensor_get2d(indices, i, 0) == THLongTensor_get2d(lib_indices, i, 0));
  }

  for (j = 0; j < 4; ++j) THDoubleTensor_set2d(row, 0, j, (double)(10 * j));
  rows = THDoubleTensor_newExpand(row, shape);
  CHECK(rows->stride[0] == 0);
  TH_TENSOR_APPLY2(double, m, double, rows, *m_data += *rows_data;);
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 4; ++j) CHECK(THDoubleTensor_get2d(m, i, j) == (double)((i * 7 + j * 3) % 5 + 10 * j));

  THDoubleTensor_free(rows);
  THLongStorage_free(shape);
  THDoubleTensor_free(row);
  THLongTensor_free(lib_indices);
  THDoubleTensor_free(lib_values);
  THLongTensor_free(indices);
  THDoubleTensor_free(values);
  THDoubleTensor_free(m);
  return failures;
}
