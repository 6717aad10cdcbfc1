// TH's tensor random functions (THFloatTensor_uniform, ...,
// schemas/math/random.yaml): Torch7's signatures and parameters over the
// fills of runtime/ops/random_fills.h and multinomial.h. Differences from
// TH are errors where TH went on (a NULL generator, parameters outside
// their range, rows of no mass, more samples without replacement than
// categories of non-zero mass), and multinomial leaves its 1-D argument's
// shape alone.
#pragma once

#include <string>

#include "TH/THRandom.h"
#include "ember/dtype.h"
#include "ember/tensor_impl.h"
#include "runtime/ops/multinomial.h"
#include "runtime/ops/random_args.h"

namespace ember::rt {

void th_random(const char* fn, TensorImpl* self, THGenerator* gen);
void th_clamped_random(const char* fn, TensorImpl* self, THGenerator* gen, long min, long max);
void th_capped_random(const char* fn, TensorImpl* self, THGenerator* gen, long max);
void th_geometric(const char* fn, TensorImpl* self, THGenerator* gen, double p);
void th_bernoulli(const char* fn, TensorImpl* self, THGenerator* gen, double p);
void th_bernoulli_tensor(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* p);
void th_uniform(const char* fn, TensorImpl* self, THGenerator* gen, double a, double b);
void th_normal(const char* fn, TensorImpl* self, THGenerator* gen, double mean, double stdv);
void th_normal_means(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* means, double stddev);
void th_normal_stddevs(const char* fn, TensorImpl* self, THGenerator* gen, double mean, TensorImpl* stddevs);
void th_normal_means_stddevs(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* means,
                             TensorImpl* stddevs);
void th_exponential(const char* fn, TensorImpl* self, THGenerator* gen, double lambda);
void th_cauchy(const char* fn, TensorImpl* self, THGenerator* gen, double median, double sigma);
// TH's parameters: the log-normal's own mean and standard deviation.
void th_log_normal(const char* fn, TensorImpl* self, THGenerator* gen, double mean, double stdv);
// 0-based categories, as TH's C wrote them (its Lua layer added 1).
void th_multinomial(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* prob_dist, int n_sample,
                    int with_replacement);
void th_rand(const char* fn, TensorImpl* r, THGenerator* gen, StorageImpl* size);
void th_randn(const char* fn, TensorImpl* r, THGenerator* gen, StorageImpl* size);

// A NULL tensor is an error naming it.
void need_tensors(const char* fn, const TensorImpl* a, const char* a_name, const TensorImpl* b, const char* b_name,
                  const TensorImpl* c, const char* c_name);

// The C-only entries (their C functions call impl<T> with their arguments).
template <class T>
void th_multinomial_alias_setup(TensorImpl* probs, TensorImpl* J, TensorImpl* q) {
  const std::string fn = std::string("TH") + info(dtype_of<T>).name + "Tensor_multinomialAliasSetup";
  need_tensors(fn.c_str(), probs, "probs", J, "J", q, "q");
  alias_setup(fn.c_str(), probs, J, q);
}
template <class T>
void th_multinomial_alias_draw(TensorImpl* self, THGenerator* gen, TensorImpl* J, TensorImpl* q) {
  const std::string fn = std::string("TH") + info(dtype_of<T>).name + "Tensor_multinomialAliasDraw";
  need_tensors(fn.c_str(), self, "self", J, "J", q, "q");
  alias_draw(fn.c_str(), self, need_generator(fn.c_str(), gen), J, q);
}

}  // namespace ember::rt
