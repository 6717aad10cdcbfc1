"""TH's C headers: typed structs, function declarations per family, and
the THGenerate*Type(s).h headers of TH's generic-programming idiom."""
from __future__ import annotations

from ..cbinding import FAMILIES
from ..dtypes import DType
from ..render import render
from ..schema_set import SchemaSet
from ..th_wrappers import THC_FAMILIES, c_declarations, thc_declarations, thc_prefix
from ..writer import Output

# TH's multi-type headers (name -> dtype group), plus ember's complete set.
GENERATE_SETS = {
    "THGenerateAllTypes.h": "th_all",
    "THGenerateFloatTypes.h": "full_floating",
    "THGenerateIntTypes.h": "integral",
    "THGenerateEmberTypes.h": "all",
}


def _conversions(d: DType) -> tuple[str, str]:
    if d.name == "Half":
        return "TH_half2float(_val)", "TH_float2half(_val)"
    if d.name == "BFloat16":
        return "TH_bfloat162float(_val)", "TH_float2bfloat16(_val)"
    return "(accreal)(_val)", "(real)(_val)"


def emit(schemas: SchemaSet, out: Output) -> None:
    dtypes = schemas.dtypes.dtypes
    out.add("generated/include/TH/THTensorTypes.h",
            c_banner(render("THTensorTypes.h.j2", "schemas/dtypes.yaml", __name__, comment="/*", dtypes=dtypes)))
    for family in FAMILIES:
        by_dtype: dict[str, list[str]] = {d.name: [] for d in dtypes}
        for op in schemas.ops:
            for b in op.th:
                if b.family != family:
                    continue
                for d, decl in c_declarations(op):
                    if decl.split("(")[0].endswith(b.c_name(d.name)):
                        by_dtype[d.name].append(decl)
        text = render("THFunctions.h.j2", "the op schemas in schemas/", __name__, comment="/*", family=family,
                      by_dtype=[(d, by_dtype[d.name]) for d in dtypes if by_dtype[d.name]])
        out.add(f"generated/include/TH/TH{family}Functions.h", c_banner(text))
    _emit_thc(schemas, out)
    for d in dtypes:
        to_acc, to_real = _conversions(d)
        out.add(f"generated/include/TH/THGenerate{d.name}Type.h",
                c_banner(render("THGenerateType.h.j2", "schemas/dtypes.yaml", __name__, comment="/*", d=d,
                                 conv_to_acc=to_acc, conv_to_real=to_real)))
    for filename, group in GENERATE_SETS.items():
        members = schemas.dtypes.groups[group]
        out.add(f"generated/include/TH/{filename}",
                c_banner(render("THGenerateTypes.h.j2", "schemas/dtypes.yaml", __name__, comment="/*", filename=filename,
                                 members=members)))


def _emit_thc(schemas: SchemaSet, out: Output) -> None:
    """THC's headers: its typed structs and the CUDA forms of TH's functions."""
    dtypes = schemas.dtypes.dtypes
    out.add("generated/include/THC/THCTensorTypes.h",
            c_banner(render("THCTensorTypes.h.j2", "schemas/dtypes.yaml", __name__, comment="/*", dtypes=dtypes,
                             prefix=thc_prefix)))
    for family in THC_FAMILIES:
        by_dtype: dict[str, list[str]] = {d.name: [] for d in dtypes}
        for op in schemas.ops:
            for b, d, decl in thc_declarations(op):
                if b.family == family:
                    by_dtype[d.name].append(decl)
        text = render("THCFunctions.h.j2", "the op schemas in schemas/", __name__, comment="/*", family=family,
                      example=f"THCuda{family}_<name>",
                      by_dtype=[(d, by_dtype[d.name]) for d in dtypes if by_dtype[d.name]])
        out.add(f"generated/include/THC/THC{family}Functions.h", c_banner(text))


def c_banner(text: str) -> str:
    """Closes the two banner lines as C comments (C89-safe headers)."""
    lines = text.split("\n")
    for i in (0, 1):
        if lines[i].startswith("/*") and not lines[i].endswith("*/"):
            lines[i] += " */"
    return "\n".join(lines)
