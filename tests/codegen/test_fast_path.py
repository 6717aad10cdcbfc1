"""A pointwise entry's `fast_path` (docs/adding-an-op.md): the CPU kernel
tries kernels::f<OutT, T>(ops) from kernels/f.h before the expression's
loop; the CUDA source neither calls nor includes it."""
from __future__ import annotations

from conftest import NEG

FILE = "schemas/math/t.yaml"


def test_the_cpu_kernel_tries_the_fast_path_first(repo):
    repo.write(FILE, NEG.replace('expr: "-self"}', 'expr: "-self", fast_path: kernels::neg_fast}')
                       .replace("dtypes: {cpu: signed}", "dtypes: {cpu: signed, cuda: [Float]}"))
    r = repo.codegen()
    assert r.code == 0, r.err
    cpp = (repo.root / "generated/src/ops/t/neg.cpp").read_text()
    assert '#include "kernels/neg_fast.h"' in cpp
    kernel = cpp[cpp.index("void neg_kernel("):]
    assert kernel.index("if (kernels::neg_fast<OutT, T>(ops)) return;") < kernel.index("kernels::pointwise<")
    cu = (repo.root / "generated/src/cuda/t/neg.cu").read_text()
    assert "neg_fast" not in cu


def test_a_fast_path_outside_kernels_is_refused(repo):
    repo.write(FILE, NEG.replace('expr: "-self"}', 'expr: "-self", fast_path: rt::neg_fast}'))
    r = repo.codegen()
    assert r.code == 2
    assert "'fast_path' must name a function kernels::f (in kernels/f.h), got 'rt::neg_fast'" in r.err
