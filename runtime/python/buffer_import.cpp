#include "runtime/python/buffer_import.h"

#include <cstring>
#include <vector>

#include "ember/checked_math.h"
#include "ember/error.h"
#include "generated/python/dtype_interop.h"
#include "runtime/python/gil.h"
#include "runtime/python/py_util.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

// The allocator of storages over an exported buffer: the context is the
// heap Py_buffer; freeing releases it. Storages may die on any thread and
// after the interpreter began finalizing: then the exporter is being torn
// down anyway and its reference is left alone.
void* no_malloc(void*, ptrdiff_t) { return nullptr; }

void release_buffer(void* ctx, void*) {
  auto* view = static_cast<Py_buffer*>(ctx);
#if PY_VERSION_HEX >= 0x030D0000
  const bool finalizing = Py_IsFinalizing();
#else
  const bool finalizing = _Py_IsFinalizing();
#endif
  if (Py_IsInitialized() && !finalizing) {
    PyGILState_STATE state = PyGILState_Ensure();
    PyBuffer_Release(view);
    PyGILState_Release(state);
  }
  delete view;
}

THAllocator buffer_allocator = {no_malloc, nullptr, release_buffer};

// Kind of element a struct-module format letter names.
enum class Kind { Bool, Signed, Unsigned, Floating, Other };

Kind format_kind(char c) {
  switch (c) {
    case '?': return Kind::Bool;
    case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': return Kind::Signed;
    case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': return Kind::Unsigned;
    case 'e': case 'f': case 'd': case 'g': return Kind::Floating;
    default: return Kind::Other;
  }
}

}  // namespace

Py_buffer* BufferView::release_to_heap() {
  auto* heap = new Py_buffer(view_);
  held_ = false;
  return heap;
}

bool is_buffer_array(PyObject* o) {
  return PyObject_CheckBuffer(o) && !PyBytes_Check(o) && !PyUnicode_Check(o) && !is_tensor(o);
}

DType buffer_dtype(const Py_buffer& view, const char* op, const char* arg) {
  const char* format = view.format ? view.format : "B";
  const char* letters = format;
  char order = '@';
  if (*letters && std::strchr("@=<>!", *letters)) order = *letters++;
  const bool single = letters[0] && !letters[1];
  const Kind kind = single ? format_kind(letters[0]) : Kind::Other;
  const Py_ssize_t size = view.itemsize;
#if PY_BIG_ENDIAN
  const bool foreign = order == '<';
#else
  const bool foreign = order == '>' || order == '!';
#endif
  if (foreign && size > 1)
    raise(PyExc_ValueError,
          "%s: the array's byte order (format '%s') is not the machine's; ember tensors hold native byte order "
          "(convert with array.astype(array.dtype.newbyteorder('=')) first) (argument '%s')",
          op, format, arg);
  for (int i = 0; i < kNumDTypes && kind != Kind::Other; ++i) {
    // A letter of the same kind names the type too: NumPy's int64 is 'l'.
    const char* mine = kDTypeInterop[i].format;
    if (mine && format_kind(mine[0]) == kind && kDTypeInfo[i].size == size) return static_cast<DType>(i);
  }
  // NumPy's name for what ember lacks, where the format says it.
  const char* what = format;
  if (kind == Kind::Unsigned) what = size == 2 ? "uint16" : size == 4 ? "uint32" : size == 8 ? "uint64" : format;
  if (kind == Kind::Floating && size > 8) what = "longdouble";
  if (letters[0] == 'Z') what = "complex";
  raise(PyExc_TypeError,
        "%s: cannot convert elements of %s (format '%s', %zd bytes); ember's dtypes are bool, uint8, int8, int16, "
        "int32, int64, float16, float32, float64 (and bfloat16) (argument '%s')",
        op, what, format, size, arg);
}

bool buffer_is_addressable(const Py_buffer& view, const char** why) {
  const Py_ssize_t size = view.itemsize;
  if (reinterpret_cast<uintptr_t>(view.buf) % static_cast<uintptr_t>(size) != 0) {
    *why = "its data is not aligned to its element size";
    return false;
  }
  for (int d = 0; d < view.ndim && view.strides; ++d) {
    if (view.strides[d] < 0) {
      *why = "it has a negative stride, which ember tensors cannot represent";
      return false;
    }
    if (view.strides[d] % size != 0) {
      *why = "a stride is not a multiple of its element size";
      return false;
    }
  }
  return true;
}

Tensor tensor_over_buffer(Py_buffer* view, DType dtype, bool owned) {
  const int ndim = view->ndim;
  const int64_t esize = view->itemsize;
  std::vector<int64_t> sizes(static_cast<size_t>(ndim)), strides(static_cast<size_t>(ndim));
  int64_t numel = 1;
  for (int d = 0; d < ndim; ++d) {
    sizes[d] = view->shape ? view->shape[d] : view->len / esize;
    numel *= sizes[d];
  }
  // No strides means C-contiguous.
  int64_t running = 1;
  for (int d = ndim - 1; d >= 0; --d) {
    strides[d] = view->strides ? view->strides[d] / esize : running;
    running *= sizes[d];
  }
  // The storage spans the elements the view can reach.
  int64_t extent = numel == 0 ? 0 : 1;
  StorageImpl* storage = nullptr;
  if (owned) {
    try {
      for (int d = 0; d < ndim && numel > 0; ++d)
        extent = checked_add(extent, checked_mul(sizes[d] - 1, strides[d], "from_numpy"), "from_numpy");
      storage = rt::storage_new_with_data(dtype, view->buf, extent, &buffer_allocator, view);
    } catch (...) {
      PyBuffer_Release(view);
      delete view;
      throw;
    }
    storage->flag &= static_cast<char>(~TH_STORAGE_RESIZABLE);  // the exporter owns the memory's size
  } else {
    for (int d = 0; d < ndim && numel > 0; ++d)
      extent = checked_add(extent, checked_mul(sizes[d] - 1, strides[d], "tensor"), "tensor");
    storage = rt::storage_new_with_data(dtype, view->buf, extent, &THDefaultAllocator, nullptr);
    storage->flag &= static_cast<char>(~(TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM));
  }
  Storage hold = Storage::adopt(storage);
  return Tensor::adopt(rt::tensor_new_with_storage(dtype, storage, 0, sizes, strides, ndim == 0));
}

Tensor tensor_from_buffer(Py_buffer& view, std::optional<DType> dtype, const char* op, const char* arg) {
  const DType src = buffer_dtype(view, op, arg);
  const DType dst = dtype.value_or(src);
  std::vector<int64_t> sizes(view.shape, view.shape + view.ndim);
  if (!view.shape && view.ndim == 1) sizes = {view.len / view.itemsize};
  Tensor out = empty(sizes, dst);
  const char* why = nullptr;
  if (buffer_is_addressable(view, &why)) {
    Tensor in = tensor_over_buffer(&view, src, false);
    GilRelease unlocked(out.numel() > kReleaseGilElements);
    out.copy_(in);
    return out;
  }
  // Negative or unaligned strides: gather the bytes first (CPython knows
  // every layout), then convert.
  Tensor packed = src == dst ? out : empty(sizes, src);
  if (view.len > 0 && PyBuffer_ToContiguous(packed.data_ptr(), &view, view.len, 'C') < 0) throw ErrorAlreadySet{};
  if (src != dst) out.copy_(packed);
  return out;
}

}  // namespace ember::python
