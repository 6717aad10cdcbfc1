// tensor[index] and tensor[index] = value, as PyTorch (NumPy's rules where
// PyTorch has no stricter one).
//
// Basic indexing (ints, slices with positive steps, None, ...) gives a view
// through select/slice/unsqueeze. Index tensors (integer tensors, lists,
// NumPy arrays; bool and uint8 tensors and Python bools as masks) make it
// advanced: the result is a copy. Differences from NumPy kept from PyTorch:
// an int is always basic (t[0, :, [0, 1]] has shape (3, 2) for t of shape
// (2, 3, 4), not (2, 3)); uint8 tensors are masks; a short list holding a
// slice, None, ..., a tensor or a sequence reads as a tuple (t[[0, 1], [1, 0]]
// and t[[[0, 1], [1, 0]]] are the same). Negative steps are an error, since
// ember tensors have no negative strides.
//
// Advanced indexing (Note [advanced indexing]): the index tensors broadcast
// to one shape B; when the indexed dims are adjacent, B replaces them in
// place, otherwise B comes first, followed by the remaining dims. Reads and
// writes copy whole elements (dtype-free); writes take the last value for
// an element indexed twice, as NumPy.
#include <cstring>
#include <string>
#include <vector>

#include "ember/error.h"
#include "ember/views.h"
#include "runtime/python/buffer_import.h"
#include "runtime/python/gil.h"
#include "runtime/python/interop.h"
#include "runtime/python/py_util.h"
#include "runtime/python/tensor_convert.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

namespace {

constexpr const char* kGet = "tensor[index]";
constexpr const char* kSet = "tensor[index] = value";

enum class Kind { Int, Slice, None, Ellipsis, Bool, Indices, Mask };

// One element of the index tuple.
struct Item {
  Kind kind;
  int64_t value = 0;        // Int; Bool (0 or 1)
  PyObject* slice = nullptr;  // Slice (borrowed from the index tuple)
  Tensor tensor;            // Indices (integral) or Mask (bool, uint8)
};

std::string shape_text(IntList sizes) { return rt::sizes_text(sizes); }

Item tensor_item(Tensor t, const char* op) {
  const DType d = t.dtype();
  if (is_floating(d))
    raise(PyExc_IndexError, "%s: tensors used as indices must be integer or bool tensors, got %s (argument 'index')", op,
          dtype_name(d));
  const bool mask = d == kBool || d == kByte;
  if (t.dim() == 0 && t.is_scalar()) {
    const int64_t v = t.item().to<int64_t>();
    return mask ? Item{Kind::Bool, v != 0} : Item{Kind::Int, v};
  }
  Item it{mask ? Kind::Mask : Kind::Indices};
  it.tensor = std::move(t);
  return it;
}

Item classify(PyObject* o, const char* op) {
  if (o == Py_None) return {Kind::None};
  if (o == Py_Ellipsis) return {Kind::Ellipsis};
  if (PySlice_Check(o)) return {Kind::Slice, 0, o};
  if (PyBool_Check(o)) return {Kind::Bool, o == Py_True};
  if (PyLong_Check(o)) return {Kind::Int, to_int64(o, op, "index", PyExc_IndexError)};
  if (is_tensor(o)) return tensor_item(unwrap(o), op);
  if (is_buffer_array(o) || PyList_Check(o) || PyTuple_Check(o)) {
    Tensor t = tensor_from_data(o, std::nullopt, op, "index");
    if (t.numel() == 0 && !is_buffer_array(o)) t = t.to(kLong);  // t[[]] selects nothing
    return tensor_item(std::move(t), op);
  }
  if (PyIndex_Check(o) && !PyFloat_Check(o)) return {Kind::Int, to_int64(o, op, "index", PyExc_IndexError)};
  raise(PyExc_IndexError,
        "%s: only integers, slices (`:`), ellipsis (`...`), None, bools and integer or bool tensors are valid indices "
        "(got %s) (argument 'index')",
        op, type_name(o));
}

// PyTorch's treatSequenceAsTuple: a short non-tuple sequence holding a
// slice, None, ..., a tensor or a sequence is a tuple of indices.
bool sequence_is_tuple(PyObject* index) {
  if (!PyList_Check(index)) return false;
  const Py_ssize_t n = PyList_GET_SIZE(index);
  if (n >= 32) return false;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* o = PyList_GET_ITEM(index, i);
    if (o == Py_None || o == Py_Ellipsis || PySlice_Check(o) || is_tensor(o) || PyList_Check(o) || PyTuple_Check(o) ||
        is_buffer_array(o))
      return true;
  }
  return false;
}

