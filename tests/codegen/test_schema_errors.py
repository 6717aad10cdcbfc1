"""Malformed schemas stop generation with `error: file:line: message` and
exit code 2; each case checks the exact line and a fragment of the message."""
from __future__ import annotations

import pytest

from conftest import NEG, line_of

FILE = "schemas/math/t.yaml"


def broken(old: str, new: str, base: str = NEG) -> str:
    assert base.count(old) == 1, old
    return base.replace(old, new)


ABS = """\
  - signature: abs(Tensor self) -> Tensor
    dtypes: {cpu: all_but_bool}
    kernel: {kind: pointwise, expr: "ops::abs(self)"}
    th:
      - void THTensor_abs(THTensor *r_ = out, THTensor *t = self)
    doc: Absolute value.
    test: {ref: "self < 0 ? -self : self"}
"""

# A custom op drawing from a Generator? (the random ops' shape).
SHUFFLE = """\
ops:
  - signature: shuffle(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)
    variants: [inplace]
    dtypes: {cpu: all}
    kernel: {kind: custom, impl: rt::shuffle, th_dtypes: full_floating}
    doc: Shuffles.
    test: {gtest: [Shuffle.All]}
"""

# (schema text, the fragment of the line the error points at, message fragment)
CASES = {
    "th_dtypes without C bindings": (SHUFFLE, "kernel:", "'th_dtypes' lists the dtypes of C bindings"),
    "unknown key": (broken("    doc: Negates each element.\n", "    doc: Negates each element.\n    colour: red\n"),
                    "colour:", "unknown key 'colour' in an op"),
    "unknown dtype": (broken("dtypes: {cpu: signed}", "dtypes: {cpu: [Float, Quad]}"),
                      "dtypes:", "unknown dtype or group 'Quad'"),
    "unknown group": (broken("dtypes: {cpu: signed}", "dtypes: {cpu: numerical}"),
                      "dtypes:", "unknown dtype or group 'numerical'"),
    "unknown backend": (broken("dtypes: {cpu: signed}", "dtypes: {cpu: signed, tpu: all}"),
                        "dtypes:", "unknown key 'tpu' in 'dtypes'"),
    "bad type in signature": (broken("neg(Tensor self)", "neg(Tensr self)"),
                              "signature:", "unknown argument type 'Tensr'"),
    "unparsable signature": (broken("neg(Tensor self) -> Tensor", "neg(Tensor self) Tensor"),
                             "signature:", "cannot parse signature"),
    "duplicate op name": (NEG + NEG.split("ops:\n")[1], "- signature: neg", "duplicate op 'neg'"),
    "duplicate C binding": (NEG + broken("THTensor_abs(THTensor *r_ = out, THTensor *t = self)",
                                         "THTensor_neg(THTensor *r_ = out, THTensor *t = self)", ABS),
                            "- signature: abs", "C function 'THTensor_neg' is bound twice"),
    "missing doc": (broken("    doc: Negates each element.\n", ""), "- signature:", "missing required key 'doc'"),
    "missing test": (broken('    test: {ref: "-self", tol: {Half: 1e-3}}\n', ""),
                     "- signature:", "missing required key 'test'"),
    "missing dtypes": (broken("    dtypes: {cpu: signed}\n", ""), "- signature:", "missing required key 'dtypes'"),
    "missing kernel": (broken('    kernel: {kind: pointwise, expr: "-self"}\n', ""),
                       "- signature:", "missing required key 'kernel'"),
    "missing kernel expr": (broken('{kind: pointwise, expr: "-self"}', "{kind: pointwise}"),
                            "kernel:", "missing required key 'expr'"),
    "unknown kernel kind": (broken("kind: pointwise", "kind: pointwize"), "kernel:", "unknown kernel kind 'pointwize'"),
    "unknown BLAS routine": (broken('{kind: pointwise, expr: "-self"}', "{kind: blas, impl: rt::run_neg, routine: gemmm}"),
                             "kernel:", "unknown BLAS routine 'gemmm'"),
    "blas kernel without a routine": (broken('{kind: pointwise, expr: "-self"}', "{kind: blas, impl: rt::run_neg}"),
                                      "kernel:", "missing required key 'routine'"),
    "unknown dtype in th_dtypes": (broken('expr: "-self"}', 'expr: "-self", th_dtypes: [Quad]}'),
                                   "kernel:", "unknown dtype or group 'Quad'"),
    "negative_power_error on a tensor": (broken('expr: "-self"}', 'expr: "-self", negative_power_error: self}'),
                                         "kernel:", "'negative_power_error' must name a Tensor|Scalar argument"),
    "th_type_error overlapping the computed dtypes": (broken('expr: "-self"}', 'expr: "-self", th_type_error: [Float, Byte]}'),
                                                       "kernel:", "'th_type_error' lists dtypes the C forms compute: Float"),
    "th_type_error not a list": (broken('expr: "-self"}', 'expr: "-self", th_type_error: []}'),
                                 "kernel:", "'th_type_error' must be a group, a dtype, or a list of them"),
    "unknown layout to skip": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", skip_layouts: [Sparse], gtest: [A.B]}'),
                               "test:", "'skip_layouts' must list layouts of"),
    "skipped layout without gtest": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", skip_layouts: [Special]}'),
                                     "test:", "skipped layouts need the hand-written tests"),
    "test shape not 2-d": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", shape: [5]}'),
                           "test:", "'shape' must be [rows, columns] of positive integers"),
    "numpy_dtypes without numpy": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", numpy_dtypes: [Float], gtest: [A.B]}'),
                                   "test:", "'numpy_dtypes' lists the dtypes of the 'numpy' test"),
    "numpy_dtypes without gtest": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", numpy: "-self", numpy_dtypes: [Float]}'),
                                   "test:", "dtypes left out of the 'numpy' test need the hand-written tests"),
    "shape of an unknown argument": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", shapes: {input: [a]}}'),
                                     "test:", "shape for 'input', which is not a Tensor argument"),
    "shape with an unknown symbol": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", shapes: {self: [a, z]}}'),
                                     "test:", "shape of self must list sizes and symbols"),
    "values of an unknown kind": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", values: {self: index(axis)}}'),
                                  "test:", "values of self must be mask, sorted, flat_index, index(<int dim argument>)"),
    "magnitude_tol not a bool": (broken('{ref: "-self", tol: {Half: 1e-3}}', '{ref: "-self", magnitude_tol: yes please}'),
                                 "test:", "'magnitude_tol' must be true or false"),
    "ulp bound for an integral dtype": (broken("tol: {Half: 1e-3}}", "tol: {Half: 1e-3}, ulp: {Int: 1}}"),
                                        "test:", "ulp bound for 'Int', which is not a floating dtype"),
    "ulp bound of zero": (broken("tol: {Half: 1e-3}}", "tol: {Half: 1e-3}, ulp: {Float: 0}}"),
                          "test:", "ulp bound for Float must be a number > 0"),
    "ulp bound without a reference": (broken('{ref: "-self", tol: {Half: 1e-3}}', "{gtest: [Neg.All], ulp: {Float: 1}}"),
                                      "test:", "ulp bounds are measured against 'ref'"),
    "ulp bound for a dtype not computed": (broken("dtypes: {cpu: signed}", "dtypes: {cpu: [Int, Double]}",
                                                  broken("tol: {Half: 1e-3}}", "tol: {Half: 1e-3}, ulp: {Float: 1}}")),
                                           "test:", "ulp bound for Float, which neg does not compute on the CPU"),
    "empty th_expr": (broken('expr: "-self"}', 'expr: "-self", th_expr: ""}'), "kernel:", "'th_expr' must be a non-empty string"),
    "binding to an unknown argument": (broken("*src = self", "*src = input"),
                                       "THTensor_neg", "binds unknown argument 'input'"),
    "binding without a bound argument": (broken("*src = self", "*src"), "THTensor_neg",
                                         "C parameter 'src' of neg must say which argument it binds"),
    "binding with an unknown C type": (broken("THTensor *src", "THTensr *src"), "THTensor_neg", "unknown C type"),
    "negative tolerance": (broken("tol: {Half: 1e-3}", "tol: {Half: -1}"),
                           "test:", "tolerance for Half must be a number >= 0"),
    "tolerance that is no number": (broken("tol: {Half: 1e-3}", "tol: {Half: tight}"),
                                    "test:", "tolerance for Half must be a number >= 0"),
    "tolerance for an unknown dtype": (broken("tol: {Half: 1e-3}", "tol: {Quad: 1e-3}"),
                                       "test:", "tolerance for unknown dtype 'Quad'"),
    "domain of an unknown argument": (broken('test: {ref: "-self"', 'test: {ref: "-self", domain: {x: [0, 1]}'),
                                      "test:", "domain for unknown argument 'x'"),
    "nonzero naming no kernel input": (broken('expr: "-self"}', 'expr: "-self", nonzero: other}'),
                                       "kernel:", "'nonzero' must name a kernel input"),
    "error naming no argument": (NEG + '    errors:\n      - {raises: Value, arg: src, when: "never", example: "x"}\n',
                                 "raises:", "'arg' must name an argument of neg"),
    "error of an unknown kind": (NEG + '    errors:\n      - {raises: Oops, when: "never", example: "x"}\n',
                                 "raises:", "'raises' must be one of"),
    "YAML syntax error": (broken("dtypes: {cpu: signed}", "dtypes: {cpu: [signed}"), "dtypes:", "YAML syntax error"),
    # Found by the test emitter (codegen/emit/op_tests.py), still file:line.
    "reference reducer unknown": ("""\
ops:
  - signature: sum(Tensor self) -> Tensor
    dtypes: {cpu: all}
    kernel: {kind: reduce, identity: "0", combine: "acc + x", merge: "a + b", result: integral_to_long}
    doc: Sum.
    test: {ref: "total"}
""", "- signature:", "names a reference reducer (sum, prod, mean, var, std, norm, max, min, all, any), got 'total'"),
    "float_runs not a small integer": ("""\
ops:
  - signature: sum(Tensor self) -> Tensor
    dtypes: {cpu: all}
    kernel: {kind: reduce, identity: "0", combine: "acc + x", merge: "a + b", float_runs: 64}
    doc: Sum.
    test: {ref: sum}
""", "float_runs:", "'float_runs' must be an integer from 2 to 16, got 64"),
    "float_runs with a reducer": ("""\
ops:
  - signature: prod(Tensor self) -> Tensor
    dtypes: {cpu: all}
    kernel: {kind: reduce, reducer: kernels::Prod, float_runs: 8}
    doc: Product.
    test: {ref: prod}
""", "float_runs:", "'float_runs' is for expressions; a 'reducer' declares its own run_reducer"),
    "python_names of an unknown argument": (NEG + "    python_names: {input: x}\n", "input: x",
                                            "'python_names' names 'input', not an argument of neg"),
    "python_names not an identifier": (NEG + "    python_names: {self: 2x}\n", "self: 2x",
                                       "the Python name of 'self' must be an identifier"),
    "python_names without a function": (broken("variants: [function, method, inplace, out]", "variants: [method]",
                                               NEG + "    python_names: {self: x}\n"),
                                        "python_names:", "'python_names' renames the arguments of the Python function"),
    "cuda dtypes without CUDA kernels": ("""\
ops:
  - signature: cumsum(Tensor self, int dim) -> Tensor
    dtypes: {cpu: all, cuda: all}
    kernel: {kind: along_dim, impl: kernels::cumsum_dim, length: same, result: integral_to_long}
    doc: Running sums.
    test: {gtest: [Cumsum.All]}
""", "dtypes:", "the 'along_dim' kind generates no CUDA kernels yet"),
    "cuda dtypes not on the cpu": (broken("dtypes: {cpu: signed}", "dtypes: {cpu: signed, cuda: [Float, Byte]}"),
                                   "dtypes:", "cuda dtypes must be cpu dtypes too; not on the cpu: Byte"),
    "inplace_function without inplace": (broken("variants: [function, method, inplace, out]",
                                                "variants: [function, inplace_function]"),
                                         "variants:", "variant 'inplace_function' is the module form of variant 'inplace'"),
    "aliases not identifiers": (NEG + "    aliases: [2x]\n", "aliases:", "'aliases' must be a list of identifiers"),
    "alias naming the op itself": (NEG + "    aliases: [negative, neg]\n", "aliases:",
                                   "'aliases' of neg must be other names, each once"),
    "alias naming another op": (NEG + "    aliases: [abs]\n" + ABS, "- signature: neg",
                                "alias 'abs' of neg is already an op"),
    "alias of two ops": (NEG + "    aliases: [minus]\n" + ABS + "    aliases: [minus]\n", "- signature: abs",
                         "alias 'minus' of abs is also an alias of neg"),
    "error example calling another op's C function": (
        NEG + '    errors:\n      - {raises: Value, arg: self, when: "never", example: "THIntTensor_cadd(nullptr)"}\n',
        "raises:", "calls THIntTensor_cadd, which is not a C function of neg"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_malformed_schema_is_an_error_at_its_line(repo, name):
    text, at, fragment = CASES[name]
    repo.write(FILE, text)
    r = repo.codegen()
    assert r.code == 2, r.err
    line = line_of(text, at, nth=2 if name.startswith("duplicate op") else 1)
    prefix = f"error: {FILE}:{line}: "
    assert r.err.startswith(prefix), r.err
    assert fragment in r.err, r.err


def test_error_in_dtypes_yaml_names_that_file(repo):
    path = repo.root / "schemas" / "dtypes.yaml"
    text = path.read_text().replace("kind: integral, signed: true,  size: 2", "kind: integer, signed: true,  size: 2")
    path.write_text(text)
    repo.write(FILE, NEG)
    r = repo.codegen()
    assert r.code == 2
    assert r.err.startswith(f"error: schemas/dtypes.yaml:{line_of(text, 'kind: integer')}: "), r.err
    assert "kind must be one of" in r.err


# Broken columns of schemas/dtypes.yaml: (text, its replacement, message fragment).
DTYPE_CASES = {
    "format of two letters": ("format: 'q', ", "format: 'qq',", "'format' must be one struct-module letter"),
    "format not a struct letter": ("format: 'e', ", "format: 'x', ", "'format' must be one struct-module letter"),
    "duplicate format": ("format: 'i', ", "format: 'h', ", "duplicate dtype format 'h'"),
    "unknown DLPack code": ("dlpack: kDLBfloat,", "dlpack: kDLBFloat,", "'dlpack' must be one of kDLInt"),
    "duplicate DLPack type": ("dlpack: kDLBfloat,", "dlpack: kDLFloat, ", "duplicate DLPack type kDLFloat of 16 bits"),
    "exact_int negative": ("exact_int: 2048,", "exact_int: -1,  ", "'exact_int' must be an integer from 0 to 2^63 - 1"),
    "exact_int past int64": ("exact_int: 9223372036854775807,", "exact_int: 9223372036854775808,",
                             "'exact_int' must be an integer from 0 to 2^63 - 1"),
    "exact_int not a number": ("exact_int: 256,", "exact_int: 2^8,", "'exact_int' must be an integer"),
    "missing exact_int": ("exact_int: 255, ", "", "missing required key 'exact_int'"),
}


@pytest.mark.parametrize("name", sorted(DTYPE_CASES))
def test_malformed_dtype_column_is_an_error_at_its_line(repo, name):
    old, new, fragment = DTYPE_CASES[name]
    path = repo.root / "schemas" / "dtypes.yaml"
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))
    repo.write(FILE, NEG)
    r = repo.codegen()
    assert r.code == 2, r.err
    assert r.err.startswith(f"error: schemas/dtypes.yaml:{line_of(text, old)}: "), r.err
    assert fragment in r.err, r.err


def test_valid_schema_generates(repo):
    repo.write(FILE, NEG)
    r = repo.codegen()
    assert r.code == 0, r.err
    assert (repo.root / "generated/src/ops/t/neg.cpp").is_file()
    assert (repo.root / "generated/tests/t/neg.cpp").is_file()
