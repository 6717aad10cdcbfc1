#include "runtime/python/thread_functions.h"

#include <climits>
#include <string>

#include "ember/error.h"
#include "ember/threads.h"
#include "runtime/python/errors.h"

namespace ember::python {

namespace {

PyObject* set_num_threads(PyObject*, PyObject* arg) {
  EMBER_PY_BEGIN
  if (!PyLong_Check(arg))
    fail(ErrorKind::Type, str("set_num_threads: n must be an int, got ", Py_TYPE(arg)->tp_name), "n");
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(arg, &overflow);
  if (n == -1 && PyErr_Occurred()) return nullptr;
  EMBER_CHECK(overflow == 0 && n >= INT_MIN && n <= INT_MAX, Value, "set_num_threads", "n",
              "the number of threads must be a positive int, got ", overflow == 0 ? std::to_string(n) : "a wider integer");
  ember::set_num_threads(static_cast<int>(n));
  Py_RETURN_NONE;
  EMBER_PY_END
}

PyObject* get_num_threads(PyObject*, PyObject*) { return PyLong_FromLong(ember::get_num_threads()); }

PyMethodDef functions[] = {
    {"set_num_threads", set_num_threads, METH_O,
     "set_num_threads(n) -> None\n\nThe number of threads ember's CPU ops may use (n >= 1)."},
    {"get_num_threads", get_num_threads, METH_NOARGS,
     "get_num_threads() -> int\n\nThe number of threads ember's CPU ops may use."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

bool init_thread_functions(PyObject* module) { return PyModule_AddFunctions(module, functions) == 0; }

}  // namespace ember::python
