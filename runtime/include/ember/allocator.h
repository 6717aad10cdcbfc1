/* The allocator interface shared by C and C++ (TH's THAllocator).
 *
 * An allocator is three functions plus a context pointer passed back to
 * each of them; a storage keeps both so that whoever made the memory frees
 * it. Sizes are bytes. */
#ifndef EMBER_ALLOCATOR_H
#define EMBER_ALLOCATOR_H

#include <stddef.h>

#include "ember/export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct THAllocator {
  void *(*malloc)(void *ctx, ptrdiff_t size);
  void *(*realloc)(void *ctx, void *ptr, ptrdiff_t size);
  void (*free)(void *ctx, void *ptr);
} THAllocator;

/* 64-byte aligned heap memory; the context is ignored. */
extern EMBER_VISIBLE THAllocator THDefaultAllocator;

/* Mapping allocator: memory backed by a file or by POSIX shared memory.
 * The context (THMapAllocatorContext) names the file and the mode, and is
 * owned by the storage that the mapping backs. */
#define TH_ALLOCATOR_MAPPED_SHARED 1
#define TH_ALLOCATOR_MAPPED_SHAREDMEM 2
#define TH_ALLOCATOR_MAPPED_EXCLUSIVE 4
#define TH_ALLOCATOR_MAPPED_NOCREATE 8
#define TH_ALLOCATOR_MAPPED_KEEPFD 16
#define TH_ALLOCATOR_MAPPED_FROMFD 32
#define TH_ALLOCATOR_MAPPED_UNLINK 64

typedef struct THMapAllocatorContext_ THMapAllocatorContext;

EMBER_API THMapAllocatorContext *THMapAllocatorContext_new(const char *filename, int flags);
EMBER_API THMapAllocatorContext *THMapAllocatorContext_newWithFd(const char *filename, int fd, int flags);
EMBER_API char *THMapAllocatorContext_filename(THMapAllocatorContext *ctx);
EMBER_API int THMapAllocatorContext_fd(THMapAllocatorContext *ctx);
EMBER_API ptrdiff_t THMapAllocatorContext_size(THMapAllocatorContext *ctx);
EMBER_API void THMapAllocatorContext_free(THMapAllocatorContext *ctx);
EMBER_API void THRefcountedMapAllocator_incref(THMapAllocatorContext *ctx, void *data);
EMBER_API int THRefcountedMapAllocator_decref(THMapAllocatorContext *ctx, void *data);

/* Maps ctx's file (size 0 = the whole existing file). */
extern EMBER_VISIBLE THAllocator THMapAllocator;
/* Shared memory with a reference count kept inside the mapping, so that
 * the last process to let go unlinks it. */
extern EMBER_VISIBLE THAllocator THRefcountedMapAllocator;

#ifdef __cplusplus
}
#endif

#endif
