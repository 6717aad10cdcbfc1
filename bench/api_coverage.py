"""How much of PyTorch 1.13's Python API ember has (issue 12's measure).

    PYTHONPATH=build /usr/bin/python3 bench/api_coverage.py [--missing]

Counts the public functions of `torch` and the public methods of
`torch.Tensor` whose names ember (`ember.*`, `ember.Tensor.*`) also has,
and of those, how many accept every keyword argument PyTorch documents
for the name (the union over the signature lines of both docstrings,
which list every overload; names whose PyTorch docstring has none are
not counted either way). A keyword PyTorch's docstring shows but its
parser refuses (div's `value`, view's `shape`: docstring artifacts) is
not counted: each keyword ember lacks is confirmed by calling torch
(`torch_accepts`). Run by hand: PyTorch (Debian's python3-torch) is not a
test dependency.
"""
import inspect
import re
import sys

import torch

import ember

# Keywords of PyTorch's autograd, layouts and devices, which ember has not.
_IGNORED = {"memory_format", "layout", "pin_memory", "requires_grad", "device", "names", "generator_state"}


def public(obj):
    return {n for n in dir(obj) if not n.startswith("_") and callable(getattr(obj, n, None))}


def keywords(fn, name):
    """The parameter names of every signature line `name(...)` in fn's
    docstring (PyTorch also writes overloads as `.. function:: name(...)`)."""
    names = set()
    for line in (getattr(fn, "__doc__", None) or "").splitlines():
        m = re.match(rf"\s*(?:\.\. function:: )?{re.escape(name)}\((.*?)\)\s*(?:->|:|$)", line)
        if m:
            names.update(parameter_names(m.group(1)))
    return names - _IGNORED


def parameter_names(params):
    """`input, dim=None, *, out: Tensor | None = None` -> input, dim, out."""
    names, depth, start = [], 0, 0
    for i, c in enumerate(params + ","):
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            m = re.match(r"\s*\**([A-Za-z_]\w*)\s*(?:[:=]|$)", params[start:i])
            if m:
                names.append(m.group(1))
            start = i + 1
    return names


class _Probe:
    """A value no parameter takes: torch's error then says what it expected."""


def _schema_names(name):
    """Argument names of aten::<name>'s native schemas, with a Tensor `self`
    called `input` as PyTorch's Python functions call it."""
    names = set()
    for schema in torch._C._jit_get_schemas_for_operator(f"aten::{name}"):
        for arg in schema.arguments:
            tensor_self = arg.name == "self" and str(arg.type).startswith("Tensor")
            names.add("input" if tensor_self else arg.name)
            names.add(arg.name)
    return names


def torch_accepts(torch_obj, name, kw):
    """Whether torch's `name` takes the keyword `kw`: a Python function by
    its signature; a builtin by calling it with `kw` set to a value nothing
    takes and reading the error (its signatures, or a complaint about
    `kw`'s type), else by its native schemas."""
    fn = getattr(torch_obj, name)
    try:
        params = inspect.signature(fn).parameters
        return kw in params or any(p.kind == p.VAR_KEYWORD for p in params.values())
    except (TypeError, ValueError):
        pass
    target = getattr(torch.zeros(2), name) if torch_obj is torch.Tensor else fn
    args = () if torch_obj is torch.Tensor else (torch.zeros(2),)
    try:
        target(*args, **{kw: _Probe()})
        return True
    except Exception as err:  # noqa: BLE001 (any complaint is read)
        message = str(err)
    if f"unexpected keyword argument '{kw}'" in message or re.search(rf"keywords were incorrect: .*\b{kw}\b", message):
        return False
    if "expected one of" in message:
        return re.search(rf"\b{kw}\b", message.split("expected one of", 1)[1]) is not None
    if f"'{kw}'" in message:
        return True
    schema = _schema_names(name)
    return not schema or kw in schema


def coverage(torch_obj, ember_obj):
    names = public(torch_obj)
    have = sorted(n for n in names if hasattr(ember_obj, n))
    full, partial = [], {}
    for n in have:
        want = keywords(getattr(torch_obj, n), n)
        if not want:
            continue
        missing = {k for k in want - keywords(getattr(ember_obj, n), n) if torch_accepts(torch_obj, n, k)}
        if missing:
            partial[n] = sorted(missing)
        else:
            full.append(n)
    return names, have, full, partial


def main():
    show = "--missing" in sys.argv
    for label, t, e in (("torch.*", torch, ember), ("torch.Tensor.*", torch.Tensor, ember.Tensor)):
        names, have, full, partial = coverage(t, e)
        print(f"{label}: {len(names)} public names; ember has {len(have)}; "
              f"{len(full)} of those accept every keyword, {len(partial)} lack some")
        if show:
            print("  absent:", " ".join(sorted(names - set(have))))
            for n, miss in sorted(partial.items()):
                print(f"  {n}: lacks {', '.join(miss)}")


if __name__ == "__main__":
    main()
