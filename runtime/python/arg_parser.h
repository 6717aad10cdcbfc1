// Matches Python calls against op signatures, as PyTorch's PythonArgParser:
// each bound name has one ArgParser holding its overloads, written as
// signature strings (generated from the schemas) and parsed once.
//
//   static const ArgParser parser({"add(Tensor input, Tensor|Scalar other, *, Scalar alpha=1, Tensor? out=None)"});
//   ParsedArgs r;
//   switch (parser.parse(args, nargs, kwnames, r)) { case 0: ... ember::add(r.tensor(0), ...) }
//
// parse() only matches: arity, keywords and each argument's Python type;
// the first overload that fits wins and the arguments are kept as borrowed
// references. The accessors convert; the few conversions that can still
// fail (an int beyond int64) set a Python error and throw PythonErrorSet.
// A failed match sets a TypeError naming the function, the argument and
// the valid signatures.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ember/tensor.h"
#include "runtime/python/dtype_object.h"
#include "runtime/python/errors.h"
#include "runtime/python/tensor_object.h"

namespace ember::python {

enum class ParamType : uint8_t {
  Tensor,          // Tensor
  TensorOrScalar,  // Tensor|Scalar: a tensor, or a Python number
  TensorList,      // Tensor[]: a list or tuple of tensors
  OptionalTensorList,  // Tensor?[]: a list or tuple of tensors and Nones
  TensorTuple,     // Tensor[N]: exactly N tensors (out= of multi-output ops)
  Scalar,          // Scalar: bool, int, float, a NumPy scalar or a 0-dim tensor
  Int,             // int: an int, a NumPy integer or a 0-dim integer tensor
  IntList,         // int[]: a list or tuple of ints, or one int
  Bool,            // bool
  Float,           // float: any real number
  DType,           // ScalarType: an ember.dtype (or Python's bool, int, float)
  Generator,       // Generator: an ember.Generator
  String,          // str: a Python str (rounding_mode="floor")
  Device,          // Device: an ember.device, a str ('cpu', 'cuda:0') or an int (CUDA's index)
  Layout,          // Layout: ember.strided
  MemoryFormat,    // MemoryFormat: ember.contiguous_format or ember.preserve_format
  Object,          // PyObject: any object, converted by the caller (tensor()'s data)
};

// One parameter of a signature, with its default parsed once.
struct Param {
  ParamType type = ParamType::Tensor;
  bool optional = false;     // `T?`: None is accepted and means absent
  bool kwarg_only = false;
  bool has_default = false;  // a missing argument takes the default
  bool default_is_none = false;
  int tuple_size = 0;        // TensorTuple
  std::string name;
  PyObject* py_name = nullptr;  // interned, so keywords match by identity
  ember::Scalar default_scalar;
  int64_t default_int = 0;
  double default_float = 0;
  bool default_bool = false;
  ember::DType default_dtype = ember::DType::Float;
  std::vector<int64_t> default_ints;
  std::string default_string;
};

struct Signature {
  std::string name;  // the Python name: "add"
  std::string text;  // as written (the generator's form)
  std::vector<Param> params;
  int max_positional = 0;          // params before `*`
  // The param that takes the trailing positional arguments one by one:
  // the only positional int[] (f(2, 3) means f((2, 3))), or a last
  // positional Tensor[] (f(a, b) means f((a, b)), einsum(eq, a, b) means
  // einsum(eq, (a, b))); -1 for none.
  int varargs_param = -1;
  std::string display() const;     // "add(Tensor input, Tensor or Number other, *, Number alpha=1, Tensor out=None)"
};

constexpr int kMaxParams = 16;

// The arguments of one call, matched to the params of one signature.
// Borrowed references: valid for the duration of the call.
class ParsedArgs {
 public:
  class Ints;

  const Signature* sig = nullptr;
  PyObject* slots[kMaxParams];         // nullptr: not given (the default applies)
  PyObject* const* varargs = nullptr;  // the entries of sig->varargs_param, when given one by one
  Py_ssize_t nvarargs = 0;

