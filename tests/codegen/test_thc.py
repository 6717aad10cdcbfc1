"""THC's C functions (codegen/th_wrappers.py, docs/cuda.md): a TH binding
whose body runs on any device gets a THCuda<Type>_ form per dtype (every
dtype of a view; the CUDA dtypes of a custom, blas or pointwise entry),
taking THCState * first and running the same template through thc::call;
the others get none. A named tensor type (THLongTensor *index) is THC's
device tensor there (THCudaLongTensor *); a named storage (THLongStorage
*size) and a copy's source tensor are host memory in both APIs."""
from __future__ import annotations

from conftest import NEG

FILE = "schemas/math/t.yaml"

NARROW = """\
ops:
  - signature: narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)
    dtypes: {cpu: [Float, Double]}
    kernel: {kind: view, impl: rt::narrow}
    th:
      - THTensor *THTensor_newNarrow(THTensor *tensor = self, int dimension = dim, long firstIndex = start, long size = length)
    doc: A view.
    test: {gtest: [Views.Narrow]}
"""

RESIZE = """\
ops:
  - name: resize
    dtypes: {cpu: [Float, Int], cuda: [Float]}
    kernel: {kind: custom, impl: rt::th_resize}
    th: ["void THTensor_resize(THTensor *tensor, THLongStorage *size, THLongStorage *stride)"]
    doc: Resizes.
    test: {gtest: [THStructureTest.Resize]}
"""

FILL_AT = """\
ops:
  - name: fill_at
    dtypes: {cpu: [Float], cuda: [Float]}
    kernel: {kind: custom, impl: rt::th_fill_at}
    th: ["void THTensor_fillAt(THTensor *tensor, THLongTensor *index, THLongStorage *size)"]
    doc: Fills.
    test: {gtest: [THIndexing.IndexFill]}
"""


def test_a_view_gets_thc_forms_for_every_dtype(repo):
    cpp = repo.generate(FILE, NARROW, "generated/src/ops/t/narrow.cpp")
    assert '#include "runtime/thc/thunk.h"' in cpp
    assert 'constexpr th::ArgNames<5> THTensor_newNarrow_thc_args = {"state", "self", "dim", "start", "length"};' in cpp
    assert ("EMBER_API THCudaTensor *THCudaTensor_newNarrow(THCState *state, THCudaTensor *tensor, int dimension, "
            "long firstIndex, long size) {") in cpp
    assert ('return reinterpret_cast<THCudaTensor *>(thc::call<THTensor_newNarrow<float>>("THCudaTensor_newNarrow", '
            'THTensor_newNarrow_thc_args, state, reinterpret_cast<THFloatTensor *>(tensor), dimension, firstIndex, size));') in cpp
    assert "THCudaDoubleTensor_newNarrow(THCState *state, THCudaDoubleTensor *tensor" in cpp
    header = (repo.root / "generated/include/THC/THCTensorFunctions.h").read_text()
    assert ("THC_API THCudaDoubleTensor *THCudaDoubleTensor_newNarrow(THCState *state, THCudaDoubleTensor *tensor, "
            "int dimension, long firstIndex, long size);") in header


def test_a_custom_entry_gets_thc_forms_for_its_cuda_dtypes_and_host_named_types(repo):
    cpp = repo.generate(FILE, RESIZE, "generated/src/ops/t/resize.cpp")
    assert "THCudaTensor_resize(THCState *state, THCudaTensor *tensor, THLongStorage *size, THLongStorage *stride)" in cpp
    assert "THCudaIntTensor_resize" not in cpp  # Int has no CUDA dtype here
    assert "THIntTensor_resize(THIntTensor *tensor" in cpp
    assert 'th::optional_host_storage_arg(size, DType::Long, fn, "size", "size")' in cpp
    assert 'th::optional_tensor_arg(tensor, dtype_of<T>, fn, "tensor", "tensor")' in cpp


def test_a_named_tensor_type_is_a_device_tensor_in_thc_and_a_named_storage_host_memory(repo):
    cpp = repo.generate(FILE, FILL_AT, "generated/src/ops/t/fill_at.cpp")
    assert ("THCudaTensor_fillAt(THCState *state, THCudaTensor *tensor, THCudaLongTensor *index, "
            "THLongStorage *size)") in cpp
    # Checked against the C API's device (CUDA in THC's forms), as the type says.
    assert 'th::optional_tensor_arg(index, DType::Long, fn, "index", "index")' in cpp
    assert 'th::optional_host_storage_arg(size, DType::Long, fn, "size", "size")' in cpp


