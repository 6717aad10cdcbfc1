#include "runtime/python/tensor_convert.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "ember/error.h"
#include "runtime/python/buffer_import.h"
#include "runtime/python/py_util.h"
#include "runtime/python/tensor_object.h"
#include "runtime/core/visit_dtype.h"

namespace ember::python {

namespace {

template <class T>
constexpr bool kIsFloating = std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

template <class T>
Number number_of(T v, DType dtype) {
  Number n{Number::Kind::Int, 0, 0, dtype};
  if constexpr (std::is_same_v<T, bool>) {
    n.kind = Number::Kind::Bool;
    n.i = v;
  } else if constexpr (kIsFloating<T>) {
    n.kind = Number::Kind::Float;
    if constexpr (std::is_floating_point_v<T>) n.d = static_cast<double>(v);
    else n.d = static_cast<float>(v);
  } else {
    n.i = static_cast<int64_t>(v);
  }
  return n;
}

// Element `p` of `dtype` as a Number (p may be unaligned). A bool element
// is read as its byte: memory from outside (a mapped file, a buffer) may
// hold bytes other than 0 and 1, and loading those as bool is undefined.
Number read_number(DType dtype, const void* p) {
  if (dtype == DType::Bool) return number_of(*static_cast<const unsigned char*>(p) != 0, dtype);
  return visit_dtype(dtype, [&](auto tag) {
    typename decltype(tag)::type v;
    std::memcpy(&v, p, sizeof v);
    return number_of(v, dtype);
  });
}

std::string number_text(const Number& n) {
  if (n.kind == Number::Kind::Float) {
    PyRef text = PyRef::steal(PyObject_Repr(PyRef::steal(PyFloat_FromDouble(n.d)).get()));
    return PyUnicode_AsUTF8(text.get());
  }
  return std::to_string(n.i);
}

[[noreturn]] void overflow(const Number& n, DType dtype, const char* op, const char* arg) {
  raise(PyExc_ValueError, "%s: value %s cannot be converted to %s without overflow (argument '%s')", op,
        number_text(n).c_str(), dtype_name(dtype), arg);
}

template <class T>
void store(const Number& n, DType dtype, void* dst, const char* op, const char* arg) {
  T v;
  if constexpr (std::is_same_v<T, bool>) {
    v = n.kind == Number::Kind::Float ? n.d != 0 : n.i != 0;
  } else if constexpr (kIsFloating<T>) {
    const double d = n.kind == Number::Kind::Float ? n.d : static_cast<double>(n.i);
    if constexpr (std::is_floating_point_v<T>) v = static_cast<T>(d);
    else v = T(static_cast<float>(d));
  } else {
    using limits = std::numeric_limits<T>;
    if (n.kind == Number::Kind::Float) {
      // In range after truncation; 2^63 itself is out of int64's range,
      // and NaN compares false.
      const double hi = sizeof(T) == 8 ? 9223372036854775808.0 : static_cast<double>(limits::max()) + 1;
      if (!(n.d > static_cast<double>(limits::lowest()) - 1 && n.d < hi)) overflow(n, dtype, op, arg);
      v = static_cast<T>(static_cast<int64_t>(n.d));
    } else {
      // As PyTorch: unsigned dtypes take negative values down to -max
      // (they wrap, so that uint8 -1 is 255).
      const int64_t i = n.i;
      const bool fits = limits::is_signed
                            ? i >= static_cast<int64_t>(limits::lowest()) && i <= static_cast<int64_t>(limits::max())
                            : i <= static_cast<int64_t>(limits::max()) && i >= -static_cast<int64_t>(limits::max());
      if (!fits) overflow(n, dtype, op, arg);
      v = static_cast<T>(i);
    }
  }
  std::memcpy(dst, &v, sizeof v);
}

bool is_sequence(PyObject* o) {
  if (PyList_Check(o) || PyTuple_Check(o)) return true;
  if (is_tensor(o) || PyUnicode_Check(o) || PyBytes_Check(o) || is_buffer_array(o)) return false;
  return PySequence_Check(o);
}

// A buffer with shape and strides, or TypeError naming the object.
void get_array(BufferView& b, PyObject* o, const char* op, const char* arg) {
  if (b.get(o, PyBUF_RECORDS_RO)) return;
  PyObject *type, *value, *trace;
  PyErr_Fetch(&type, &value, &trace);
  PyRef why = PyRef::steal(value ? PyObject_Str(value) : PyUnicode_FromString("no buffer"));
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(trace);
  raise(PyExc_TypeError, "%s: cannot read the elements of a %s (%U) (argument '%s')", op, type_name(o), why.get(), arg);
}

std::vector<int64_t> buffer_shape(const Py_buffer& view) {
  return std::vector<int64_t>(view.shape, view.shape + view.ndim);
}

// Reads nested data in three passes: its shape (down the first elements),
// its dtype (every leaf, when not given), then every value.
class DataReader {
 public:
  DataReader(const char* op, const char* arg) : op_(op), arg_(arg) {}

