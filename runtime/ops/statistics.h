// Statistics composed of other ops (schemas/math/statistics.yaml, kind
// `custom`): var_mean, std_mean and aminmax (moments.cpp), quantile and
// nanquantile (quantile.cpp), cdist (cdist.cpp), diff (diff.cpp), and
// norm with p left out and its words 'fro' and 'nuc' (matrix_norms.cpp). Dtype-free:
// the typed work happens in the ops they call. Each checks every argument
// under its own name before computing, and its out= writes a result
// computed into a new tensor (Note [output aliasing]).
#pragma once

#include <optional>
#include <string_view>
#include <tuple>

#include "ember/tensor_base.h"

namespace ember::rt {

std::tuple<TensorBase, TensorBase> var_mean(const TensorBase& self, bool unbiased);
std::tuple<TensorBase, TensorBase> var_mean(const TensorBase& self, IntList dim, bool unbiased, bool keepdim);
std::tuple<TensorBase, TensorBase> var_mean(const TensorBase& self, IntList dim, std::optional<int64_t> correction,
                                            bool keepdim);
std::tuple<TensorBase, TensorBase> std_mean(const TensorBase& self, bool unbiased);
std::tuple<TensorBase, TensorBase> std_mean(const TensorBase& self, IntList dim, bool unbiased, bool keepdim);
std::tuple<TensorBase, TensorBase> std_mean(const TensorBase& self, IntList dim, std::optional<int64_t> correction,
                                            bool keepdim);

std::tuple<TensorBase, TensorBase> aminmax(const TensorBase& self, std::optional<int64_t> dim, bool keepdim);
void aminmax_out(TensorBase& min, TensorBase& max, const TensorBase& self, std::optional<int64_t> dim, bool keepdim);

TensorBase quantile(const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim, bool keepdim,
                    std::string_view interpolation);
TensorBase quantile(const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                    std::string_view interpolation);
TensorBase nanquantile(const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim, bool keepdim,
                       std::string_view interpolation);
TensorBase nanquantile(const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                       std::string_view interpolation);
void quantile_out(TensorBase& out, const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim,
                  bool keepdim, std::string_view interpolation);
void quantile_out(TensorBase& out, const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                  std::string_view interpolation);
void nanquantile_out(TensorBase& out, const TensorBase& self, const TensorBase& q, std::optional<int64_t> dim,
                     bool keepdim, std::string_view interpolation);
void nanquantile_out(TensorBase& out, const TensorBase& self, double q, std::optional<int64_t> dim, bool keepdim,
                     std::string_view interpolation);

TensorBase cdist(const TensorBase& x1, const TensorBase& x2, double p, std::string_view compute_mode);

TensorBase diff(const TensorBase& self, int64_t n, int64_t dim, const TensorBase& prepend, const TensorBase& append);
void diff_out(TensorBase& out, const TensorBase& self, int64_t n, int64_t dim, const TensorBase& prepend,
              const TensorBase& append);

// norm with p left out (Python's default p='fro'), and p 'fro' or 'nuc'
// (torch.norm's words): the 2-norm over at most 2 dims (every dim when
// `dim` is empty), or the sum of the singular values of the matrices in
// 2 dims (a 2-d self's when empty). Neither takes a dtype, as PyTorch.
TensorBase norm(const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype);
TensorBase norm(const TensorBase& self, std::string_view p, IntList dim, bool keepdim, std::optional<DType> dtype);
void norm_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype);
void norm_out(TensorBase& out, const TensorBase& self, std::string_view p, IntList dim, bool keepdim,
              std::optional<DType> dtype);

}  // namespace ember::rt
