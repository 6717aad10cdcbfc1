// Python's operators on ember.Tensor: the number protocol, comparisons
// and the conversions of one-element tensors (bool, int, float, index).
//
// Which op each operator calls comes from the generated table
// (codegen/python_operators.py); this file holds the protocol: a tensor
// on either side, Python numbers as operands, reflected and in-place forms.
// Tensor op tensor and tensor op number call the op's C++ API directly
// (the fast path); everything else goes through the op's generated
// binding, so its overloads, messages and checks apply.
#include "runtime/python/operators.h"

#include "generated/python/operators.h"
#include "runtime/python/binding_support.h"
#include "runtime/python/generated_api.h"

namespace ember::python {

namespace {

const OperatorEntry& entry(Operator o) { return generated_operators()[static_cast<int>(o)]; }

PyObject* missing_op(const OperatorEntry& e) {
  PyErr_Format(PyExc_TypeError, "%s: ember has no op %s yet", e.dunder, e.wanted);
  return nullptr;
}

// The op's generated binding, called as ember.<op>(a, b) or a.<op>(b).
PyObject* call_binding(const OperatorEntry& e, PyObject* a, PyObject* b) {
  PyObject* args[2] = {a, b};
  const Py_ssize_t n = b ? 2 : 1;
  if (e.function) return e.function(nullptr, args, n, nullptr);
  if (e.method) return e.method(a, args + 1, n - 1, nullptr);
  return missing_op(e);
}

int kind_rank(DType d) { return static_cast<int>(info(d).kind); }  // bool < integral < floating

// A Python number on the left of a non-commutative operator (`2 - t`),
// as a 0-dim tensor whose dtype makes it promote as PyTorch promotes the
// number: it keeps `other`'s dtype unless it raises the category (an int
// with a bool tensor gives int64, a float with an integer tensor the
// default float dtype). Values are rounded to that dtype, as a number
// passed on the right is.
Tensor number_operand(PyObject* number, const Tensor& other, const char* dunder) {
  const Scalar s = number_to_scalar(number, dunder, "other");
  const DType wrapped = s.is_bool() ? DType::Bool : s.is_floating() ? default_dtype() : DType::Long;
  return scalar_tensor(s, kind_rank(wrapped) > kind_rank(other.dtype()) ? wrapped : other.dtype());
}

PyObject* fast(const OperatorEntry& e, const Tensor& a, const Tensor& b) {
  Tensor result;
  {
    GilRelease unlocked(heavy({&a, &b}));
    result = e.tensor_tensor(a, b);
  }
  return wrap(std::move(result));
}

PyObject* fast(const OperatorEntry& e, const Tensor& a, const Scalar& b) {
  Tensor result;
  {
    GilRelease unlocked(heavy({&a}));
    result = e.tensor_scalar(a, b);
  }
  return wrap(std::move(result));
}

// `tensor op other` where `tensor` is the tensor operand.
PyObject* forward(const OperatorEntry& e, PyObject* tensor, PyObject* other) {
  if (is_tensor(other)) {
    if (e.tensor_tensor) return fast(e, unwrap(tensor), unwrap(other));
    return call_binding(e, tensor, other);
  }
  if (!e.numbers || !is_number(other)) Py_RETURN_NOTIMPLEMENTED;
  if (e.tensor_scalar) return fast(e, unwrap(tensor), number_to_scalar(other, e.dunder, "other"));
  return call_binding(e, tensor, other);
}

PyObject* binary(Operator o, PyObject* a, PyObject* b) {
  const OperatorEntry& e = entry(o);
  EMBER_PY_BEGIN
  if (is_tensor(a)) {
    if (!e.op && (is_tensor(b) || (e.numbers && is_number(b)))) return missing_op(e);
    return forward(e, a, b);
  }
  // Reflected: only b is a tensor.
  if (!e.numbers || !is_number(a)) Py_RETURN_NOTIMPLEMENTED;
  if (!e.op) return missing_op(e);
  if (e.commutative) return forward(e, b, a);
  const Tensor left = number_operand(a, unwrap(b), e.dunder);
  if (e.tensor_tensor) return fast(e, left, unwrap(b));
  PyObject* l = wrap(left);
  if (!l) return nullptr;
  PyObject* result = call_binding(e, l, b);
  Py_DECREF(l);
  return result;
  EMBER_PY_END
}

// `a op= b`: Python calls this only with a tensor `a`. Without an in-place
// form of the op, NotImplemented makes Python compute `a = a op b`.
PyObject* inplace(Operator o, PyObject* a, PyObject* b) {
  const OperatorEntry& e = entry(o);
  EMBER_PY_BEGIN
  if (!is_tensor(a)) Py_RETURN_NOTIMPLEMENTED;
  const bool tensor = is_tensor(b);
  if (!tensor && !(e.numbers && is_number(b))) Py_RETURN_NOTIMPLEMENTED;
  if (!e.op) return missing_op(e);
  Tensor& self = unwrap_mut(a);
  if (tensor && e.inplace_tensor) {
    const Tensor& other = unwrap(b);
    GilRelease unlocked(heavy({&self, &other}));
    e.inplace_tensor(self, other);
  } else if (!tensor && e.inplace_scalar) {
    const Scalar s = number_to_scalar(b, e.dunder, "other");
    GilRelease unlocked(heavy({&self}));
    e.inplace_scalar(self, s);
  } else if (e.inplace) {
    return e.inplace(a, &b, 1, nullptr);
  } else {
    Py_RETURN_NOTIMPLEMENTED;
  }
  Py_INCREF(a);
  return a;
  EMBER_PY_END
}

PyObject* unary(Operator o, PyObject* a) {
  const OperatorEntry& e = entry(o);
  EMBER_PY_BEGIN
  if (!e.op) return missing_op(e);
  if (e.unary) {
    const Tensor& t = unwrap(a);
    Tensor result;
    {
      GilRelease unlocked(heavy({&t}));
      result = e.unary(t);
    }
    return wrap(std::move(result));
  }
  return call_binding(e, a, nullptr);
  EMBER_PY_END
}

#define EMBER_BINARY(name, op)                                                               \
  PyObject* nb_##name(PyObject* a, PyObject* b) { return binary(Operator::op, a, b); }        \
  PyObject* nb_inplace_##name(PyObject* a, PyObject* b) { return inplace(Operator::op, a, b); }
EMBER_BINARY(add, Add)
EMBER_BINARY(sub, Sub)
EMBER_BINARY(mul, Mul)
EMBER_BINARY(truediv, TrueDiv)
EMBER_BINARY(floordiv, FloorDiv)
EMBER_BINARY(mod, Mod)
EMBER_BINARY(matmul, MatMul)
EMBER_BINARY(and, And)
EMBER_BINARY(or, Or)
EMBER_BINARY(xor, Xor)
EMBER_BINARY(lshift, LShift)
EMBER_BINARY(rshift, RShift)
#undef EMBER_BINARY

bool check_no_modulo(PyObject* modulo) {
  if (modulo == Py_None) return true;
  PyErr_SetString(PyExc_TypeError, "pow(): ember tensors take no modulo argument");
  return false;
}

PyObject* nb_power(PyObject* a, PyObject* b, PyObject* modulo) {
  return check_no_modulo(modulo) ? binary(Operator::Pow, a, b) : nullptr;
}
PyObject* nb_inplace_power(PyObject* a, PyObject* b, PyObject* modulo) {
  return check_no_modulo(modulo) ? inplace(Operator::Pow, a, b) : nullptr;
}

PyObject* nb_negative(PyObject* a) { return unary(Operator::Neg, a); }
PyObject* nb_absolute(PyObject* a) { return unary(Operator::Abs, a); }
PyObject* nb_invert(PyObject* a) { return unary(Operator::Invert, a); }

// +t: a new tensor object sharing t's elements (PyTorch's positive);
// like PyTorch, not defined for bool.
PyObject* nb_positive(PyObject* a) {
  const Tensor& t = unwrap(a);
  if (is_bool(t.dtype())) {
    PyErr_SetString(PyExc_TypeError, "__pos__: unary + is not defined for bool tensors");
    return nullptr;
  }
  return wrap(Tensor(t));
}

// The one element of `a`, for bool(t), int(t), float(t), t.__index__().
bool one_element(PyObject* a, const char* what, Scalar* out) {
  const Tensor& t = unwrap(a);
  if (t.numel() != 1) {
    PyErr_Format(PyExc_ValueError, "%s: only a tensor with one element can be converted, this one has %lld", what,
                 static_cast<long long>(t.numel()));
    return false;
  }
  *out = t.item();
  return true;
}

int nb_bool(PyObject* a) {
  Scalar s;
  if (!one_element(a, "bool()", &s)) return -1;
  return s.to<bool>() ? 1 : 0;
}

PyObject* nb_int(PyObject* a) {
  Scalar s;
  if (!one_element(a, "int()", &s)) return nullptr;
  // Python's int() of a float: truncation, ValueError for NaN, OverflowError for inf.
  if (s.is_floating()) return PyLong_FromDouble(s.to<double>());
  return PyLong_FromLongLong(s.to<int64_t>());
}

PyObject* nb_float(PyObject* a) {
  Scalar s;
  if (!one_element(a, "float()", &s)) return nullptr;
  return PyFloat_FromDouble(s.to<double>());
}

PyObject* nb_index(PyObject* a) {
  const Tensor& t = unwrap(a);
  if (!is_integral(t.dtype()) || t.numel() != 1) {
    PyErr_Format(PyExc_TypeError, "only integer tensors of a single element can be converted to an index, not a %s",
                 t.type_text().c_str());
    return nullptr;
  }
  return PyLong_FromLongLong(t.item().to<int64_t>());
}

PyObject* richcompare(PyObject* a, PyObject* b, int op) {
  switch (op) {
    case Py_LT: return binary(Operator::Lt, a, b);
    case Py_LE: return binary(Operator::Le, a, b);
    case Py_GT: return binary(Operator::Gt, a, b);
    case Py_GE: return binary(Operator::Ge, a, b);
    case Py_EQ: return binary(Operator::Eq, a, b);
    case Py_NE: return binary(Operator::Ne, a, b);
  }
  Py_RETURN_NOTIMPLEMENTED;
}

// Tensors hash by identity (== is element-wise), as in PyTorch.
Py_hash_t tensor_hash(PyObject* self) { return _Py_HashPointer(self); }

PyNumberMethods number_methods = [] {
  PyNumberMethods m{};
  m.nb_add = nb_add;
  m.nb_subtract = nb_sub;
  m.nb_multiply = nb_mul;
  m.nb_remainder = nb_mod;
  m.nb_power = nb_power;
  m.nb_negative = nb_negative;
  m.nb_positive = nb_positive;
  m.nb_absolute = nb_absolute;
  m.nb_bool = nb_bool;
  m.nb_invert = nb_invert;
  m.nb_lshift = nb_lshift;
  m.nb_rshift = nb_rshift;
  m.nb_and = nb_and;
  m.nb_xor = nb_xor;
  m.nb_or = nb_or;
  m.nb_int = nb_int;
  m.nb_float = nb_float;
  m.nb_inplace_add = nb_inplace_add;
  m.nb_inplace_subtract = nb_inplace_sub;
  m.nb_inplace_multiply = nb_inplace_mul;
  m.nb_inplace_remainder = nb_inplace_mod;
  m.nb_inplace_power = nb_inplace_power;
  m.nb_inplace_lshift = nb_inplace_lshift;
  m.nb_inplace_rshift = nb_inplace_rshift;
  m.nb_inplace_and = nb_inplace_and;
  m.nb_inplace_xor = nb_inplace_xor;
  m.nb_inplace_or = nb_inplace_or;
  m.nb_floor_divide = nb_floordiv;
  m.nb_true_divide = nb_truediv;
  m.nb_inplace_floor_divide = nb_inplace_floordiv;
  m.nb_inplace_true_divide = nb_inplace_truediv;
  m.nb_index = nb_index;
  m.nb_matrix_multiply = nb_matmul;
  m.nb_inplace_matrix_multiply = nb_inplace_matmul;
  return m;
}();

}  // namespace

void install_operators(PyTypeObject* type) {
  type->tp_as_number = &number_methods;
  type->tp_richcompare = richcompare;
  type->tp_hash = tensor_hash;
}

}  // namespace ember::python
