// Searching sorted sequences (searchsorted, bucketize) and grouping equal
// rows (unique, unique_consecutive), generic over the element type.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/opmath.h"
#include "kernels/scratch.h"
#include "kernels/sort_keys.h"
#include "kernels/sort_pairs.h"
#include "kernels/vqsort.h"

namespace ember::kernels {

// The insertion point of `value` in row[order[0..n)] (order null: row
// itself), which is ascending. PyTorch's predicates: left moves past
// elements not >= value, right past elements not > value, so a NaN
// anywhere compares as PyTorch's does.
template <class T>
int64_t search_sorted(const T* row, const int64_t* order, int64_t n, T value, bool right) {
  using M = opmath_t<T>;
  const M v = static_cast<M>(value);
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    const M x = static_cast<M>(row[order ? order[mid] : mid]);
    if (right ? !(x > v) : !(x >= v))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// Rows of `width` elements as Note [sort order] keys, and which rows hold
// a NaN (a NaN equals nothing, so such a row is never merged).
struct RowKeys {
  std::vector<uint64_t> keys;
  std::vector<char> nan;
  int64_t width = 1;

  bool same(int64_t a, int64_t b) const {
    return !nan[a] && !nan[b] &&
           std::equal(keys.begin() + a * width, keys.begin() + (a + 1) * width, keys.begin() + b * width);
  }
  bool less(int64_t a, int64_t b) const {
    return std::lexicographical_compare(keys.begin() + a * width, keys.begin() + (a + 1) * width,
                                        keys.begin() + b * width, keys.begin() + (b + 1) * width);
  }
};

template <class T>
RowKeys row_keys(const T* data, int64_t rows, int64_t width) {
  RowKeys r;
  r.width = width;
  r.keys.resize(static_cast<size_t>(rows * width));
  r.nan.assign(static_cast<size_t>(rows), 0);
  for (int64_t i = 0; i < rows * width; ++i) {
    r.keys[i] = SortKey<T>::key(data[i]);
    r.nan[i / width] |= is_nan(static_cast<opmath_t<T>>(data[i]));
  }
  return r;
}

// Groups of equal rows: `first` the row standing for each group (in
// ascending order when `sort`, else in order of appearance of runs),
// `inverse` each row's group, `counts` each group's size. Without `sort`
// only neighbouring rows merge (unique_consecutive).
struct Groups {
  std::vector<int64_t> first, inverse, counts;
};

inline Groups group_rows(const RowKeys& keys, int64_t rows, bool sort) {
  std::vector<int64_t> order(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) order[i] = i;
  if (sort) std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return keys.less(a, b); });
  Groups g;
  g.inverse.resize(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t r = order[i];
    if (i == 0 || !keys.same(order[i - 1], r)) {
      g.first.push_back(r);
      g.counts.push_back(0);
    }
    g.inverse[r] = static_cast<int64_t>(g.first.size()) - 1;
    ++g.counts.back();
  }
  return g;
}

// Note [runs of equal elements]: unique_consecutive of elements (no dim)
// went through group_rows, which builds a key, a NaN flag, a position and
// a vector entry per element: 99.8 ms for 2^22 int64 in runs of 1-7
// against NumPy's 17-20 for the same runs by a mask (now 15.4). Equality
// of Note [unique equality] is == in opmath_t (-0 == +0, a NaN equals
// nothing), so one pass counts the runs by comparing neighbours and a
// second writes each run's first element, its length and every element's
// run. outputs(runs) returns where the runs' values and counts go (counts
// may be null); `inverse` (n elements) may be null.
template <class T, class Outputs>
void runs_of_equal(const T* data, int64_t n, int64_t* inverse, const Outputs& outputs) {
  using M = opmath_t<T>;
  const auto starts_run = [data](int64_t i) { return !(static_cast<M>(data[i]) == static_cast<M>(data[i - 1])); };
  int64_t runs = n > 0 ? 1 : 0;
  for (int64_t i = 1; i < n; ++i) runs += starts_run(i);
  const auto [values, counts] = outputs(runs);
  int64_t run = 0, start = 0;
  if (n > 0) values[0] = data[0];
  for (int64_t i = 1; i < n; ++i) {
    if (starts_run(i)) {
      if (counts) counts[run] = i - start;
      values[++run] = data[i];
      start = i;
    }
    if (inverse) inverse[i] = run;
  }
  if (n > 0) {
    if (inverse) inverse[0] = 0;
    if (counts) counts[run] = n - start;
  }
}

