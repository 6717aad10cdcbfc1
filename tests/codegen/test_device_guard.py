"""The device guard (codegen/cpp.py device_guard, docs/cuda.md): every C++
API function of an op without CUDA kernels first checks each tensor
argument, out= and lists included, with the name the schema gives it; a
view's functions take tensors of any device and have no checks."""
from __future__ import annotations

from conftest import NEG

FILE = "schemas/math/t.yaml"

OPS = NEG + """
  - signature: glue(Tensor[] tensors, int dim=0) -> Tensor
    variants: [function, out]
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::glue}
    doc: Glue.
    test: {gtest: [Glue.All]}

  - signature: flipped(Tensor(a) self) -> Tensor(a)
    variants: [function, method]
    dtypes: {cpu: all}
    kernel: {kind: view, impl: rt::flipped}
    doc: A view.
    test: {gtest: [Flipped.All]}
"""


def test_each_tensor_argument_is_checked_by_name(repo):
    neg = repo.generate(FILE, OPS, "generated/src/ops/t/neg.cpp")
    assert '#include "runtime/ops/device_guard.h"' in neg
    assert neg.count('rt::require_cpu("neg", self, "self");') == 3  # function, in place, out=
    assert neg.count('rt::require_cpu("neg", out, "out");') == 1
    body = neg[neg.index("base::neg_out("):]
    assert body.index('require_cpu("neg", out') < body.index("return out;")
    glue = (repo.root / "generated/src/ops/t/glue.cpp").read_text()
    assert glue.count('rt::require_cpu("glue", tensors, "tensors");') == 2
    flipped = (repo.root / "generated/src/ops/t/flipped.cpp").read_text()
    assert "require_cpu" not in flipped
