// Helpers shared by the storage, tensor, view and copy tests: an allocator
// that counts what it hands out (so a test can see memory freed exactly
// once), and a check that a call throws ember::Error of a given kind
// naming a given argument.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "ember/allocator.h"
#include "ember/error.h"

namespace ember::test {

// Wraps malloc/realloc/free; the context must be the CountingAllocator
// itself, so several can run side by side.
struct CountingAllocator {
  int mallocs = 0;
  int reallocs = 0;
  int frees = 0;
  long live = 0;  // blocks allocated and not yet freed
  THAllocator allocator{&do_malloc, &do_realloc, &do_free};

  THAllocator* get() { return &allocator; }
  void* ctx() { return this; }

 private:
  static CountingAllocator* self(void* ctx) { return static_cast<CountingAllocator*>(ctx); }
  static void* do_malloc(void* ctx, ptrdiff_t n) {
    ++self(ctx)->mallocs;
    ++self(ctx)->live;
    return std::malloc(static_cast<size_t>(n));
  }
  static void* do_realloc(void* ctx, void* p, ptrdiff_t n) {
    ++self(ctx)->reallocs;
    if (!p) ++self(ctx)->live;
    return std::realloc(p, static_cast<size_t>(n));
  }
  static void do_free(void* ctx, void* p) {
    ++self(ctx)->frees;
    if (p) --self(ctx)->live;
    std::free(p);
  }
};

// Runs `fn`, expecting ember::Error of `kind` whose arg() is `arg`, whose
// message says "(argument '<arg>')" and contains each of `parts`.
template <class Fn>
void expect_error(Fn&& fn, ErrorKind kind, const std::string& arg, const std::vector<std::string>& parts = {}) {
  try {
    fn();
    ADD_FAILURE() << "no error (expected one naming argument '" << arg << "')";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(static_cast<int>(e.kind()), static_cast<int>(kind)) << what;
    EXPECT_EQ(e.arg(), arg) << what;
    if (!arg.empty()) {
      EXPECT_NE(what.find("(argument '" + arg + "')"), std::string::npos) << what;
    }
    for (const auto& part : parts) EXPECT_NE(what.find(part), std::string::npos) << "'" << part << "' not in: " << what;
  }
}

}  // namespace ember::test
