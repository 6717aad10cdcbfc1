// TH's mapping allocator: storage memory backed by a file (MAP_SHARED with
// TH_ALLOCATOR_MAPPED_SHARED, else a private copy-on-write MAP_PRIVATE) or
// by a POSIX shared memory object (TH_ALLOCATOR_MAPPED_SHAREDMEM).
//
// Failure contract (the storage code relies on it):
//  - THMapAllocator.malloc/.realloc throw ember::Error (ErrorKind::Runtime,
//    or Value for a negative size) whose message names the allocator, the
//    file and errno's text, after closing and unmapping whatever they
//    opened. They are only called from ember's C++ runtime, which catches.
//    malloc returns NULL only for an empty mapping (size 0 and an empty
//    file), which is not an error.
//  - On failure the context still belongs to the caller, who frees it with
//    THMapAllocatorContext_free. On success the storage owns it, and the
//    allocator's free releases the mapping, the kept descriptor and the
//    context together. free never fails: it runs from destructors, and a
//    mapping it was given is always one it made.
//  - The exported C functions (THMapAllocatorContext_*) report bad
//    arguments through TH's handlers and then return NULL / -1 / 0.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "TH/THGeneral.h"
#include "ember/error.h"
#include "ember/th_error.h"
#include "runtime/th/thunk.h"
#include "map_file.h"

