"""How much of PyTorch 1.13's Python API ember has (issue 12's measure).

    PYTHONPATH=build /usr/bin/python3 bench/api_coverage.py [--missing]

Counts the public functions of `torch` and the public methods of
`torch.Tensor` whose names ember (`ember.*`, `ember.Tensor.*`) also has,
and of those, how many accept every keyword argument PyTorch documents
for the name (the union over the signature lines of both docstrings,
which list every overload; names whose PyTorch docstring has none are
not counted either way). Run by hand: PyTorch (Debian's
python3-torch) is not a test dependency.
"""
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


def coverage(torch_obj, ember_obj):
    names = public(torch_obj)
    have = sorted(n for n in names if hasattr(ember_obj, n))
    full, partial = [], {}
    for n in have:
        want = keywords(getattr(torch_obj, n), n)
        if not want:
            continue
        missing = want - keywords(getattr(ember_obj, n), n)
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
