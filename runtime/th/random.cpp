// TH's THGenerator and THRandom_* C functions over runtime/core/generator.h
// and distributions.h. Each checks its arguments (NULL generator, Torch7's
// parameter ranges) and reports through TH's handlers like the generated
// functions (runtime/th/thunk.h); every draw holds the generator's lock.
#include <climits>
#include <cmath>
#include <mutex>

#include "TH/THRandom.h"
#include "ember/export.h"
#include "runtime/core/distributions.h"
#include "runtime/core/generator.h"
#include "runtime/ops/random_args.h"
#include "runtime/th/thunk.h"

using namespace ember;

namespace {

// Runs draw(g) under g's lock after checking g, reporting errors as TH's
// argument errors (the generator is argument 1 of every function here).
template <size_t N, class F>
[[gnu::always_inline]] inline auto with_generator(const char* fn, const th::ArgNames<N>& args, THGenerator* gen,
                                                 const F& draw) {
  return th::guarded(args, [&] {
    THGenerator& g = rt::need_generator(fn, gen);
    std::lock_guard<std::mutex> lock(rt::generator_mutex(&g));
    return draw(g);
  });
}

constexpr th::ArgNames<1> kGenOnly = {"_generator"};

}  // namespace

EMBER_API THGenerator* THGenerator_new(void) {
  return th::guarded(th::ArgNames<0>{}, [] {
    THGenerator* g = new THGenerator;
    rt::seed_randomly(*g);
    return g;
  });
}

EMBER_API THGenerator* THGenerator_copy(THGenerator* self, THGenerator* from) {
  return th::guarded(th::ArgNames<2>{"self", "from"}, [&] {
    rt::need_generator("THGenerator_copy", self, "self");
    rt::need_generator("THGenerator_copy", from, "from");
    if (self != from) {
      // Both locks, in address order so that two opposite copies cannot deadlock.
      std::mutex& a = rt::generator_mutex(self < from ? self : from);
      std::mutex& b = rt::generator_mutex(self < from ? from : self);
      std::unique_lock<std::mutex> la(a);
      std::unique_lock<std::mutex> lb(b, std::defer_lock);
      if (&a != &b) lb.lock();
      *self = *from;
    }
    return self;
  });
}

EMBER_API void THGenerator_free(THGenerator* gen) { delete gen; }

EMBER_API int THGenerator_isValid(THGenerator* gen) { return gen != nullptr && rt::state_is_valid(*gen); }

EMBER_API unsigned long THRandom_seed(THGenerator* gen) {
  return with_generator("THRandom_seed", kGenOnly, gen,
                        [](THGenerator& g) { return static_cast<unsigned long>(rt::seed_randomly(g)); });
}

EMBER_API void THRandom_manualSeed(THGenerator* gen, unsigned long seed) {
  with_generator("THRandom_manualSeed", th::ArgNames<2>{"_generator", "the_seed_"}, gen,
                 [&](THGenerator& g) { rt::manual_seed(g, seed); });
}

EMBER_API unsigned long THRandom_initialSeed(THGenerator* gen) {
  return with_generator("THRandom_initialSeed", kGenOnly, gen, [](THGenerator& g) { return g.the_initial_seed; });
}

EMBER_API unsigned long THRandom_random(THGenerator* gen) {
  return with_generator("THRandom_random", kGenOnly, gen,
                        [](THGenerator& g) { return static_cast<unsigned long>(rt::next_u32(g)); });
}

EMBER_API unsigned long long THRandom_random64(THGenerator* gen) {
  return with_generator("THRandom_random64", kGenOnly, gen,
                        [](THGenerator& g) { return static_cast<unsigned long long>(rt::next_u64(g)); });
}

EMBER_API double THRandom_uniform(THGenerator* gen, double a, double b) {
  return with_generator("THRandom_uniform", th::ArgNames<3>{"_generator", "a", "b"}, gen, [&](THGenerator& g) {
    rt::check_range("THRandom_uniform", a, b, "b");
    return rt::uniform(g, a, b);
  });
}

EMBER_API double THRandom_normal(THGenerator* gen, double mean, double stdv) {
  return with_generator("THRandom_normal", th::ArgNames<3>{"_generator", "mean", "stdv"}, gen, [&](THGenerator& g) {
    rt::check_positive("THRandom_normal", stdv, "stdv", "the standard deviation");
    return rt::normal(g, mean, stdv);
  });
}

EMBER_API double THRandom_exponential(THGenerator* gen, double lambda) {
  return with_generator("THRandom_exponential", th::ArgNames<2>{"_generator", "lambda"}, gen, [&](THGenerator& g) {
    rt::check_positive("THRandom_exponential", lambda, "lambda", "the rate");
    return rt::exponential(g, lambda);
  });
}

EMBER_API double THRandom_cauchy(THGenerator* gen, double median, double sigma) {
  return with_generator("THRandom_cauchy", th::ArgNames<3>{"_generator", "median", "sigma"}, gen,
                        [&](THGenerator& g) {
                          rt::check_positive("THRandom_cauchy", sigma, "sigma", "the scale");
                          return rt::cauchy(g, median, sigma);
                        });
}

EMBER_API double THRandom_logNormal(THGenerator* gen, double mean, double stdv) {
  return with_generator("THRandom_logNormal", th::ArgNames<3>{"_generator", "mean", "stdv"}, gen,
                        [&](THGenerator& g) {
                          rt::check_positive("THRandom_logNormal", stdv, "stdv", "the standard deviation");
                          return rt::log_normal(g, mean, stdv);
                        });
}

EMBER_API int THRandom_geometric(THGenerator* gen, double p) {
  return with_generator("THRandom_geometric", th::ArgNames<2>{"_generator", "p"}, gen, [&](THGenerator& g) {
    rt::check_open_probability("THRandom_geometric", p, "p");
    const int64_t k = rt::geometric(g, std::log(p));
    return k > INT_MAX ? INT_MAX : static_cast<int>(k);  // TH returns an int
  });
}

EMBER_API int THRandom_bernoulli(THGenerator* gen, double p) {
  return with_generator("THRandom_bernoulli", th::ArgNames<2>{"_generator", "p"}, gen, [&](THGenerator& g) {
    rt::check_probability("THRandom_bernoulli", p, "p");
    return rt::bernoulli(g, p);
  });
}