namespace ember::map_file {

namespace {

constexpr int kAllFlags = TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM |
                          TH_ALLOCATOR_MAPPED_EXCLUSIVE | TH_ALLOCATOR_MAPPED_NOCREATE |
                          TH_ALLOCATOR_MAPPED_KEEPFD | TH_ALLOCATOR_MAPPED_FROMFD | TH_ALLOCATOR_MAPPED_UNLINK;

[[noreturn]] void fail_errno(const char* who, const char* what, const THMapAllocatorContext_& ctx, int err) {
  fail(ErrorKind::Runtime, str(who, ": ", what, " ", describe(ctx), ": ", std::generic_category().message(err)));
}

// Closes a descriptor this file opened if an error unwinds past it.
struct OpenedFd {
  int fd = -1;
  bool owned = false;
  OpenedFd() = default;
  OpenedFd(const OpenedFd&) = delete;
  OpenedFd& operator=(const OpenedFd&) = delete;
  ~OpenedFd() {
    if (owned) ::close(fd);
  }
};

// Size 0 asks for an existing file, so only an exclusive open creates one
// then (an empty one, which maps to nothing).
void open_file(THMapAllocatorContext_& ctx, ptrdiff_t size, OpenedFd& file, const char* who) {
  if (ctx.flags & TH_ALLOCATOR_MAPPED_FROMFD) {
    file.fd = ctx.fd;
    return;
  }
  const bool writable = ctx.flags & (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM);
  const bool exclusive = ctx.flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE;
  int oflags = O_CLOEXEC | (writable ? O_RDWR | O_CREAT : O_RDONLY);
  if (exclusive) oflags |= O_EXCL;
  if ((ctx.flags & TH_ALLOCATOR_MAPPED_NOCREATE) || (size == 0 && !exclusive)) oflags &= ~O_CREAT;
  const char* name = ctx.filename.c_str();
  file.fd = is_shm(ctx) ? ::shm_open(name, oflags, 0600) : ::open(name, oflags, 0600);
  if (file.fd == -1) {
    const char* what = is_shm(ctx) ? "cannot open shared memory object"
                       : writable  ? "cannot open file (read-write)"
                                   : "cannot open file (read-only)";
    fail_errno(who, what, ctx, errno);
  }
  file.owned = true;
}

// Removes a name that this mapping created (O_EXCL) if an error unwinds
// past it, so that a failed malloc leaves the file system as it found it.
struct CreatedName {
  const THMapAllocatorContext_* ctx = nullptr;
  CreatedName() = default;
  CreatedName(const CreatedName&) = delete;
  CreatedName& operator=(const CreatedName&) = delete;
  ~CreatedName() {
    if (ctx) unlink_name(*ctx);
  }
};

}  // namespace

std::string describe(const THMapAllocatorContext_& ctx) {
  return ctx.filename.empty() ? str("file descriptor ", ctx.fd) : str("'", ctx.filename, "'");
}

bool is_shm(const THMapAllocatorContext_& ctx) {
  return (ctx.flags & TH_ALLOCATOR_MAPPED_SHAREDMEM) && !(ctx.flags & TH_ALLOCATOR_MAPPED_SHARED);
}

int unlink_name(const THMapAllocatorContext_& ctx) {
  return is_shm(ctx) ? ::shm_unlink(ctx.filename.c_str()) : ::unlink(ctx.filename.c_str());
}

void* map(THMapAllocatorContext_& ctx, ptrdiff_t size, const char* who) {
  EMBER_CHECK(size >= 0, Value, who, "size", "negative size ", size, " for ", describe(ctx));
  EMBER_CHECK(!ctx.in_use, Value, who, "ctx", "the context of ", describe(ctx), " already backs a mapping");
  const bool shared = ctx.flags & (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM);
  OpenedFd file;
  open_file(ctx, size, file, who);
  CreatedName created;
  if (file.owned && (ctx.flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE)) created.ctx = &ctx;

  struct stat st;
  if (::fstat(file.fd, &st) == -1) fail_errno(who, "cannot stat", ctx, errno);
  if (size == 0) {
    size = static_cast<ptrdiff_t>(st.st_size);
  } else if (size > st.st_size) {
    if (!shared)
      fail(ErrorKind::Runtime, str(who, ": ", describe(ctx), " holds ", st.st_size, " bytes, fewer than the ", size,
                                   " bytes to map (only a shared mapping extends its file)"));
    if (::ftruncate(file.fd, size) == -1) fail_errno(who, str("cannot extend to ", size, " bytes").c_str(), ctx, errno);
  }

  void* data = nullptr;
  if (size > 0) {
    data = ::mmap(nullptr, static_cast<size_t>(size), PROT_READ | PROT_WRITE, shared ? MAP_SHARED : MAP_PRIVATE,
                  file.fd, 0);
    if (data == MAP_FAILED) fail_errno(who, str("cannot map ", size, " bytes of").c_str(), ctx, errno);
  }
  if ((ctx.flags & TH_ALLOCATOR_MAPPED_UNLINK) && unlink_name(ctx) == -1) {
    const int err = errno;
    if (data) ::munmap(data, static_cast<size_t>(size));
    fail_errno(who, "cannot unlink", ctx, err);
  }
  if (file.owned && (ctx.flags & TH_ALLOCATOR_MAPPED_KEEPFD)) {
    ctx.fd = file.fd;
    file.owned = false;
  }
  created.ctx = nullptr;
  ctx.in_use = true;
  ctx.mapped = size;
  return data;
}

namespace {

THMapAllocatorContext* make_context(const char* filename, int fd, int flags, bool with_fd) {
  const char* who = with_fd ? "THMapAllocatorContext_newWithFd" : "THMapAllocatorContext_new";
  EMBER_CHECK((flags & ~kAllFlags) == 0, Value, who, "flags", "unknown flag bits ", (flags & ~kAllFlags));
  const bool shared = flags & (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM);
  EMBER_CHECK(shared || !(flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE), Value, who, "flags",
              "TH_ALLOCATOR_MAPPED_EXCLUSIVE needs TH_ALLOCATOR_MAPPED_SHARED or TH_ALLOCATOR_MAPPED_SHAREDMEM");
  EMBER_CHECK(with_fd || !(flags & TH_ALLOCATOR_MAPPED_FROMFD), Value, who, "flags",
              "TH_ALLOCATOR_MAPPED_FROMFD needs a file descriptor (use THMapAllocatorContext_newWithFd)");
  EMBER_CHECK(!with_fd || fd >= 0, Value, who, "fd", "invalid file descriptor ", fd);
  EMBER_CHECK(filename || (flags & TH_ALLOCATOR_MAPPED_FROMFD), Value, who, "filename",
              "filename is NULL (only a context with TH_ALLOCATOR_MAPPED_FROMFD may have no name)");
  EMBER_CHECK(filename || !(flags & TH_ALLOCATOR_MAPPED_UNLINK), Value, who, "filename",
              "filename is NULL, but TH_ALLOCATOR_MAPPED_UNLINK needs a name to unlink");
  // A private mapping opens read-only and never creates, so NOCREATE
  // changes nothing there (TH cleared it the same way).
  if (!shared) flags &= ~TH_ALLOCATOR_MAPPED_NOCREATE;
  return new THMapAllocatorContext{filename ? filename : "", flags, with_fd ? fd : -1, false, 0, 0};
}

}  // namespace

THMapAllocatorContext* new_context(const char* filename, int flags) { return make_context(filename, -1, flags, false); }

THMapAllocatorContext* new_context_with_fd(const char* filename, int fd, int flags) {
  return make_context(filename, fd, flags, true);
}

namespace {

THMapAllocatorContext* checked(THMapAllocatorContext* ctx, const char* who) {
  EMBER_CHECK(ctx, Value, who, "ctx", "ctx is NULL");
  return ctx;
}

void* map_alloc(void* ctx, ptrdiff_t size) {
  return map(*checked(static_cast<THMapAllocatorContext*>(ctx), "THMapAllocator"), size, "THMapAllocator");
}

void* map_realloc(void* ctx, void*, ptrdiff_t) {
  fail(ErrorKind::Runtime, str("THMapAllocator: cannot resize the mapping of ",
                               describe(*checked(static_cast<THMapAllocatorContext*>(ctx), "THMapAllocator"))));
}

void map_free(void* ctx_, void* data) {
  auto* ctx = static_cast<THMapAllocatorContext*>(ctx_);
  if (!ctx) return;
  if (data) ::munmap(data, static_cast<size_t>(ctx->mapped));
  if (ctx->fd >= 0 && !(ctx->flags & TH_ALLOCATOR_MAPPED_FROMFD)) ::close(ctx->fd);
  // A plain shared memory object lives as long as the storage (TH's rule);
  // one made from a descriptor, or already unlinked, is not ours to remove.
  if (ctx->in_use && is_shm(*ctx) && !(ctx->flags & (TH_ALLOCATOR_MAPPED_FROMFD | TH_ALLOCATOR_MAPPED_UNLINK)))
    unlink_name(*ctx);
  delete ctx;
}

}  // namespace

}  // namespace ember::map_file

