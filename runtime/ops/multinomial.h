// Sampling categories: Torch7's multinomial (a binary search of one
// uniform draw in each row's normalized cumulative sums; without
// replacement, the drawn category's mass removed and the rest
// renormalized as Torch7 did) and Walker's alias method (TH's
// multinomialAliasSetup / multinomialAliasDraw).
#pragma once

#include <cstdint>

#include "TH/THRandom.h"
#include "ember/tensor_base.h"

namespace ember::rt {

// Category indices (0-based) drawn from each row of `probs` (1-D: one
// distribution, result [n]; 2-D: one per row, result [rows, n]), int64.
// Checks first: probabilities finite and >= 0, each row's sum > 0, n > 0,
// and without replacement n <= the row's non-zero categories.
TensorBase multinomial_draw(const char* op, TensorImpl* probs, int64_t n, bool replacement, THGenerator& g);

// J (int64) and q (probs' dtype), resized to K = probs' length: category
// i is kept with probability q[i], else its alias J[i] - 1 is taken (J is
// 1-based, 0 where there is none, as TH's draw reads it). probs: 1-D,
// finite, >= 0, sum > 0 (normalized here).
void alias_setup(const char* op, TensorImpl* probs, TensorImpl* J, TensorImpl* q);
// Fills every element of self (int64) with a 0-based category: one
// uniform draw picks a column, a second keeps it or takes its alias.
void alias_draw(const char* op, TensorImpl* self, THGenerator& g, TensorImpl* J, TensorImpl* q);

}  // namespace ember::rt
