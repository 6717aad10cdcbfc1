// TH's refcounted shared memory allocator: a POSIX shared memory object
// whose first 64 bytes hold a count of the holders in every process, so
// that the name disappears when the last holder lets go.
//
// Each malloc counts one holder (with TH_ALLOCATOR_MAPPED_EXCLUSIVE, which
// creates the object, the count starts at 1); incref/decref adjust the
// count for holders the allocator cannot see (a storage sent to another
// process). Whichever decrement reaches zero, from free or decref,
// unlinks the name; the free also unmaps. The failure contract is
// map_allocator.cpp's.
#include <sys/mman.h>

#include "TH/THGeneral.h"
#include "ember/error.h"
#include "ember/th_error.h"
#include "runtime/th/thunk.h"
#include "map_file.h"

namespace {

using ember::ErrorKind;
using ember::fail;
using ember::str;

constexpr const char* kWho = "THRefcountedMapAllocator";

// 64 bytes keep the caller's data as aligned as THDefaultAllocator's.
constexpr ptrdiff_t kHeader = 64;

struct Header {
  int refcount;  // only touched with atomic builtins: other processes share it
};
static_assert(sizeof(Header) <= kHeader, "the refcount fits in the header");

Header* header_of(void* data) { return reinterpret_cast<Header*>(static_cast<char*>(data) - kHeader); }

void check_flags(const THMapAllocatorContext& ctx) {
  if (!(ctx.flags & TH_ALLOCATOR_MAPPED_SHAREDMEM) || (ctx.flags & TH_ALLOCATOR_MAPPED_SHARED))
    fail(ErrorKind::Value, str(kWho, ": needs TH_ALLOCATOR_MAPPED_SHAREDMEM without TH_ALLOCATOR_MAPPED_SHARED (",
                               ember::map_file::describe(ctx), ")"));
  const int unsupported = TH_ALLOCATOR_MAPPED_FROMFD | TH_ALLOCATOR_MAPPED_KEEPFD | TH_ALLOCATOR_MAPPED_UNLINK;
  if (ctx.flags & unsupported)
    fail(ErrorKind::Value, str(kWho, ": TH_ALLOCATOR_MAPPED_FROMFD, _KEEPFD and _UNLINK are not supported (",
                               ember::map_file::describe(ctx), ")"));
}

void* refcounted_alloc(void* ctx_, ptrdiff_t size) {
  EMBER_CHECK(ctx_, Value, kWho, "ctx", "ctx is NULL");
  auto& ctx = *static_cast<THMapAllocatorContext*>(ctx_);
  check_flags(ctx);
  EMBER_CHECK(size >= 0, Value, kWho, "size", "negative size ", size, " for ", ember::map_file::describe(ctx));
  EMBER_CHECK(size > 0 || !(ctx.flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE), Value, kWho, "size",
              "TH_ALLOCATOR_MAPPED_EXCLUSIVE creates ", ember::map_file::describe(ctx), ", so it needs a size");
  ptrdiff_t total = 0;  // 0: the whole existing object
  if (size > 0 && __builtin_add_overflow(size, kHeader, &total))
    fail(ErrorKind::Memory, str(kWho, ": size ", size, " overflows"));
  char* base = static_cast<char*>(ember::map_file::map(ctx, total, kWho));
  if (ctx.mapped < kHeader) {
    if (base) ::munmap(base, static_cast<size_t>(ctx.mapped));
    const ptrdiff_t found = ctx.mapped;
    ctx.in_use = false;
    ctx.mapped = 0;
    fail(ErrorKind::Runtime, str(kWho, ": shared memory object ", ember::map_file::describe(ctx), " holds ", found,
                                 " bytes, too few for its ", kHeader, "-byte refcount header"));
  }
  ctx.header = kHeader;
  auto* header = reinterpret_cast<Header*>(base);
  if (ctx.flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE)
    __atomic_store_n(&header->refcount, 1, __ATOMIC_RELEASE);
  else
    __atomic_add_fetch(&header->refcount, 1, __ATOMIC_ACQ_REL);
  return base + kHeader;
}

void* refcounted_realloc(void*, void*, ptrdiff_t) {
  fail(ErrorKind::Runtime, str(kWho, ": cannot resize shared memory"));
}

// Returns true when this decrement released the last holder.
bool release(THMapAllocatorContext& ctx, void* data) {
  if (__atomic_sub_fetch(&header_of(data)->refcount, 1, __ATOMIC_ACQ_REL) != 0) return false;
  ember::map_file::unlink_name(ctx);  // fails only if someone unlinked it already
  return true;
}

void refcounted_free(void* ctx_, void* data) {
  auto* ctx = static_cast<THMapAllocatorContext*>(ctx_);
  if (!ctx) return;
  if (data) {
    release(*ctx, data);
    ::munmap(header_of(data), static_cast<size_t>(ctx->mapped));
  }
  delete ctx;
}

THMapAllocatorContext& checked(THMapAllocatorContext* ctx, void* data, const char* who) {
  EMBER_CHECK(ctx, Value, who, "ctx", "ctx is NULL");
  EMBER_CHECK(data, Value, who, "data", "data is NULL");
  EMBER_CHECK(ctx->header == kHeader, Value, who, "ctx", "the context of ", ember::map_file::describe(*ctx),
              " does not back a THRefcountedMapAllocator mapping");
  return *ctx;
}

}  // namespace

THAllocator THRefcountedMapAllocator = {refcounted_alloc, refcounted_realloc, refcounted_free};

void THRefcountedMapAllocator_incref(THMapAllocatorContext* ctx, void* data) {
  ember::th::guarded(ember::th::ArgNames<2>{"ctx", "data"}, [&] {
    checked(ctx, data, "THRefcountedMapAllocator_incref");
    __atomic_add_fetch(&header_of(data)->refcount, 1, __ATOMIC_ACQ_REL);
  });
}

// Returns 1 when the count reached zero (the name is then unlinked).
int THRefcountedMapAllocator_decref(THMapAllocatorContext* ctx, void* data) {
  return ember::th::guarded(ember::th::ArgNames<2>{"ctx", "data"}, [&] {
    return release(checked(ctx, data, "THRefcountedMapAllocator_decref"), data) ? 1 : 0;
  });
}