  Tensor read(PyObject* data, std::optional<DType> dtype) {
    if (is_buffer_array(data)) {  // one array: convert it in one go
      BufferView b;
      get_array(b, data, op_, arg_);
      return tensor_from_buffer(b.view(), dtype, op_, arg_);
    }
    infer_shape(data);
    if (!dtype) {
      infer_dtype(data, 0);
      dtype = inferred_.value_or(default_dtype());
    }
    Tensor out = empty(shape_, *dtype);
    out_ = &out;
    std::vector<int64_t> byte_strides(shape_.size());
    for (size_t d = 0; d < shape_.size(); ++d)
      byte_strides[d] = out.stride(static_cast<int64_t>(d)) * static_cast<int64_t>(out.element_size());
    strides_ = byte_strides.data();
    // Also without elements: the walk checks the data is rectangular.
    fill(data, 0, static_cast<char*>(out.data_ptr()));
    return out;
  }

 private:
  void push_dim(int64_t n) {
    if (shape_.size() >= EMBER_MAX_DIMS)
      raise(PyExc_ValueError, "%s: the data has more than %d dims (argument '%s')", op_, EMBER_MAX_DIMS, arg_);
    shape_.push_back(n);
  }

  void infer_shape(PyObject* data) {
    PyRef cur = PyRef::borrow(data);
    while (true) {
      if (is_tensor(cur.get())) {
        for (int64_t s : unwrap(cur.get()).sizes()) push_dim(s);
        return;
      }
      if (is_buffer_array(cur.get())) {
        BufferView b;
        get_array(b, cur.get(), op_, arg_);
        for (int64_t s : buffer_shape(*b)) push_dim(s);
        return;
      }
      if (!is_sequence(cur.get())) return;
      const Py_ssize_t n = PySequence_Size(cur.get());
      check_py(n >= 0);
      push_dim(n);
      if (n == 0) return;
      cur = PyRef::steal(PySequence_GetItem(cur.get(), 0));
    }
  }

  void promote(DType d) { inferred_ = inferred_ ? promote_types(*inferred_, d) : d; }

  void infer_dtype(PyObject* o, size_t depth) {
    if (PyFloat_CheckExact(o)) return promote(default_dtype());
    if (PyBool_Check(o)) return promote(kBool);
    if (PyLong_CheckExact(o)) return promote(kLong);
    if (is_tensor(o)) return promote(unwrap(o).dtype());
    if (is_buffer_array(o)) {
      BufferView b;
      get_array(b, o, op_, arg_);
      return promote(buffer_dtype(*b, op_, arg_));
    }
    if (is_sequence(o)) {
      if (depth > shape_.size()) ragged(depth, o);
      PyRef seq = PyRef::steal(PySequence_Fast(o, "not a sequence"));
      const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.get());
      for (Py_ssize_t i = 0; i < n; ++i) infer_dtype(PySequence_Fast_GET_ITEM(seq.get(), i), depth + 1);
      return;
    }
    promote(to_number(o, op_, arg_).dtype);
  }

  [[noreturn]] void ragged(size_t depth, PyObject* o) {
    if (depth >= shape_.size())
      raise(PyExc_ValueError, "%s: expected a number at dim %zu, got a %s (the data is ragged) (argument '%s')", op_,
            depth, type_name(o), arg_);
    raise(PyExc_ValueError, "%s: expected a sequence of length %lld at dim %zu, got a %s (the data is ragged) (argument '%s')",
          op_, static_cast<long long>(shape_[depth]), depth, type_name(o), arg_);
  }

