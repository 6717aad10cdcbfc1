// What the sources of view and custom ops (generated/src/ops/) may call:
// their entries name any runtime function (`impl`, `th_impl`), in the
// drivers' layer or TH's. No kernel: those ops leave typed loops to the
// functions they call, so editing a kernel does not recompile them.
#pragma once

#include <array>
#include <tuple>

#include "TH/THTensorTypes.h"
#include "ember/error.h"
#include "ember/tensor_base.h"
#include "ember/th_error.h"
#include "ember/views.h"
#include "runtime/ops/advanced_index.h"
#include "runtime/ops/construct_ops.h"
#include "runtime/ops/blas_plan.h"
#include "runtime/ops/conv.h"
#include "runtime/ops/copy_plan.h"
#include "runtime/core/derived_views.h"
#include "runtime/ops/dim_plan.h"
#include "runtime/ops/index_ops.h"
#include "runtime/ops/linalg_api.h"
#include "runtime/ops/masked_ops.h"
#include "runtime/ops/nonzero_check.h"
#include "runtime/ops/pointwise_plan.h"
#include "runtime/ops/random_ops.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/reduce_plan.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/structure_copies.h"
#include "runtime/ops/structure_ops.h"
#include "runtime/ops/tensor_queries.h"
#include "runtime/ops/tensor_operands.h"
#include "runtime/th/api.h"
#include "runtime/th/vector.h"
#include "runtime/th/blas.h"
#include "runtime/th/construct.h"
#include "runtime/th/conv.h"
#include "runtime/th/elements.h"
#include "runtime/th/geometry.h"
#include "runtime/th/lapack.h"
#include "runtime/th/long_storage.h"
#include "runtime/th/plan.h"
#include "runtime/th/random_tensor.h"
#include "runtime/th/reduce.h"
#include "runtime/th/storage.h"
#include "runtime/th/tensor.h"
#include "runtime/th/tensor_lapack.h"
