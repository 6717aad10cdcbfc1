// Which kernel the last op on this thread ran: the op, the dtype its
// kernel computed in, the backend, and the instruction set the kernel's
// loops were compiled for. For checking that a call took the fast path
// one expects (bench/, tests) and for reports.
//
// The CPU kernels are compiled once, for the build's -march
// (meson option cpu_baseline, `native` by default): cpu_simd_target()
// names the widest vector extension that build enables. Recorded by the
// C++ and Python APIs' dispatch of every generated op (TH's C functions
// call their typed kernels directly and record nothing).
#pragma once

#include "ember/device.h"
#include "ember/dtype.h"
#include "ember/export.h"

namespace ember {

struct KernelRun {
  const char* op = nullptr;  // the schema's op name ("add", "sum"); null before any op ran
  DType dtype = DType::Float;
  DeviceType backend = DeviceType::CPU;
  const char* simd = "";  // cpu_simd_target(), "AMX" or "CUDA" (below)
};

// The calling thread's last recorded kernel.
EMBER_CPP_API KernelRun last_kernel();

// "AVX-512", "AVX2", "SSE4.2", "SSE2" or "scalar": the widest x86 vector
// extension the CPU kernels were compiled for (Highway's vqsort reports
// its own target in the same terms).
EMBER_CPP_API const char* cpu_simd_target();

namespace rt {
// Called by the generated dispatch before it runs the kernel for `dtype`.
EMBER_CPP_API void note_kernel(const char* op, DType dtype, DeviceType backend);
// Called after note_kernel by a kernel that picks its instructions when it
// runs: "AMX" for integer and bfloat16 matrix products on AMX's tiles
// (kernels/gemm_amx.h).
EMBER_CPP_API void note_simd(const char* simd);
}  // namespace rt

}  // namespace ember
