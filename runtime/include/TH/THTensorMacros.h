/* Torch7's THTensorMacros.h: element access without checks, for any typed
 * tensor (THFloatTensor, ...): the element at the given indices of the
 * tensor's storage data, from its offset along its strides. fastGet*d is an
 * lvalue expression; fastSet*d assigns `value`. The caller guarantees the
 * tensor has a storage and the indices are in range (THTensor_get*d and
 * set*d check them). */
#ifndef TH_TENSOR_MACROS_INC
#define TH_TENSOR_MACROS_INC

#define THTensor_fastElement_(self, offset) (((self)->storage->data + (self)->storageOffset)[offset])

#define THTensor_fastGet1d(self, x0) THTensor_fastElement_(self, (x0) * (self)->stride[0])
#define THTensor_fastGet2d(self, x0, x1) \
  THTensor_fastElement_(self, (x0) * (self)->stride[0] + (x1) * (self)->stride[1])
#define THTensor_fastGet3d(self, x0, x1, x2) \
  THTensor_fastElement_(self, (x0) * (self)->stride[0] + (x1) * (self)->stride[1] + (x2) * (self)->stride[2])
#define THTensor_fastGet4d(self, x0, x1, x2, x3)                                                               \
  THTensor_fastElement_(self, (x0) * (self)->stride[0] + (x1) * (self)->stride[1] + (x2) * (self)->stride[2] + \
                                  (x3) * (self)->stride[3])

#define THTensor_fastSet1d(self, x0, value) (THTensor_fastGet1d(self, x0) = (value))
#define THTensor_fastSet2d(self, x0, x1, value) (THTensor_fastGet2d(self, x0, x1) = (value))
#define THTensor_fastSet3d(self, x0, x1, x2, value) (THTensor_fastGet3d(self, x0, x1, x2) = (value))
#define THTensor_fastSet4d(self, x0, x1, x2, x3, value) (THTensor_fastGet4d(self, x0, x1, x2, x3) = (value))

#endif
