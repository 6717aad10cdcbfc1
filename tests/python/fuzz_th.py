"""Random calls of TH's C API (libember.so through ctypes), drawn by
hypothesis: run as a child process by test_fuzz_th.py, so that a crash
fails the test and names the call (each call is logged first).

Every function of the generated TH headers whose parameters are tensors
of the integer and floating dtypes, size storages and numbers is called
with tensors that are NULL, TH's empty tensor, sized (0-3 dims, sizes
0-4), transposed, narrowed or expanded views, the same tensor for
several parameters (r_ as an input included), size storages NULL, empty
or odd, and numbers in and out of range. The error handlers record and
return (ember's C functions report last, so a returning handler is
safe). Every call must return without a crash, and a call that reported
an error must leave every tensor argument as it was.

    python3 fuzz_th.py LIBRARY HEADER EXAMPLES SEED LOG
"""
from __future__ import annotations

import ctypes as C
import re
import sys
from dataclasses import dataclass

import numpy as np
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from fuzz_child import run_to_first_failure

# dtype name -> (C element type, NumPy dtype): the typed tensors fuzzed.
TYPES = {"Byte": (C.c_uint8, np.uint8), "Char": (C.c_int8, np.int8), "Short": (C.c_int16, np.int16),
         "Int": (C.c_int32, np.int32), "Long": (C.c_long, np.int64), "Float": (C.c_float, np.float32),
         "Double": (C.c_double, np.float64)}
NUMBERS = {"float": C.c_float, "double": C.c_double, "long": C.c_long, "int": C.c_int, "short": C.c_short,
           "char": C.c_char, "unsigned char": C.c_ubyte, "signed char": C.c_byte, "ptrdiff_t": C.c_ssize_t,
           "int64_t": C.c_int64, "size_t": C.c_size_t}
RETURNS = dict(NUMBERS, void=None)
# Functions whose contract lets them free, leak or hand out what they are
# given (clearFlag can turn reference counting off).
UNSAFE = re.compile(r"_(free|freeCopyTo|retain|setFlag|clearFlag|data|storage|newWithStorage\w*|setStorage\w*|desc|sizeDesc)$")


@dataclass(frozen=True)
class Function:
    name: str
    ret: str
    params: tuple[str, ...]   # "tensor:Float", "sizes", or a NUMBERS key


def parse(header: str) -> list[Function]:
    found = []
    for ret, name, params in re.findall(r"TH_API ([\w ]+?\**) *\b(TH\w+?Tensor_\w+)\((.*?)\);", open(header).read()):
        ret = ret.strip()
        kinds = []
        for p in params.split(","):
            p = p.strip()
            m = re.fullmatch(r"(?:const )?TH(\w+)Tensor \*\s*\w*", p)
            if m and m.group(1) in TYPES:
                kinds.append("tensor:" + m.group(1))
            elif re.fullmatch(r"THLongStorage \*\s*\w*", p):
                kinds.append("sizes")
            else:
                base = re.sub(r"\s+\w+$", "", p.replace("const ", "")).strip()
                if base not in NUMBERS:
                    break
                kinds.append(base)
        else:
            tensor_ret = re.fullmatch(r"TH(\w+)Tensor \*", ret)
            if (ret in RETURNS or (tensor_ret and tensor_ret.group(1) in TYPES)) and not UNSAFE.search(name):
                found.append(Function(name, ret, tuple(kinds)))
    return found


