// ember keeps freed host blocks of 4 MiB and more, up to 256 MiB in all,
// to hand out again (Note [large block cache] in
// runtime/core/large_block_cache.h): a fresh block pays the kernel's page
// faults on its first write. This returns them to the system.
#pragma once

#include "ember/export.h"

namespace ember {

EMBER_CPP_API void release_cached_host_memory();

}  // namespace ember