def test_a_pointwise_entry_gets_thc_forms_that_run_its_cuda_kernel(repo):
    schema = NEG.replace("dtypes: {cpu: signed}", "dtypes: {cpu: signed, cuda: [Float]}")
    cpp = repo.generate(FILE, schema, "generated/src/ops/t/neg.cpp")
    assert "EMBER_API void THCudaTensor_neg(THCState *state, THCudaTensor *self_, THCudaTensor *src) {" in cpp
    assert "THCudaDoubleTensor_neg" not in cpp  # Double has no CUDA kernel here
    assert "cuda_ops::neg(dtype, ops, host_values);" in cpp
    assert "}, on_device);" in cpp  # TH's forms hand th::pointwise the CUDA kernel too
    header = (repo.root / "generated/include/THC/THCTensorFunctions.h").read_text()
    assert "THC_API void THCudaTensor_neg(THCState *state, THCudaTensor *self_, THCudaTensor *src);" in header


def test_a_pointwise_entry_with_th_semantics_of_its_own_gets_no_thc_forms(repo):
    # Its CUDA kernel computes expr, not what TH's forms compute.
    repo.write(FILE, NEG.replace("dtypes: {cpu: signed}", "dtypes: {cpu: signed, cuda: [Float]}")
               .replace('expr: "-self"}', 'expr: "-self", th_expr: "0 - self"}'))
    r = repo.codegen()
    assert r.code == 0, r.err
    cpp = (repo.root / "generated/src/ops/t/neg.cpp").read_text()
    assert "THCuda" not in cpp and "thc::" not in cpp and "on_device" not in cpp
    header = (repo.root / "generated/include/THC/THCTensorFunctions.h").read_text()
    assert "neg" not in header


SUM_DIM = """\
ops:
  - signature: sum.dim(Tensor self, int dim, bool keepdim=False) -> Tensor
    variants: [function, out]
    dtypes: {cpu: [Float, Int], cuda: [Float]}
    kernel: {kind: reduce, identity: "0", combine: "acc + x", merge: "a + b", result: integral_to_long}
    th:
      - void THTensor_sum(THTensor *r_ = out, THTensor *t = self, int dimension = dim, int keepdim = keepdim)
    doc: Sums.
    test: {ref: sum, numpy: "np.sum(self, axis=dim, keepdims=keepdim)"}
"""


def test_a_reduction_gets_thc_forms_that_call_the_cpp_op_on_the_device(repo):
    cpp = repo.generate(FILE, SUM_DIM, "generated/src/ops/t/sum_dim.cpp")
    assert "EMBER_API void THCudaTensor_sum(THCState *state, THCudaTensor *r_, THCudaTensor *t, int dimension, int keepdim) {" in cpp
    assert "THCudaIntTensor_sum" not in cpp  # Int has no CUDA kernel here
    assert ("return th::copy_into(r__i, th::to_th_geometry(base::sum(TensorBase::borrow(t_i), "
            "static_cast<int64_t>(dimension), (keepdim != 0)).impl()));") in cpp
    assert cpp.index("rt::default_device_type() != DeviceType::CPU") < cpp.index("th::ThReduce<1> plan(")


SUMALL = """\
ops:
  - signature: sum(Tensor self) -> Tensor
    variants: [function]
    dtypes: {cpu: [Float, Double, Half], cuda: [Float, Double, Half]}
    kernel: {kind: reduce, identity: "0", combine: "acc + x", merge: "a + b"}
    th:
      - accreal THTensor_sumall(THTensor *t = self)
    doc: Sums.
    test: {ref: sum, numpy: "np.sum(self)"}
"""


def test_thc_forms_return_thcs_accreal_float_for_float(repo):
    # cutorch accumulated float in float; TH's accreal for float is double.
    header = repo.generate(FILE, SUMALL, "generated/include/THC/THCTensorFunctions.h")
    assert "THC_API float THCudaTensor_sumall(THCState *state, THCudaTensor *t);" in header
    assert "THC_API double THCudaDoubleTensor_sumall(THCState *state, THCudaDoubleTensor *t);" in header
    assert "THC_API float THCudaHalfTensor_sumall(THCState *state, THCudaHalfTensor *t);" in header
    th_header = (repo.root / "generated/include/TH/THTensorFunctions.h").read_text()
    assert "TH_API double THFloatTensor_sumall(THFloatTensor *t);" in th_header
    cpp = (repo.root / "generated/src/ops/t/sum.cpp").read_text()
    assert "EMBER_API float THCudaTensor_sumall(THCState *state, THCudaTensor *t) {" in cpp
    assert 'return static_cast<float>(thc::call<THTensor_sumall<float>>("THCudaTensor_sumall"' in cpp
    assert 'return thc::call<THTensor_sumall<double>>("THCudaDoubleTensor_sumall"' in cpp
