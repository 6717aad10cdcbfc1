#include "ember/threads.h"

#include <atomic>

#include "ember/error.h"
#include "kernels/parallel.h"

namespace ember {

namespace {

std::atomic<int> process_num_threads{0};  // 0 until set_num_threads is called

}  // namespace

void set_num_threads(int n) {
  EMBER_CHECK(n >= 1, Value, "set_num_threads", "n", "the number of threads must be positive, got ", n);
  process_num_threads.store(n, std::memory_order_relaxed);
  kernels::set_num_threads(n);
}

int get_num_threads() { return kernels::get_num_threads(); }

void rt::infer_num_threads() {
  const int n = process_num_threads.load(std::memory_order_relaxed);
  if (n > 0) kernels::set_num_threads(n);
}

}  // namespace ember
