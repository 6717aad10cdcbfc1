"""TH C bindings: `void cadd(THTensor *r_ = out, THTensor *t = self, real value = alpha, THTensor *src = other)`.

A binding is one C function of TH's API, generated for every dtype of its
op. Each parameter is bound to an argument of the op's signature (or to
`out` / a named return); the C types are TH's, with `THTensor`, `THStorage`,
`real` and `accreal` standing for the per-dtype types.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# C types a binding may use; THTensor/THStorage/real/accreal are per dtype,
# TH<Name>Tensor / TH<Name>Storage (optionally const) name a fixed dtype.
PLAIN_C_TYPES = {
    "void", "int", "long", "ptrdiff_t", "size_t", "double", "float", "char", "const char", "const char *",
    "char *", "void *", "long *", "long **", "int *", "THAllocator *", "THGenerator *", "THDescBuff", "real",
    "accreal", "THTensor *", "const THTensor *", "THTensor **", "THStorage *", "const THStorage *",
    "const void *", "real *",
}
_FIXED = re.compile(r"^(const )?TH(?P<dtype>[A-Z][A-Za-z0-9]*?)(?P<what>Tensor|Storage) \*$")
_PARAM = re.compile(r"^(?P<type>.*?)\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)(\s*=\s*(?P<neg>!)?(?P<bind>[A-Za-z_][A-Za-z0-9_]*))?$")
_FUNC = re.compile(r"^(?P<ret>.*?)\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\((?P<params>.*)\)$")


class BindingError(ValueError):
    pass


def _normalise_type(text: str) -> str:
    text = " ".join(text.replace("*", " * ").split())
    return text.replace("* *", "**")


@dataclass(frozen=True)
class CParam:
    type: str          # normalised: "THTensor *", "real", "THLongTensor *"
    name: str
    bind: str | None   # op argument / return it stands for
    negate: bool = False  # `int biased = !unbiased`: the C flag is the bool argument's negation

    @property
    def fixed_dtype(self) -> str | None:
        m = _FIXED.match(self.type)
        return m.group("dtype") if m and m.group("dtype") else None

    @property
    def is_tensor(self) -> bool:
        return self.type.endswith("Tensor *")

    @property
    def is_storage(self) -> bool:
        return self.type.endswith("Storage *")

    def __str__(self) -> str:
        bind = f" = {'!' if self.negate else ''}{self.bind}" if self.bind else ""
        return f"{self.type}{'' if self.type.endswith('*') else ' '}{self.name}" + bind


FAMILIES = ("Tensor", "Storage", "Blas", "Lapack", "Vector")


@dataclass(frozen=True)
class CBinding:
    family: str             # Tensor | Storage | Blas | Lapack | Vector: THFloatTensor_cadd is family Tensor
    name: str               # without the TH<Type><family>_ prefix: cadd
    ret: str                # normalised C return type
    params: tuple[CParam, ...]

    @property
    def generic_name(self) -> str:
        return f"TH{self.family}_{self.name}"

    def c_name(self, dtype_name: str) -> str:
        return f"TH{dtype_name}{self.family}_{self.name}"

    def param(self, bind: str) -> CParam | None:
        return next((p for p in self.params if p.bind == bind), None)

    def __str__(self) -> str:
        sep = "" if self.ret.endswith("*") else " "
        return f"{self.ret}{sep}{self.generic_name}({', '.join(str(p) for p in self.params)})"


def _check_type(text: str, dtype_names: set[str]) -> str:
    t = _normalise_type(text)
    if t in PLAIN_C_TYPES:
        return t
    m = _FIXED.match(t)
    if m and m.group("dtype") in dtype_names:
        return t
    raise BindingError(f"unknown C type '{text}' (use THTensor *, THStorage *, real, accreal, "
                       f"TH<Type>Tensor *, int, long, ptrdiff_t, ...)")


def parse_binding(text: str, dtype_names: set[str]) -> CBinding:
    m = _FUNC.match(" ".join(text.split()))
    if not m:
        raise BindingError(f"cannot parse C binding '{text}' (expected 'ret name(type param = arg, ...)')")
    params: list[CParam] = []
    body = m.group("params").strip()
    for part in ([p.strip() for p in body.split(",")] if body and body != "void" else []):
        pm = _PARAM.match(part)
        if not pm or not pm.group("type").strip():
            raise BindingError(f"cannot parse C parameter '{part}' (expected 'type name' or 'type name = arg')")
        if any(p.name == pm.group("name") for p in params):
            raise BindingError(f"C parameter '{pm.group('name')}' appears twice")
        params.append(CParam(_check_type(pm.group("type"), dtype_names), pm.group("name"), pm.group("bind"),
                             pm.group("neg") is not None))
    family, _, name = m.group("name").partition("_")
    if family[2:] not in FAMILIES or not family.startswith("TH") or not name:
        raise BindingError(f"C function '{m.group('name')}' must be named THTensor_<name>, THStorage_<name>, "
                           f"THBlas_<name>, THLapack_<name> or THVector_<name> (the per-dtype name is generated)")
    return CBinding(family[2:], name, _check_type(m.group("ret"), dtype_names), tuple(params))
