// The mapping allocators' context and the file mapping they share
// (map_allocator.cpp, refcounted_map_allocator.cpp). Internal.
#pragma once

#include <cstddef>
#include <string>

#include "ember/allocator.h"

struct THMapAllocatorContext_ {
  std::string filename;  // empty only for a context made from a file descriptor
  int flags;
  // The descriptor the mapping came from: the caller's with
  // TH_ALLOCATOR_MAPPED_FROMFD (never closed here), ours with
  // TH_ALLOCATOR_MAPPED_KEEPFD (closed by the allocator's free), else -1.
  int fd;
  bool in_use;       // a malloc succeeded; the context backs that mapping
  ptrdiff_t mapped;  // bytes mapped, header included
  ptrdiff_t header;  // bytes before the caller's data: 0, or the refcount header
};

namespace ember::map_file {

// THMapAllocatorContext_new/_newWithFd for ember's C++ code: they throw
// ember::Error (Value, naming "filename", "fd" or "flags") where the C
// functions report through TH's handlers, which may longjmp.
THMapAllocatorContext* new_context(const char* filename, int flags);
THMapAllocatorContext* new_context_with_fd(const char* filename, int fd, int flags);

// "'name'", or "file descriptor N" for a nameless context, for messages.
std::string describe(const THMapAllocatorContext_& ctx);

// Maps ctx's file with ctx's flags: `size` bytes (extending a shared file
// or object that is shorter), or the whole existing file when size is 0.
// Records the size in ctx; returns NULL for an empty mapping. Throws
// ember::Error naming `who`, the file and errno's text, having released
// whatever it opened, mapped or exclusively created.
void* map(THMapAllocatorContext_& ctx, ptrdiff_t size, const char* who);

// True when ctx's flags select POSIX shared memory rather than a file.
bool is_shm(const THMapAllocatorContext_& ctx);

// Removes ctx's name from the file system or the shared memory namespace.
// Returns 0, or -1 with errno set.
int unlink_name(const THMapAllocatorContext_& ctx);

}  // namespace ember::map_file
