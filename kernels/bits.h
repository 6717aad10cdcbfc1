// The unsigned integer of a given byte size: what a value of that size
// is moved or permuted as when only its bits matter (copies, shuffles).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace ember::kernels {

template <std::size_t Size>
using bits_t = std::conditional_t<Size == 1, uint8_t,
               std::conditional_t<Size == 2, uint16_t, std::conditional_t<Size == 4, uint32_t, uint64_t>>>;

}  // namespace ember::kernels