using ember::map_file::checked;

THAllocator THMapAllocator = {ember::map_file::map_alloc, ember::map_file::map_realloc, ember::map_file::map_free};

THMapAllocatorContext* THMapAllocatorContext_new(const char* filename, int flags) {
  return ember::th::guarded(ember::th::ArgNames<2>{"filename", "flags"}, [&] {
    return ember::map_file::new_context(filename, flags);
  });
}

THMapAllocatorContext* THMapAllocatorContext_newWithFd(const char* filename, int fd, int flags) {
  return ember::th::guarded(ember::th::ArgNames<3>{"filename", "fd", "flags"}, [&] {
    return ember::map_file::new_context_with_fd(filename, fd, flags);
  });
}

char* THMapAllocatorContext_filename(THMapAllocatorContext* ctx) {
  return ember::th::guarded(ember::th::ArgNames<1>{"ctx"}, [&] {
    return checked(ctx, "THMapAllocatorContext_filename")->filename.data();
  });
}

int THMapAllocatorContext_fd(THMapAllocatorContext* ctx) {
  return ember::th::guarded(ember::th::ArgNames<1>{"ctx"}, [&] {
    return checked(ctx, "THMapAllocatorContext_fd")->fd;
  }, -1);
}

// The bytes available to the caller (after the refcount header, if any);
// with a size-0 malloc, the size of the whole file.
ptrdiff_t THMapAllocatorContext_size(THMapAllocatorContext* ctx) {
  return ember::th::guarded(ember::th::ArgNames<1>{"ctx"}, [&] {
    const THMapAllocatorContext* c = checked(ctx, "THMapAllocatorContext_size");
    return c->mapped - c->header;
  });
}

// For a context that backs no mapping (never used, or its malloc failed).
// A mapping is released by its allocator's free, which frees the context.
void THMapAllocatorContext_free(THMapAllocatorContext* ctx) { delete ctx; }