// Note [unique with positions]: unique of elements with return_inverse
// sorted positions by a comparison over group_rows's row keys (stable_sort
// of indices): 3.5 s for 2048^2 int64 with 1000 values against NumPy's
// 0.7, 0.67 s for 2^20 float32 against 0.057. Here (key, position) pairs
// go through sort_keys (vqsort or a radix sort; equal keys in position
// order, as the stable sort left them), and one pass over the sorted pairs
// makes the groups: a new one where the key changes, and for every NaN
// (Note [unique equality]). A group's value is its first element in
// position order, as index_select of group_rows's `first` gave. n is
// below 2^32 (positions in the pairs' 32-bit field). outputs(groups)
// returns where the groups' values and counts go (counts may be null).
template <class T, class Outputs>
void distinct_with_positions(const T* data, int64_t n, int64_t* inverse, const Outputs& outputs) {
  using Key = SortKey<T>;
  using K = typename Key::type;
  using Pair = KeyIndex<K>;
  ScratchBuffer pair_buffer(static_cast<size_t>(2 * n) * sizeof(Pair));
  Pair* const a = static_cast<Pair*>(pair_buffer.data());
  for (int64_t i = 0; i < n; ++i) a[i] = {static_cast<decltype(Pair::idx)>(i), Key::key(data[i])};
  const Pair* s = n > 0 ? sort_keys(a, a + n, n) : a;
  constexpr K kNanKey = static_cast<K>(~K(0));  // every NaN's key; no number's
  const auto starts_group = [s](int64_t i) {
    return i == 0 || s[i].key != s[i - 1].key || (!Key::exact && s[i].key == kNanKey);
  };
  int64_t groups = 0;
  for (int64_t i = 0; i < n; ++i) groups += starts_group(i);
  const auto [values, counts] = outputs(groups);
  int64_t g = -1, start = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (starts_group(i)) {
      if (counts && g >= 0) counts[g] = i - start;
      values[++g] = data[s[i].idx];
      start = i;
    }
    inverse[s[i].idx] = g;
  }
  if (counts && n > 0) counts[g] = n - start;
}

// Note [unique by sorted keys]: unique of elements (no dim) without
// positions sorts bare keys (vqsort; a count for 1-byte keys), not row
// indices by a comparison over rows: 2048^2 int64 with 1000 distinct
// values 1226 ms -> 62-75 (NumPy 259-293); 2048^2 float32 with counts
// 117 -> 66 (NumPy 113). Keys stand for their elements but
// for +-0 and NaN (Note [sort order]); the zero group's value is the
// first zero of the input (as the stable sort of positions picks), and
// each NaN, its own group, is taken from the input in order, as group_rows
// leaves them. outputs(groups) returns where the groups' values and
// counts go (counts may be null).
template <class T, class Outputs>
void distinct_by_keys(const T* data, int64_t n, const Outputs& outputs) {
  using Key = SortKey<T>;
  using K = typename Key::type;
  if constexpr (sizeof(K) == 1) {
    int64_t seen[256] = {};
    for (int64_t i = 0; i < n; ++i) ++seen[Key::key(data[i])];
    int64_t groups = 0;
    for (int k = 0; k < 256; ++k) groups += seen[k] != 0;
    const auto [values, counts] = outputs(groups);
    int64_t g = 0;
    for (int k = 0; k < 256; ++k) {
      if (!seen[k]) continue;
      values[g] = Key::value(static_cast<K>(k));
      if (counts) counts[g] = seen[k];
      ++g;
    }
  } else {
    // Sorted keys, then each group's key and first place compacted to the front.
    ScratchBuffer key_buffer(static_cast<size_t>(n) * sizeof(K)), start_buffer(static_cast<size_t>(n + 1) * 8);
    K* keys = static_cast<K*>(key_buffer.data());
    int64_t* starts = static_cast<int64_t*>(start_buffer.data());
    for (int64_t i = 0; i < n; ++i) keys[i] = Key::key(data[i]);
    vqsort(keys, n);
    constexpr K kNanKey = static_cast<K>(~K(0));  // sorts last
    const K zero_key = Key::key(T(0));
    int64_t end = n;
    if constexpr (!Key::exact)
      while (end > 0 && keys[end - 1] == kNanKey) --end;
    int64_t groups = 0, zero_group = -1;
    for (int64_t i = 0; i < end; ++i) {
      if (i > 0 && keys[i] == keys[i - 1]) continue;
      if (!Key::exact && keys[i] == zero_key) zero_group = groups;
      keys[groups] = keys[i];  // groups <= i: nothing unread is overwritten
      starts[groups++] = i;
    }
    starts[groups] = end;
    const auto [values, counts] = outputs(groups + n - end);
    for (int64_t g = 0; g < groups; ++g) {
      values[g] = Key::value(keys[g]);
      if (counts) counts[g] = starts[g + 1] - starts[g];
    }
    if constexpr (!Key::exact) {
      if (zero_group >= 0)
        for (int64_t e = 0; e < n; ++e)
          if (Key::key(data[e]) == zero_key) {
            values[zero_group] = data[e];
            break;
          }
      int64_t g = groups;
      if (end < n)
        for (int64_t e = 0; e < n; ++e)
          if (Key::key(data[e]) == kNanKey) {
            values[g] = data[e];
            if (counts) counts[g] = 1;
            ++g;
          }
    }
  }
}

}  // namespace ember::kernels