std::vector<Item> parse(PyObject* index, const char* op) {
  std::vector<Item> items;
  if (PyTuple_Check(index) || sequence_is_tuple(index)) {
    PyRef seq = PyRef::steal(PySequence_Fast(index, "index"));
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.get());
    items.reserve(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) items.push_back(classify(PySequence_Fast_GET_ITEM(seq.get(), i), op));
  } else {
    items.push_back(classify(index, op));
  }
  return items;
}

// The coordinates of the nonzero elements of a k-dim mask: k int64
// tensors of one dim each.
std::vector<Tensor> mask_coordinates(const Tensor& mask) {
  const int64_t k = mask.dim();
  const std::vector<int64_t> sizes = mask.shape();
  const std::vector<int64_t> strides = mask.strides().vec();
  std::vector<std::vector<int64_t>> coords(static_cast<size_t>(k));
  const char* base = static_cast<const char*>(mask.data_ptr());  // one byte per element (bool, uint8)
  if (mask.numel() > 0) {
    std::vector<int64_t> pos(static_cast<size_t>(k), 0);
    int64_t off = 0;
    while (true) {
      if (base[off])
        for (int64_t d = 0; d < k; ++d) coords[d].push_back(pos[d]);
      int64_t d = k - 1;
      for (; d >= 0; --d) {
        off += strides[d];
        if (++pos[d] < sizes[d]) break;
        off -= strides[d] * sizes[d];
        pos[d] = 0;
      }
      if (d < 0) break;
    }
  }
  std::vector<Tensor> out;
  for (int64_t d = 0; d < k; ++d) out.push_back(from_vector(coords[d], {static_cast<int64_t>(coords[d].size())}));
  return out;
}

// The view basic indexing gives, and the index tensor of each of its dims
// (undefined where the dim is not indexed).
struct Indexed {
  Tensor view;
  std::vector<Tensor> indices;
  bool advanced = false;
};

// The view's geometry, built item by item; the view is made once at the
// end (select/slice/unsqueeze semantics, without a tensor per step).
struct Geometry {
  std::vector<int64_t> sizes, strides;
  int64_t offset;

  void insert(size_t dim) {  // a dim of size 1 (unsqueeze)
    const int64_t stride = dim < sizes.size() ? sizes[dim] * strides[dim] : 1;
    sizes.insert(sizes.begin() + static_cast<std::ptrdiff_t>(dim), 1);
    strides.insert(strides.begin() + static_cast<std::ptrdiff_t>(dim), stride);
  }
};