  // The block of the output at `dst` for dims depth.. as a tensor.
  Tensor block(char* dst, size_t depth) {
    const std::vector<int64_t> sizes(shape_.begin() + static_cast<std::ptrdiff_t>(depth), shape_.end());
    const int64_t offset = (dst - static_cast<char*>(out_->data_ptr())) / static_cast<int64_t>(out_->element_size());
    return Tensor::adopt(rt::tensor_new_with_storage(out_->dtype(), out_->storage().impl(), offset, sizes, {},
                                                     sizes.empty()));
  }

  void check_block_shape(IntList have, size_t depth, PyObject* o) {
    const IntList want(shape_.data() + depth, shape_.size() - depth);
    if (have != want)
      raise(PyExc_ValueError, "%s: expected shape %s at dim %zu, got a %s of shape %s (the data is ragged) (argument '%s')",
            op_, rt::sizes_text(want).c_str(), depth, type_name(o), rt::sizes_text(have).c_str(), arg_);
  }

  void fill(PyObject* o, size_t depth, char* dst) {
    const DType dtype = out_->dtype();
    if (depth == shape_.size() && !is_sequence(o)) {
      if (is_tensor(o) && unwrap(o).dim() != 0) ragged(depth, o);
      return store_number(to_number(o, op_, arg_), dtype, dst, op_, arg_);
    }
    if (is_tensor(o)) {
      const Tensor& t = unwrap(o);
      check_block_shape(t.sizes(), depth, o);
      block(dst, depth).copy_(t);
      return;
    }
    if (is_buffer_array(o)) {
      BufferView b;
      get_array(b, o, op_, arg_);
      check_block_shape(buffer_shape(*b), depth, o);
      block(dst, depth).copy_(tensor_from_buffer(b.view(), std::nullopt, op_, arg_));
      return;
    }
    if (depth == shape_.size() || !is_sequence(o)) ragged(depth, o);
    PyRef seq = PyRef::steal(PySequence_Fast(o, "not a sequence"));
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.get());
    if (n != shape_[depth])
      raise(PyExc_ValueError, "%s: expected a sequence of length %lld at dim %zu, got length %zd (the data is ragged) "
            "(argument '%s')", op_, static_cast<long long>(shape_[depth]), depth, n, arg_);
    PyObject** items = PySequence_Fast_ITEMS(seq.get());
    const int64_t stride = strides_[depth];
    if (depth + 1 == shape_.size()) {
      // The innermost dim: numbers, with the common Python types inline.
      for (Py_ssize_t i = 0; i < n; ++i, dst += stride) {
        PyObject* item = items[i];
        if (PyFloat_CheckExact(item) && dtype == kFloat) {
          const float v = static_cast<float>(PyFloat_AS_DOUBLE(item));
          std::memcpy(dst, &v, sizeof v);
        } else if (PyFloat_CheckExact(item) && dtype == kDouble) {
          const double v = PyFloat_AS_DOUBLE(item);
          std::memcpy(dst, &v, sizeof v);
        } else {
          fill(item, depth + 1, dst);
        }
      }
      return;
    }
    for (Py_ssize_t i = 0; i < n; ++i, dst += stride) fill(items[i], depth + 1, dst);
  }

  const char* op_;
  const char* arg_;
  std::vector<int64_t> shape_;
  std::optional<DType> inferred_;
  Tensor* out_ = nullptr;
  const int64_t* strides_ = nullptr;
};

}  // namespace

Scalar Number::scalar() const {
  switch (kind) {
    case Kind::Bool: return Scalar(i != 0);
    case Kind::Int: return Scalar(i);
    case Kind::Float: return Scalar(d);
  }
  return Scalar(i);
}

bool is_number_like(PyObject* o) {
  if (PyBool_Check(o) || PyLong_Check(o) || PyFloat_Check(o)) return true;
  if (is_tensor(o)) return unwrap(o).dim() == 0 && unwrap(o).numel() == 1;
  if (is_buffer_array(o)) {
    BufferView b;
    if (!b.get(o, PyBUF_RECORDS_RO)) {
      PyErr_Clear();
      return false;
    }
    return b->ndim == 0;
  }
  return false;
}

