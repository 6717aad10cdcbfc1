"""schemas/dtypes.yaml -> DType and the named dtype groups."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import Location, SchemaError
from .yaml_source import Node, Seq, load

KINDS = ("bool", "integral", "floating")
DTYPE_KEYS = {"name", "cpp", "c", "acc", "c_acc", "thc_c_acc", "numpy", "kind", "signed", "size", "th_inf", "format", "dlpack",
              "exact_int", "aliases"}
# Native-size struct-module letters (PEP 3118) a buffer of one number may carry.
FORMATS = "?bBhHiIlLqQnNefd"
# DLDataTypeCode's enumerators for numbers (runtime/python/dlpack.h).
DLPACK_CODES = ("kDLInt", "kDLUInt", "kDLFloat", "kDLBfloat", "kDLComplex", "kDLBool")
INT64_MAX = 2**63 - 1


@dataclass(frozen=True)
class DType:
    name: str        # TH's name: Float
    cpp: str         # element type inside the library
    c: str           # TH's `real`
    acc: str         # accumulate type in C++
    c_acc: str       # TH's `accreal`
    thc_c_acc: str   # THC's `accreal` (float for Float)
    numpy: str       # float32
    kind: str        # bool | integral | floating
    signed: bool
    size: int
    th_inf: str      # TH's THInf for the type, a C expression
    format: str | None  # struct-module letter; None where NumPy has no such type
    dlpack: str      # DLDataTypeCode enumerator: kDLFloat
    exact_int: int   # largest n such that every integer 0 .. n is exact
    aliases: tuple[str, ...]
    index: int       # position in dtypes.yaml = value of ember::DType
    where: Location

    @property
    def upper(self) -> str:
        return self.name.upper()

    @property
    def is_floating(self) -> bool:
        return self.kind == "floating"


@dataclass(frozen=True)
class DTypeTable:
    dtypes: tuple[DType, ...]
    groups: dict[str, tuple[str, ...]]  # group -> dtype names, in dtype order

    def by_name(self, name: str) -> DType:
        return next(d for d in self.dtypes if d.name == name)

    def resolve(self, names: list[str], where: Location) -> tuple[DType, ...]:
        """A list of dtype and group names -> the dtypes, in table order."""
        chosen: set[str] = set()
        for name in names:
            if not isinstance(name, str):
                raise SchemaError(where, f"dtype list entries must be names, got {name!r}")
            if name in self.groups:
                chosen.update(self.groups[name])
            elif any(d.name == name for d in self.dtypes):
                chosen.add(name)
            else:
                known = ", ".join([d.name for d in self.dtypes] + sorted(self.groups))
                raise SchemaError(where, f"unknown dtype or group '{name}' (known: {known})")
        return tuple(d for d in self.dtypes if d.name in chosen)


def _dtype(node: object, index: int, where: Location) -> DType:
    if not isinstance(node, Node):
        raise SchemaError(where, "each dtype must be a mapping")
    node.check_keys(DTYPE_KEYS, "a dtype")
    for key in DTYPE_KEYS:
        node.require(key)
    kind = node.get("kind")
    if kind not in KINDS:
        raise SchemaError(node.at("kind"), f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    for key in ("name", "cpp", "c", "acc", "c_acc", "thc_c_acc", "numpy", "th_inf"):
        if not isinstance(node.get(key), str):
            raise SchemaError(node.at(key), f"'{key}' must be a string")
    if not isinstance(node.get("signed"), bool):
        raise SchemaError(node.at("signed"), "'signed' must be true or false")
    if node.get("size") not in (1, 2, 4, 8):
        raise SchemaError(node.at("size"), "'size' must be 1, 2, 4 or 8")
    fmt = node.get("format")
    if fmt is not None and (not isinstance(fmt, str) or len(fmt) != 1 or fmt not in FORMATS):
        raise SchemaError(node.at("format"), f"'format' must be one struct-module letter of {FORMATS}, or null, "
                                             f"got {fmt!r}")
    if node.get("dlpack") not in DLPACK_CODES:
        raise SchemaError(node.at("dlpack"), f"'dlpack' must be one of {', '.join(DLPACK_CODES)}, "
                                             f"got {node.get('dlpack')!r}")
    exact = node.get("exact_int")
    if type(exact) is not int or not 0 <= exact <= INT64_MAX:
        raise SchemaError(node.at("exact_int"), f"'exact_int' must be an integer from 0 to 2^63 - 1, got {exact!r}")
    aliases = node.get("aliases")
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise SchemaError(node.at("aliases"), "'aliases' must be a list of names")
    return DType(name=node.get("name"), cpp=node.get("cpp"), c=node.get("c"), acc=node.get("acc"),
                  c_acc=node.get("c_acc"), thc_c_acc=node.get("thc_c_acc"), numpy=node.get("numpy"), kind=kind,
                  signed=node.get("signed"), size=node.get("size"), th_inf=str(node.get("th_inf")),
                  format=fmt, dlpack=node.get("dlpack"), exact_int=exact, aliases=tuple(aliases),
                  index=index, where=node.where)


def load_dtypes(path: Path, display: str) -> DTypeTable:
    root = load(path, display)
    if not isinstance(root, Node):
        raise SchemaError(Location(display, 1), "dtypes.yaml must be a mapping with 'dtypes' and 'groups'")
    root.check_keys({"dtypes", "groups"}, "dtypes.yaml")
    entries = root.require("dtypes")
    if not isinstance(entries, Seq):
        raise SchemaError(root.at("dtypes"), "'dtypes' must be a list")
    dtypes: list[DType] = []
    for i, (entry, where) in enumerate(zip(entries, entries.lines)):
        dtype = _dtype(entry, i, where)
        for other in dtypes:
            for field in ("name", "numpy", "format"):
                if getattr(dtype, field) is not None and getattr(other, field) == getattr(dtype, field):
                    raise SchemaError(dtype.where, f"duplicate dtype {field} '{getattr(dtype, field)}' "
                                                   f"(first at {other.where})")
            # The runtime finds a DLPack type's dtype by code and bits.
            if (other.dlpack, other.size) == (dtype.dlpack, dtype.size):
                raise SchemaError(dtype.where, f"duplicate DLPack type {dtype.dlpack} of {dtype.size * 8} bits "
                                               f"(first at {other.where})")
        dtypes.append(dtype)
    names = {d.name for d in dtypes}

    groups_node = root.get("groups")
    if not isinstance(groups_node, Node):
        raise SchemaError(root.at("groups"), "'groups' must be a mapping")
    expanded: dict[str, set[str]] = {"all": set(names)}
    for group in groups_node.keys():
        if group in names or group == "all":
            raise SchemaError(groups_node.at(group), f"group '{group}' shadows a dtype or 'all'")
        members = groups_node.get(group)
        if not isinstance(members, list):
            raise SchemaError(groups_node.at(group), f"group '{group}' must be a list")
        chosen: set[str] = set()
        for member in members:
            if member in names:
                chosen.add(member)
            elif member in expanded:
                chosen |= expanded[member]
            else:
                raise SchemaError(groups_node.at(group),
                                  f"group '{group}' names unknown dtype or earlier group '{member}'")
        expanded[group] = chosen
    order = [d.name for d in dtypes]
    groups = {g: tuple(n for n in order if n in members) for g, members in expanded.items()}
    return DTypeTable(tuple(dtypes), groups)