Indexed apply(const Tensor& self, PyObject* index, const char* op) {
  std::vector<Item> items = parse(index, op);
  int64_t consumed = 0;
  int ellipses = 0;
  for (const Item& it : items) {
    if (it.kind == Kind::Int || it.kind == Kind::Slice || it.kind == Kind::Indices) consumed += 1;
    if (it.kind == Kind::Mask) consumed += it.tensor.dim();
    if (it.kind == Kind::Ellipsis) ++ellipses;
  }
  if (ellipses > 1) raise(PyExc_IndexError, "%s: an index can only have a single ellipsis ('...') (argument 'index')", op);
  const int64_t ndim = self.dim();
  if (consumed > ndim) {
    if (ndim == 0 && self.is_scalar())
      raise(PyExc_IndexError,
            "%s: a 0-dim tensor has no dims to index (use tensor.item() for its number) (argument 'index')", op);
    raise(PyExc_IndexError, "%s: too many indices for a tensor of %lld dims (argument 'index')", op,
          static_cast<long long>(ndim));
  }
  Geometry g{self.shape(), self.strides().vec(), self.storage_offset()};
  Indexed r;
  int64_t real_dim = 0;  // the dim of `self` the next item indexes, for messages
  for (const Item& it : items) {
    const size_t dim = r.indices.size();  // the dim of the view the next item indexes
    switch (it.kind) {
      case Kind::Int: {
        const int64_t size = g.sizes[dim];
        if (it.value < -size || it.value >= size)
          raise(PyExc_IndexError, "%s: index %lld is out of range for dim %lld of size %lld (argument 'index')", op,
                static_cast<long long>(it.value), static_cast<long long>(real_dim), static_cast<long long>(size));
        g.offset += (it.value < 0 ? it.value + size : it.value) * g.strides[dim];
        g.sizes.erase(g.sizes.begin() + static_cast<std::ptrdiff_t>(dim));
        g.strides.erase(g.strides.begin() + static_cast<std::ptrdiff_t>(dim));
        ++real_dim;
        break;
      }
      case Kind::Slice: {
        // Python's own slice semantics (clamping, negative bounds), as
        // ember::slice; only positive steps.
        Py_ssize_t start, stop, step;
        check_py(PySlice_Unpack(it.slice, &start, &stop, &step) == 0);
        if (step < 0)
          raise(PyExc_ValueError,
                "%s: slice steps must be positive, got %zd (ember tensors have no negative strides; use flip) "
                "(argument 'index')", op, step);
        const Py_ssize_t length = PySlice_AdjustIndices(static_cast<Py_ssize_t>(g.sizes[dim]), &start, &stop, step);
        int64_t stride;
        if (__builtin_mul_overflow(g.strides[dim], static_cast<int64_t>(step), &stride)) {
          if (length > 1) raise(PyExc_MemoryError, "%s: the slice's stride overflows (argument 'index')", op);
          stride = g.strides[dim];  // one element: the stride is never used
        }
        if (length > 0) g.offset += start * g.strides[dim];
        g.sizes[dim] = length;
        g.strides[dim] = stride;
        r.indices.emplace_back();
        ++real_dim;
        break;
      }
      case Kind::None:
        g.insert(dim);
        r.indices.emplace_back();
        break;
      case Kind::Ellipsis:
        for (int64_t i = 0; i < ndim - consumed; ++i) r.indices.emplace_back();
        real_dim += ndim - consumed;
        break;
      case Kind::Bool:  // a new dim of size 1, indexed by [0] (true) or [] (false)
        g.insert(dim);
        r.indices.push_back(it.value ? zeros({1}, kLong) : empty({0}, kLong));
        break;
      case Kind::Indices:
        r.indices.push_back(it.tensor);
        ++real_dim;
        break;
      case Kind::Mask: {
        const int64_t k = it.tensor.dim();
        const IntList have = it.tensor.sizes();
        const IntList want(g.sizes.data() + dim, static_cast<size_t>(k));
        if (have != want)
          raise(PyExc_IndexError,
                "%s: the shape of the mask %s at index dim %lld does not match the shape %s of the indexed tensor "
                "there (argument 'index')",
                op, shape_text(have).c_str(), static_cast<long long>(real_dim), shape_text(want).c_str());
        if (it.tensor.device().is_cpu()) {
          for (Tensor& c : mask_coordinates(it.tensor)) r.indices.push_back(std::move(c));
        } else {  // the coordinates of a device mask, found on its device
          const Tensor nz = ember::nonzero(it.tensor);
          for (int64_t j = 0; j < k; ++j) r.indices.push_back(nz.select(1, j));
        }
        real_dim += k;
        break;
      }
    }
  }
  if (!self.impl()->storage && g.sizes == self.shape()) {
    r.view = self;  // TH's empty tensor, untouched (it has no storage to view)
  } else {
    r.view = Tensor::adopt(
        rt::tensor_new_with_storage(self.dtype(), self.impl()->storage, g.offset, g.sizes, g.strides, g.sizes.empty()));
  }
  r.indices.resize(g.sizes.size());
  for (const Tensor& t : r.indices) r.advanced = r.advanced || t.defined();
  return r;
}