Number to_number(PyObject* o, const char* op, const char* arg) {
  if (PyBool_Check(o)) return Number{Number::Kind::Bool, o == Py_True, 0, kBool};
  if (PyFloat_CheckExact(o)) return Number{Number::Kind::Float, 0, PyFloat_AS_DOUBLE(o), default_dtype()};
  if (is_tensor(o)) {
    const Tensor& t = unwrap(o);
    if (t.numel() != 1)
      raise(PyExc_ValueError, "%s: expected a number, got a tensor of %lld elements (argument '%s')", op,
            static_cast<long long>(t.numel()), arg);
    return read_number(t.dtype(), t.data_ptr());
  }
  if (!PyLong_CheckExact(o) && is_buffer_array(o)) {  // NumPy scalars, 0-d arrays
    BufferView b;
    get_array(b, o, op, arg);
    if (b->ndim != 0)
      raise(PyExc_ValueError, "%s: expected a number, got a %s with %d dims (argument '%s')", op, type_name(o), b->ndim,
            arg);
    return read_number(buffer_dtype(*b, op, arg), b->buf);
  }
  if (PyLong_Check(o)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow) raise(PyExc_ValueError, "%s: value %R does not fit in int64 (argument '%s')", op, o, arg);
    if (v == -1 && PyErr_Occurred()) throw ErrorAlreadySet{};
    return Number{Number::Kind::Int, v, 0, kLong};
  }
  if (PyFloat_Check(o)) return Number{Number::Kind::Float, 0, PyFloat_AsDouble(o), default_dtype()};
  if (PyComplex_Check(o))
    raise(PyExc_TypeError, "%s: complex numbers are not supported (ember has no complex dtype) (argument '%s')", op,
          arg);
  raise(PyExc_TypeError, "%s: expected a number, a sequence or an array, got %s (argument '%s')", op, type_name(o), arg);
}

void store_number(const Number& n, DType dtype, void* dst, const char* op, const char* arg) {
  visit_dtype(dtype, [&](auto tag) { store<typename decltype(tag)::type>(n, dtype, dst, op, arg); });
}

Tensor tensor_from_data(PyObject* data, std::optional<DType> dtype, const char* op, const char* arg) {
  return DataReader(op, arg).read(data, dtype);
}

PyObject* element_to_python(DType dtype, const void* p) {
  const Number n = read_number(dtype, p);
  switch (n.kind) {
    case Number::Kind::Bool: return PyBool_FromLong(n.i != 0);
    case Number::Kind::Int: return PyLong_FromLongLong(n.i);
    case Number::Kind::Float: return PyFloat_FromDouble(n.d);
  }
  return nullptr;
}

PyObject* tensor_item(const Tensor& t) {
  if (t.numel() != 1)
    fail(ErrorKind::Value,
         str("item: only a tensor with one element converts to a Python number, this one has ", t.numel()), "self");
  if (t.is_cuda()) return tensor_item(t.cpu());
  return element_to_python(t.dtype(), t.data_ptr());
}

namespace {

PyObject* tolist_from(const Tensor& t, const char* p, int64_t d, int64_t esize) {
  if (d == t.dim()) return element_to_python(t.dtype(), p);
  const int64_t n = t.sizes()[static_cast<size_t>(d)];
  const int64_t step = t.strides()[static_cast<size_t>(d)] * esize;
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(n));
  if (!list) return nullptr;
  for (int64_t i = 0; i < n; ++i) {
    PyObject* item = tolist_from(t, p + i * step, d + 1, esize);
    if (!item) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), item);
  }
  return list;
}

}  // namespace

PyObject* tensor_tolist(const Tensor& t) {
  if (t.dim() == 0 && !t.is_scalar()) return PyList_New(0);  // TH's empty tensor
  if (t.is_cuda()) return tensor_tolist(t.cpu());
  return tolist_from(t, static_cast<const char*>(t.data_ptr()), 0, static_cast<int64_t>(t.element_size()));
}

}  // namespace ember::python
