// Global operator new / delete for the WebAssembly modules (included once by each module's
// binding: bindings/verifier.cpp for the npm package's verifier, bindings/core.cpp for the worker's
// core): small blocks freed by C++ are kept in lists by size and handed out again instead of going
// back to the allocator. A verification makes and drops many small strings and vectors (paths,
// parsed JSON, ABI values); so does a quote, more of them (JSON trees in and out, intents, records).
// The package's emmalloc spent 6-9% of a verification in its search, split and free; the core's
// dlmalloc 16% of the core's time on the worker's quote path (malloc and free, bench/README.md); a
// list's pop and push is a few instructions. Blocks come from malloc and stay malloc'd: a block's
// size class is its usable size, which both allocators keep in front of it, so no header is added.
// What a list keeps is bounded by the most blocks of that size ever alive at once.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#include <malloc.h>  // malloc_usable_size: emmalloc (the package) and dlmalloc (the core) both have it

namespace sr::bindings::small_blocks {

constexpr std::size_t kGrain = alignof(std::max_align_t);
constexpr std::size_t kLists = 256 / kGrain;  // blocks of up to 256 bytes are kept

struct Free {
  Free* next;
};
inline Free* lists[kLists + 1];  // lists[k]: blocks with at least k * kGrain usable bytes

inline void* take(std::size_t size) {
  const std::size_t k = size == 0 ? 1 : (size + kGrain - 1) / kGrain;
  if (k <= kLists && lists[k] != nullptr) {
    Free* block = lists[k];
    lists[k] = block->next;
    return block;
  }
  if (void* block = std::malloc(k * kGrain)) return block;
  throw std::bad_alloc();
}

inline void give_back(void* block) {
  if (block == nullptr) return;
  const std::size_t k = malloc_usable_size(block) / kGrain;
  if (k > kLists) return std::free(block);
  auto* free = static_cast<Free*>(block);
  free->next = lists[k];
  lists[k] = free;
}

}  // namespace sr::bindings::small_blocks

void* operator new(std::size_t size) { return sr::bindings::small_blocks::take(size); }
void* operator new[](std::size_t size) { return sr::bindings::small_blocks::take(size); }
void operator delete(void* block) noexcept { sr::bindings::small_blocks::give_back(block); }
void operator delete[](void* block) noexcept { sr::bindings::small_blocks::give_back(block); }
void operator delete(void* block, std::size_t) noexcept { sr::bindings::small_blocks::give_back(block); }
void operator delete[](void* block, std::size_t) noexcept { sr::bindings::small_blocks::give_back(block); }
