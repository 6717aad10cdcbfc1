"""THC's copies between the host and CUDA devices for every pair of dtypes
(cutorch's THCTensorCopy.h), beside the copy{Src} forms the copy schema's
bindings give (host source into a CUDA tensor): a device source into a
CUDA tensor (THCudaTensor_copyCudaDouble), a device source into a host
tensor (THByteTensor_copyCudaFloat, THFloatTensor_copyCuda), and THC's
same-dtype names. Each is one call of thc::copy (runtime/thc/copy.h)."""
from __future__ import annotations

from dataclasses import dataclass

from ..dtypes import DType
from ..render import render
from ..schema_set import SchemaSet
from ..th_wrappers import thc_prefix
from ..writer import Output
from .th_headers import c_banner

SOURCE = "generated/src/thc/copies.cpp"


@dataclass(frozen=True)
class Copy:
    name: str
    dst_type: str       # C type of the destination
    src_type: str
    dst: DType
    src: DType
    dst_on_cuda: bool
    src_on_cuda: bool


def _copies(dtypes: tuple[DType, ...]) -> list[Copy]:
    def cuda(d: DType) -> str:
        return f"{thc_prefix(d)}Tensor"

    def host(d: DType) -> str:
        return f"TH{d.name}Tensor"

    result = []
    for d in dtypes:
        for s in dtypes:
            result.append(Copy(f"{cuda(d)}_copyCuda{s.name}", cuda(d), cuda(s), d, s, True, True))
            result.append(Copy(f"{host(d)}_copyCuda{s.name}", host(d), cuda(s), d, s, False, True))
        result.append(Copy(f"{cuda(d)}_copyCuda", cuda(d), cuda(d), d, d, True, True))
        result.append(Copy(f"{host(d)}_copyCuda", host(d), cuda(d), d, d, False, True))
        result.append(Copy(f"{cuda(d)}_copyCPU", cuda(d), host(d), d, d, True, False))
        # ember's copies are complete on return, which an asynchronous one may be.
        result.append(Copy(f"{cuda(d)}_copyAsyncCPU", cuda(d), host(d), d, d, True, False))
        result.append(Copy(f"{host(d)}_copyAsyncCuda", host(d), cuda(d), d, d, False, True))
    return result


def emit(schemas: SchemaSet, out: Output) -> None:
    copies = _copies(schemas.dtypes.dtypes)
    out.add("generated/include/THC/THCTensorCopy.h",
            c_banner(render("THCTensorCopy.h.j2", "schemas/dtypes.yaml", __name__, comment="/*", copies=copies)))
    out.add(SOURCE, render("thc_copies.cpp.j2", "schemas/dtypes.yaml", __name__, copies=copies))