class Library:
    def __init__(self, path: str):
        self.lib = C.CDLL(path)
        self.fuzzed = C.CDLL(path)  # its own function objects: a fuzzed call's restype does not touch the helpers'
        self.errors: list[str] = []
        handler_t = C.CFUNCTYPE(None, C.c_char_p, C.c_void_p)
        arg_handler_t = C.CFUNCTYPE(None, C.c_int, C.c_char_p, C.c_void_p)
        self._handler = handler_t(lambda msg, data: self.errors.append(msg.decode(errors="replace")))
        self._arg_handler = arg_handler_t(lambda n, msg, data: self.errors.append(msg.decode(errors="replace")))
        self.lib.THSetDefaultErrorHandler(self._handler, None)
        self.lib.THSetDefaultArgErrorHandler(self._arg_handler, None)
        for t in TYPES:
            for fn, res, args in (("new", C.c_void_p, []), ("newWithSize1d", C.c_void_p, [C.c_long]),
                                  ("newTranspose", C.c_void_p, [C.c_void_p, C.c_int, C.c_int]),
                                  ("newNarrow", C.c_void_p, [C.c_void_p, C.c_int, C.c_long, C.c_long]),
                                  ("newExpand", C.c_void_p, [C.c_void_p, C.c_void_p]),
                                  ("newView", C.c_void_p, [C.c_void_p, C.c_void_p]),
                                  ("free", None, [C.c_void_p]), ("nDimension", C.c_int, [C.c_void_p]),
                                  ("size", C.c_long, [C.c_void_p, C.c_int]), ("stride", C.c_long, [C.c_void_p, C.c_int]),
                                  ("storageOffset", C.c_ssize_t, [C.c_void_p]), ("storage", C.c_void_p, [C.c_void_p])):
                f = getattr(self.lib, f"TH{t}Tensor_{fn}")
                f.restype, f.argtypes = res, args
            for fn, res, args in (("size", C.c_ssize_t, [C.c_void_p]), ("data", C.c_void_p, [C.c_void_p])):
                f = getattr(self.lib, f"TH{t}Storage_{fn}")
                f.restype, f.argtypes = res, args
        for fn, res, args in (("newWithSize", C.c_void_p, [C.c_ssize_t]), ("set", None, [C.c_void_p, C.c_ssize_t, C.c_long]),
                              ("free", None, [C.c_void_p])):
            f = getattr(self.lib, f"THLongStorage_{fn}")
            f.restype, f.argtypes = res, args

    def sizes(self, values: list[int]) -> int:
        s = self.lib.THLongStorage_newWithSize(len(values))
        for i, v in enumerate(values):
            self.lib.THLongStorage_set(s, i, v)
        return s

    def tensor_fn(self, t: str, name: str):
        return getattr(self.lib, f"TH{t}Tensor_{name}")

    def snapshot(self, t: str, ptr: int) -> tuple:
        f = lambda name, *a: self.tensor_fn(t, name)(ptr, *a)  # noqa: E731
        n = f("nDimension")
        geometry = (n, tuple(f("size", d) for d in range(n)), tuple(f("stride", d) for d in range(n)), f("storageOffset"))
        storage = f("storage")
        if not storage:
            return geometry + (None,)
        size = getattr(self.lib, f"TH{t}Storage_size")(storage)
        data = getattr(self.lib, f"TH{t}Storage_data")(storage)
        nbytes = size * C.sizeof(TYPES[t][0])
        return geometry + (size, C.string_at(data, nbytes) if data and nbytes else b"")


