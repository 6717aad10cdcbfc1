/* TH's THAllocator.h: the allocator interface, THDefaultAllocator and the
 * mapping allocators, declared in ember/allocator.h. */
#ifndef TH_ALLOCATOR_INC
#define TH_ALLOCATOR_INC

#include "THGeneral.h"
#include "ember/allocator.h"

#endif