// Offsets (in elements) of every position of `sizes` walked row-major
// with `strides`.
std::vector<int64_t> offsets(const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(n));
  if (n == 0) return out;
  const int64_t k = static_cast<int64_t>(sizes.size());
  std::vector<int64_t> pos(static_cast<size_t>(k), 0);
  int64_t off = 0;
  while (true) {
    out.push_back(off);
    int64_t d = k - 1;
    for (; d >= 0; --d) {
      off += strides[d];
      if (++pos[d] < sizes[d]) break;
      off -= strides[d] * sizes[d];
      pos[d] = 0;
    }
    if (d < 0) return out;
  }
}

// Note [advanced indexing]: where each element of the result lives in the
// view. The result walks (outer dims) x B x (inner dims); its element's
// offset is outer[o] + adv[b] + inner[i].
struct Gather {
  std::vector<int64_t> shape;
  std::vector<int64_t> outer, adv, inner;
  bool inner_dense = false;  // inner[i] == inner[0] + i: each (outer, adv) pair moves one run

  Gather(const Indexed& r, const char* op) {
    const Tensor& view = r.view;
    const int64_t n = view.dim();
    std::vector<int64_t> dims;  // indexed dims
    for (int64_t d = 0; d < n; ++d)
      if (r.indices[d].defined()) dims.push_back(d);
    // The broadcast shape of the index tensors.
    std::vector<int64_t> b;
    std::string shapes;
    for (int64_t d : dims) {
      const IntList s = r.indices[d].sizes();
      shapes += (shapes.empty() ? "" : ", ") + shape_text(s);
      const size_t m = std::max(b.size(), s.size());
      std::vector<int64_t> next(m);
      bool ok = true;
      for (size_t i = 0; i < m; ++i) {
        const int64_t x = i < m - b.size() ? 1 : b[i - (m - b.size())];
        const int64_t y = i < m - s.size() ? 1 : s[i - (m - s.size())];
        ok = ok && (x == y || x == 1 || y == 1);
        next[i] = x == 1 ? y : x;
      }
      if (!ok)
        raise(PyExc_IndexError, "%s: shape mismatch: the index tensors cannot broadcast together (shapes %s) "
              "(argument 'index')", op, shapes.c_str());
      b = std::move(next);
    }
    // Their combined offsets, checking every index against its dim.
    int64_t bn = 1;
    for (int64_t s : b) bn *= s;
    adv.assign(static_cast<size_t>(bn), 0);
    for (int64_t d : dims) {
      Tensor idx = empty(b, kLong);
      idx.copy_(r.indices[d]);  // broadcast and widen to int64
      const int64_t* v = idx.data<int64_t>();
      const int64_t size = view.sizes()[d], stride = view.strides()[d];
      for (int64_t k = 0; k < bn; ++k) {
        int64_t i = v[k];
        if (i < -size || i >= size)
          raise(PyExc_IndexError, "%s: index %lld is out of range for dim %lld of size %lld (argument 'index')", op,
                static_cast<long long>(i), static_cast<long long>(d), static_cast<long long>(size));
        if (i < 0) i += size;
        adv[k] += i * stride;
      }
    }
    // The other dims: around B when the indexed dims are adjacent, after it otherwise.
    bool adjacent = true;
    for (size_t i = 1; i < dims.size(); ++i) adjacent = adjacent && dims[i] == dims[i - 1] + 1;
    std::vector<int64_t> outer_sizes, outer_strides, inner_sizes, inner_strides;
    for (int64_t d = 0; d < n; ++d) {
      if (r.indices[d].defined()) continue;
      const bool before = adjacent && d < dims.front();
      (before ? outer_sizes : inner_sizes).push_back(view.sizes()[d]);
      (before ? outer_strides : inner_strides).push_back(view.strides()[d]);
    }
    shape = outer_sizes;
    shape.insert(shape.end(), b.begin(), b.end());
    shape.insert(shape.end(), inner_sizes.begin(), inner_sizes.end());
    outer = offsets(outer_sizes, outer_strides);
    inner = offsets(inner_sizes, inner_strides);
    inner_dense = inner.size() > 1;
    for (size_t i = 1; inner_dense && i < inner.size(); ++i) inner_dense = inner[i] == inner[0] + static_cast<int64_t>(i);
  }

