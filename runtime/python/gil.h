// Releases the GIL around heavy kernels so that Python threads working on
// different tensors run in parallel. Small tensors keep it: a release and
// re-acquire costs about as much as a small kernel.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstdint>

namespace ember::python {

// Elements above which a call releases the GIL (about where kernels start
// to split work over threads).
constexpr int64_t kReleaseGilElements = 32768;

class GilRelease {
 public:
  explicit GilRelease(bool release) : state_(release ? PyEval_SaveThread() : nullptr) {}
  ~GilRelease() {
    if (state_) PyEval_RestoreThread(state_);
  }
  GilRelease(const GilRelease&) = delete;
  GilRelease& operator=(const GilRelease&) = delete;

 private:
  PyThreadState* state_;
};

}  // namespace ember::python