class Fuzzer:
    def __init__(self, lib: Library, functions: list[Function], log_path: str):
        self.lib, self.functions = lib, functions
        self.log = open(log_path, "w", buffering=1)
        self.calls = self.reported = 0

    def make_tensor(self, data, t: str, owned: list) -> int:
        lib, fn = self.lib, lambda name: self.lib.tensor_fn(t, name)
        kind = data.draw(st.sampled_from(("null", "empty", "sized", "sized", "sized", "transposed", "narrowed", "expanded")))
        if kind == "null":
            return 0
        if kind == "empty":
            p = fn("new")()
            owned.append((t, p))
            return p
        shape = data.draw(st.lists(st.integers(0, 4), min_size=1, max_size=3))
        n = int(np.prod(shape))
        flat = fn("newWithSize1d")(n)
        owned.append((t, flat))
        storage = fn("storage")(flat)
        if n:
            values = np.asarray(data.draw(st.lists(st.integers(0 if t == "Byte" else -3, 3), min_size=n, max_size=n)),
                                dtype=TYPES[t][1])
            if t == "Byte":
                values %= 2
            C.memmove(getattr(lib.lib, f"TH{t}Storage_data")(storage), values.ctypes.data, values.nbytes)
        sizes = lib.sizes(shape)
        p = fn("newView")(flat, sizes)
        lib.lib.THLongStorage_free(sizes)
        if not p:
            return flat
        owned.append((t, p))
        if kind == "transposed" and len(shape) >= 2:
            q = fn("newTranspose")(p, 0, 1)
        elif kind == "narrowed" and shape[0] >= 2:
            q = fn("newNarrow")(p, 0, 1, shape[0] - 1)
        elif kind == "expanded" and shape[0] == 1:
            wide = lib.sizes([3] + shape[1:])
            q = fn("newExpand")(p, wide)
            lib.lib.THLongStorage_free(wide)
        else:
            return p
        if q:
            owned.append((t, q))
            return q
        return p

    def run_one(self, data) -> None:
        owned: list[tuple[str, int]] = []
        storages: list[int] = []
        try:  # hypothesis may stop drawing at any point: free what was made so far
            self.call(data, owned, storages)
        finally:
            for t, p in reversed(owned):
                self.lib.tensor_fn(t, "free")(p)
            for s in storages:
                self.lib.lib.THLongStorage_free(s)

    def call(self, data, owned: list[tuple[str, int]], storages: list[int]) -> None:
        f = data.draw(st.sampled_from(self.functions), label="function")
        made: dict[str, list[int]] = {}
        args, tensors = [], []
        for kind in f.params:
            if kind.startswith("tensor:"):
                t = kind[7:]
                if made.get(t) and data.draw(st.integers(0, 3)) == 0:
                    p = data.draw(st.sampled_from(made[t]))  # one tensor for several parameters
                else:
                    p = self.make_tensor(data, t, owned)
                    made.setdefault(t, []).append(p)
                args.append(C.c_void_p(p))
                if p:
                    tensors.append((t, p))
            elif kind == "sizes":
                values = data.draw(st.one_of(st.none(), st.lists(st.integers(-2, 5), max_size=4)))
                if values is None:
                    args.append(C.c_void_p(0))
                else:
                    s = self.lib.sizes(values)
                    storages.append(s)
                    args.append(C.c_void_p(s))
            elif kind in ("float", "double"):
                args.append(NUMBERS[kind](data.draw(st.sampled_from([0.0, 1.0, -2.5, 3.0, float("nan"), 1e30]))))
            elif kind == "char":
                args.append(C.c_char(data.draw(st.integers(0, 127))))
            elif kind in ("int", "short", "unsigned char", "signed char"):
                odd = [2**31 - 1, -(2**31)] if kind == "int" else [-1]
                args.append(NUMBERS[kind](data.draw(st.one_of(st.integers(-3, 5), st.sampled_from(odd)))))
            else:  # a size or count: 2^40 elements is an allocation that fails at once
                args.append(NUMBERS[kind](data.draw(st.one_of(st.integers(-3, 5), st.just(2**40)))))
        fn = getattr(self.lib.fuzzed, f.name)
        tensor_ret = f.ret.startswith("TH")
        fn.restype = C.c_void_p if tensor_ret else RETURNS[f.ret]
        fn.argtypes = None
        self.log.write(f"{f.name}({', '.join(repr(a) for a in args)})\n")
        self.calls += 1
        before = [self.lib.snapshot(t, p) for t, p in tensors]
        self.lib.errors.clear()
        result = fn(*args)
        if tensor_ret and result:
            owned.append((re.match(r"TH(\w+)Tensor", f.ret).group(1), result))
        if self.lib.errors:
            self.reported += 1
            for k, ((t, p), b) in enumerate(zip(tensors, before)):
                assert self.lib.snapshot(t, p) == b, \
                    f"{f.name}: reported {self.lib.errors[0]!r} but changed tensor argument {k}"
            assert all(e for e in self.lib.errors), f"{f.name}: an error without a message"


def main(library: str, header: str, examples: int, seed_value: int, log_path: str) -> int:
    functions = parse(header)
    fuzzer = Fuzzer(Library(library), functions, log_path)

    @seed(seed_value)
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data) -> None:
        fuzzer.run_one(data)

    status = run_to_first_failure(run)
    print(f"fuzz TH: {len(functions)} functions, {fuzzer.calls} calls, {fuzzer.reported} reported an error, "
          f"{status} findings")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]))