  int64_t numel() const {
    return static_cast<int64_t>(outer.size()) * static_cast<int64_t>(adv.size()) * static_cast<int64_t>(inner.size());
  }

  // Visits (view offset, result position, elements) runs in result
  // order: whole inner runs when they are dense (t[rows] of a matrix
  // copies rows: 2.1-2.3 ms element by element for 2048 rows of 2048
  // float32, against NumPy's 1.65), else single elements.
  template <class Fn>
  void each_run(Fn&& fn) const {
    int64_t k = 0;
    const int64_t run = static_cast<int64_t>(inner.size());
    for (int64_t o : outer)
      for (int64_t a : adv) {
        if (inner_dense) {
          fn(o + a + inner[0], k, run);
          k += run;
          continue;
        }
        for (int64_t i : inner) fn(o + a + i, k++, int64_t{1});
      }
  }
};

// n elements of E from src to dst; one element as one move, not a call.
template <class E>
void move_run(char* dst, const char* src, int64_t n) {
  if (n == 1)
    std::memcpy(dst, src, sizeof(E));
  else
    std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(E));
}

template <class E>
void gather_elements(const Gather& g, const char* src, char* dst) {
  g.each_run([&](int64_t from, int64_t to, int64_t n) { move_run<E>(dst + to * sizeof(E), src + from * sizeof(E), n); });
}

template <class E>
void scatter_elements(const Gather& g, const char* src, char* dst) {
  g.each_run([&](int64_t to, int64_t from, int64_t n) { move_run<E>(dst + to * sizeof(E), src + from * sizeof(E), n); });
}

// Copies whole elements between the view's addresses and a contiguous
// tensor of the result's shape (`read`: view -> flat, else flat -> view).
void move_elements(const Gather& g, const Tensor& view, const Tensor& flat, bool read) {
  if (g.numel() == 0) return;
  char* v = static_cast<char*>(view.data_ptr());
  char* f = static_cast<char*>(flat.data_ptr());
  GilRelease unlocked(g.numel() > kReleaseGilElements);
  switch (view.element_size()) {
#define EMBER_MOVE_CASE(bytes, E)                              \
  case bytes:                                                  \
    read ? gather_elements<E>(g, v, f) : scatter_elements<E>(g, f, v); \
    return;
    EMBER_MOVE_CASE(1, uint8_t)
    EMBER_MOVE_CASE(2, uint16_t)
    EMBER_MOVE_CASE(4, uint32_t)
    EMBER_MOVE_CASE(8, uint64_t)
#undef EMBER_MOVE_CASE
  }
  fail(ErrorKind::Runtime, "index: unexpected element size");
}

// The value of an assignment as a tensor (numbers and lists of target's
// dtype), not sharing memory with `target` (a copy when it does, so that
// overlapping assignments read the old values). value_tensor then fits it
// to the indexed shape: leading size-1 dims beyond it dropped, as NumPy
// does, and a shape that does not broadcast refused.
Tensor value_of(PyObject* value, const Tensor& target) {
  const DType dtype = target.dtype();
  Tensor v;
  if (is_tensor(value)) {
    v = unwrap(value);
    if (v.impl()->storage && v.impl()->storage == target.impl()->storage) v = v.clone();
  } else if (is_number_like(value)) {
    v = empty({}, dtype);
    store_number(to_number(value, kSet, "value"), dtype, v.data_ptr(), kSet, "value");
  } else if (PyList_Check(value) || PyTuple_Check(value) || is_buffer_array(value)) {
    v = tensor_from_data(value, dtype, kSet, "value");
  } else {
    raise(PyExc_TypeError, "%s: cannot assign a %s to a tensor (argument 'value')", kSet, type_name(value));
  }
  return v;
}

