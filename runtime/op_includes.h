// Everything a generated op source (generated/src/ops/) may use: the C++
// API, the drivers that give ops their semantics, the kernels, and the TH
// C boundary.
#pragma once

#include <array>
#include <tuple>

#include "TH/THTensorTypes.h"
#include "ember/error.h"
#include "ember/tensor.h"
#include "ember/th_error.h"
#include "ember/views.h"
#include "kernels/copy.h"
#include "kernels/histogram.h"
#include "kernels/pointwise.h"
#include "kernels/reduce.h"
#include "kernels/reducers.h"
#include "kernels/scan.h"
#include "kernels/select.h"
#include "kernels/sort.h"
#include "kernels/scalar_ops.h"
#include "runtime/advanced_index.h"
#include "runtime/construct_ops.h"
#include "runtime/copy_plan.h"
#include "runtime/derived_views.h"
#include "runtime/dim_plan.h"
#include "runtime/index_ops.h"
#include "runtime/masked_ops.h"
#include "runtime/nonzero_check.h"
#include "runtime/pointwise_plan.h"
#include "runtime/reduce_ops.h"
#include "runtime/reduce_plan.h"
#include "runtime/structure_copies.h"
#include "runtime/structure_ops.h"
#include "runtime/tensor_queries.h"
#include "runtime/tensor_operands.h"
#include "runtime/th_api.h"
#include "runtime/th_elements.h"
#include "runtime/th_geometry.h"
#include "runtime/th_long_storage.h"
#include "runtime/th_plan.h"
#include "runtime/th_storage.h"
#include "runtime/th_tensor.h"