  bool is_none(int i) const { return slots[i] == nullptr ? param(i).default_is_none : slots[i] == Py_None; }
  PyObject* object(int i) const { return slots[i]; }
  bool is_tensor(int i) const { return slots[i] && python::is_tensor(slots[i]); }

  const ember::Tensor& tensor(int i) const { return unwrap(slots[i]); }
  ember::Tensor& tensor_mut(int i) const { return unwrap_mut(slots[i]); }
  ember::Tensor optional_tensor(int i) const { return is_none(i) ? ember::Tensor() : unwrap(slots[i]); }
  std::vector<ember::Tensor> tensor_list(int i) const;  // None entries (Tensor?[]) are undefined tensors
  ember::Scalar scalar(int i) const;
  std::optional<ember::Scalar> optional_scalar(int i) const {
    if (is_none(i)) return std::nullopt;
    return scalar(i);
  }
  int64_t to_int(int i) const;
  std::optional<int64_t> optional_int(int i) const {
    if (is_none(i)) return std::nullopt;
    return to_int(i);
  }
  bool to_bool(int i) const;
  double to_double(int i) const;
  std::optional<double> optional_double(int i) const {
    if (is_none(i)) return std::nullopt;
    return to_double(i);
  }
  ember::DType dtype(int i) const;
  std::optional<ember::DType> optional_dtype(int i) const {
    if (is_none(i)) return std::nullopt;
    return dtype(i);
  }
  std::optional<ember::Generator> optional_generator(int i) const;
  // A str argument's UTF-8 text, valid while the call's arguments are.
  std::string_view string(int i) const;
  std::optional<std::string_view> optional_string(int i) const {
    if (is_none(i)) return std::nullopt;
    return string(i);
  }
  void int_list(int i, Ints& out) const;
  // The i-th entry of a Tensor[N] argument (a borrowed reference).
  PyObject* tuple_item(int i, int k) const { return PySequence_Fast_ITEMS(slots[i])[k]; }

  const Param& param(int i) const { return sig->params[i]; }
};

// An int[] argument: no allocation for up to 8 entries.
class ParsedArgs::Ints {
 public:
  ember::IntList list() const { return heap_.empty() ? ember::IntList(inline_, size_) : ember::IntList(heap_); }
  void push(int64_t v) {
    if (heap_.empty() && size_ < kInline) {
      inline_[size_++] = v;
      return;
    }
    if (heap_.empty()) heap_.assign(inline_, inline_ + size_);
    heap_.push_back(v);
  }

 private:
  static constexpr size_t kInline = 8;
  int64_t inline_[kInline];
  size_t size_ = 0;
  std::vector<int64_t> heap_;
};

class ArgParser {
 public:
  // `signatures` in overload order (the first that matches wins).
  ArgParser(std::initializer_list<const char*> signatures);
  // The index of the matching overload, or -1 with a TypeError set.
  int parse(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, ParsedArgs& out) const;
  const std::vector<Signature>& signatures() const { return signatures_; }

 private:
  void raise_mismatch(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) const;
  std::vector<Signature> signatures_;
};

// Parses one signature string in the generator's grammar; throws
// ember::Error (Runtime) on a malformed one.
Signature parse_signature(const std::string& text);

// What a message calls the type of `obj`: "int", "Tensor", "str".
std::string python_type_name(PyObject* obj);
// How a param's type reads for users: "Tensor or number".
std::string param_type_text(const Param& p);

// Whether `obj` is a Python or NumPy bool, int or float (not a tensor).
bool is_number(PyObject* obj);
// A Python or NumPy number (or a 0-dim tensor) as a Scalar of the same
// kind. An int beyond int64 sets OverflowError naming `fn` and `arg`
// and throws PythonErrorSet.
ember::Scalar number_to_scalar(PyObject* obj, const char* fn, const char* arg);
// The Python number holding `s`.
PyObject* scalar_to_python(const ember::Scalar& s);

}  // namespace ember::python