// The value of an assignment fitted to the indexed `shape` (value_of).
Tensor value_tensor(PyObject* value, const Tensor& target, IntList shape) {
  Tensor v = value_of(value, target);
  while (v.dim() > static_cast<int64_t>(shape.size()) && v.sizes()[0] == 1) v = Tensor::adopt(rt::squeeze_dim(v.impl(), 0));
  const size_t n = shape.size(), m = static_cast<size_t>(v.dim());
  bool ok = m <= n;
  for (size_t i = 0; ok && i < m; ++i) ok = v.sizes()[i] == 1 || v.sizes()[i] == shape[n - m + i];
  if (!ok)
    raise(PyExc_ValueError, "%s: shape mismatch: a value of shape %s cannot be broadcast to the indexed shape %s "
          "(argument 'value')", kSet, shape_text(v.sizes()).c_str(), shape_text(shape).c_str());
  return v;
}

}  // namespace

PyObject* tensor_getitem(PyObject* self, PyObject* index) {
  INTEROP_BEGIN
  const Tensor& t = unwrap(self);
  // t[mask], a bool mask of t's shape: masked_select's branch-free
  // selection (Note [branch-free selection] in kernels/masked.h), 20x
  // faster than the mask's coordinates and a gather by them.
  if (is_tensor(index)) {
    const Tensor& mask = unwrap(index);
    if (mask.dtype() == kBool && mask.dim() >= 1 && mask.sizes() == t.sizes() && mask.device() == t.device()) {
      GilRelease unlocked(true);
      return wrap(ember::masked_select(t, mask));
    }
  }
  Indexed r = apply(t, index, kGet);
  if (!r.advanced) return wrap(std::move(r.view));
  if (!t.device().is_cpu()) {  // the runtime's advanced indexing, which runs on the device
    GilRelease unlocked(true);
    return wrap(ember::index(r.view, r.indices));
  }
  const Gather g(r, kGet);
  Tensor out = empty(g.shape, t.dtype());
  move_elements(g, r.view, out, true);
  return wrap(std::move(out));
  INTEROP_END(nullptr)
}

int tensor_setitem(PyObject* self, PyObject* index, PyObject* value) {
  INTEROP_BEGIN
  if (!value) raise(PyExc_TypeError, "tensors do not support deleting elements");
  const Tensor& t = unwrap(self);
  Indexed r = apply(t, index, kSet);
  const bool on_cpu = t.device().is_cpu();
  if (!r.advanced) {
    // t[i, j] = x on the CPU: no kernel.
    if (on_cpu && r.view.numel() == 1 && !is_tensor(value) && is_number_like(value)) {
      store_number(to_number(value, kSet, "value"), t.dtype(), r.view.data_ptr(), kSet, "value");
      return 0;
    }
    // A value on another device (a number or list is made on the host) is
    // moved to the view's first, as PyTorch does.
    Tensor v = value_tensor(value, r.view, r.view.sizes());
    if (v.device() != t.device()) v = v.to(t.device());
    GilRelease unlocked(r.view.numel() > kReleaseGilElements);
    r.view.copy_(v);
    return 0;
  }
  if (!on_cpu) {  // the runtime's index_put_, which checks that the value broadcasts
    Tensor v = value_of(value, r.view);
    if (v.device() != t.device()) v = v.to(t.device());
    if (v.dtype() != t.dtype()) v = v.to(t.dtype());
    GilRelease unlocked(true);
    ember::index_put_(r.view, r.indices, v);
    return 0;
  }
  const Gather g(r, kSet);
  const Tensor v = value_tensor(value, r.view, g.shape);
  Tensor flat = empty(g.shape, t.dtype());
  {
    GilRelease unlocked(flat.numel() > kReleaseGilElements);
    flat.copy_(v);  // broadcast and convert
  }
  move_elements(g, r.view, flat, false);
  return 0;
  INTEROP_END(-1)
}

}  // namespace ember::python
