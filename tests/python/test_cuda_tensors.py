"""Tensors and devices from Python (issue 13): .device, .is_cuda, .cpu(),
.cuda(), .to(device), device= on factories, and the rules of ops on
devices. Without a GPU every move to CUDA is a RuntimeError saying why,
and the tensor is left as it was; with one, the round trips, pointwise ops
and copies run for real (compared with the CPU and NumPy) and the ops that
have no CUDA kernel yet say so."""
import numpy as np
import pytest

import ember
from conformance import t

gpu = pytest.mark.skipif(not ember.cuda.is_available(), reason="no CUDA device (or ember built without CUDA)")
no_gpu = pytest.mark.skipif(ember.cuda.is_available(), reason="a CUDA device is present")
WHY = "no CUDA device is available" if ember.cuda.is_built() else "ember was built without CUDA"
DTYPES = ["uint8", "int8", "int16", "int32", "int64", "float32", "float64", "float16", "bool"]


def test_cpu_tensors_say_where_they_are():
    x = t(np.arange(6.0).reshape(2, 3))
    assert x.device == ember.device("cpu")
    assert x.is_cuda is False
    assert x.cpu() is x
    assert x.to("cpu") is x
    assert x.to(ember.device("cpu"), ember.float32) is not x
    copy = x.to("cpu", copy=True)
    assert copy is not x and copy.data_ptr() != x.data_ptr()
    np.testing.assert_array_equal(copy.numpy(), x.numpy())


@pytest.mark.parametrize("make", [
    lambda: ember.zeros(2, 3, device="cpu"),
    lambda: ember.ones(2, device=ember.device("cpu")),
    lambda: ember.empty(4, device="cpu:0"),
    lambda: ember.tensor([1, 2], device="cpu"),
    lambda: ember.arange(3, device="cpu"),
    lambda: ember.zeros_like(ember.ones(2), device="cpu"),
])
def test_factories_on_the_cpu(make):
    assert make().device == ember.device("cpu")


@no_gpu
@pytest.mark.parametrize("call", [
    lambda x: x.cuda(),
    lambda x: x.cuda(0),
    lambda x: x.to("cuda"),
    lambda x: x.to("cuda:1", ember.float64),
    lambda x: x.to(ember.device("cuda", 0)),
    lambda x: ember.zeros(2, device="cuda"),
    lambda x: ember.empty(2, 3, device="cuda:0"),
    lambda x: ember.tensor([1.0], device="cuda"),
    lambda x: ember.empty_like(x, device="cuda"),
    lambda x: ember.full((2,), 1.5, device=0),
    lambda x: x.new_tensor([1.0], device="cuda"),
])
def test_moves_to_cuda_without_a_gpu_raise_and_leave_the_tensor(call):
    x = t(np.arange(4.0))
    with pytest.raises(RuntimeError, match=WHY):
        call(x)
    assert x.device == ember.device("cpu")
    np.testing.assert_array_equal(x.numpy(), np.arange(4.0))


def test_device_arguments_are_checked():
    x = t(np.arange(3.0))
    with pytest.raises(RuntimeError, match="device type"):
        x.to("tpu")
    with pytest.raises(ValueError, match="negative"):
        ember.zeros(2, device=-1)
    with pytest.raises(ValueError, match="expected a CUDA device"):
        x.cuda("cpu")


# ---- with a GPU ----------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "sliced", "expanded", "zero_dim"])
def test_round_trips(dtype, layout):
    a = (np.arange(24) % 7).astype(dtype).reshape(2, 3, 4)
    x = {"contiguous": lambda v: v, "transposed": lambda v: v.transpose(0, 2), "sliced": lambda v: v[:, 1:, ::2],
         "expanded": lambda v: v[None].expand(3, 2, 3, 4), "zero_dim": lambda v: v[1, 2, 3]}[layout](t(a))
    ref = x.numpy().copy()
    dev = x.cuda()
    assert dev.is_cuda and dev.device == ember.device("cuda", ember.cuda.current_device())
    np.testing.assert_array_equal(dev.cpu().numpy(), ref)
    np.testing.assert_array_equal(x.to("cuda").to("cpu").numpy(), ref)
    if dev.dim() > 1:
        np.testing.assert_array_equal(dev.transpose(0, 1).cpu().numpy(), np.swapaxes(ref, 0, 1))
    assert dev.tolist() == ref.tolist()


@gpu
def test_empty_like_on_the_inputs_device_keeps_its_strides():
    dev = t(np.arange(12.0).reshape(3, 4)).cuda().t()
    for device in ("cuda", dev.device, None):
        out = ember.empty_like(dev, device=device)
        assert out.device == dev.device and out.stride() == dev.stride(), device


@gpu
def test_device_tensors_print_convert_and_refuse_what_has_no_kernel():
    dev = t(np.array([1.5, 2.5], dtype=np.float32)).cuda()
    assert "device='cuda:" in repr(dev)
    assert dev[1].item() == 2.5
    with pytest.raises(TypeError, match="can't convert cuda"):
        dev.numpy()
    np.testing.assert_array_equal(dev.numpy(force=True), [1.5, 2.5])
    with pytest.raises(RuntimeError, match="cumsum: not implemented for CUDA yet"):
        dev.cumsum(0)
    np.testing.assert_array_equal(dev.cpu().numpy(), [1.5, 2.5])


@gpu
def test_advanced_indexing_of_a_device_tensor_from_python():
    rng = np.random.default_rng(23)
    a = rng.standard_normal((4, 5)).astype(np.float32)
    dev, host = t(a).cuda(), t(a)
    rows, mask = np.array([3, -1, 0]), rng.integers(0, 2, (4, 5)).astype(bool)
    for name, key in [("rows", t(rows)), ("rows on the device", t(rows).cuda()), ("mask", t(mask).cuda()),
                      ("pair", (t(rows), t(np.array([1, 4, 2])))), ("slice and rows", (slice(1, None), t(np.array([0, 2]))))]:
        got = dev[key]
        assert got.is_cuda, name
        host_key = tuple(k.cpu() if isinstance(k, ember.Tensor) else k for k in key) if isinstance(key, tuple) else key.cpu()
        np.testing.assert_array_equal(got.cpu().numpy(), host[host_key].numpy(), err_msg=name)
    dev[t(mask).cuda()] = 0.5
    dev[t(rows)] = t(np.arange(5, dtype=np.float32))
    a[mask] = 0.5
    a[rows] = np.arange(5, dtype=np.float32)
    np.testing.assert_array_equal(dev.cpu().numpy(), a)


@gpu
def test_basic_assignment_into_a_device_tensor():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    dev = t(a).cuda()
    dev[0, 1] = 7.5
    dev[1] = 2
    dev[:, 3] = [10, 11, 12]
    dev[2, :2] = t(np.array([-1, -2], dtype=np.float32))  # a host tensor, moved
    dev[..., 0] = t(np.float32(9)).cuda()
    a[0, 1] = 7.5
    a[1] = 2
    a[:, 3] = [10, 11, 12]
    a[2, :2] = [-1, -2]
    a[..., 0] = 9
    np.testing.assert_array_equal(dev.cpu().numpy(), a)


@gpu
def test_factories_and_the_caching_allocator():
    ember.cuda.empty_cache()
    base = ember.cuda.memory_allocated()
    x = ember.zeros(1 << 20, device="cuda")
    assert x.is_cuda and ember.cuda.memory_allocated() == base + (4 << 20)
    np.testing.assert_array_equal(x[:5].cpu().numpy(), np.zeros(5, np.float32))
    del x
    assert ember.cuda.memory_allocated() == base
    assert ember.cuda.memory_reserved() >= base + (4 << 20)
    ember.cuda.empty_cache()
    assert ember.cuda.memory_reserved() == base


@no_gpu
def test_dlpack_from_a_cuda_producer_without_a_gpu_says_why():
    class OnGpu:
        def __dlpack_device__(self):
            return (2, 0)

        def __dlpack__(self, **kwargs):
            raise AssertionError("not called")

    with pytest.raises(BufferError, match="device type 2 .CUDA device 0., and " + WHY):
        ember.from_dlpack(OnGpu())


@gpu
def test_dlpack_of_device_tensors_shares_memory():
    dev = t(np.arange(6.0).reshape(2, 3)).cuda()
    assert dev.__dlpack_device__() == (2, dev.device.index)
    back = ember.from_dlpack(dev)
    assert back.is_cuda and back.data_ptr() == dev.data_ptr()
    np.testing.assert_array_equal(back.cpu().numpy(), np.arange(6.0).reshape(2, 3))
    copy = ember.from_dlpack(dev.__dlpack__(copy=True))
    assert copy.data_ptr() != dev.data_ptr()
    with pytest.raises(BufferError, match="exported where it is"):
        dev.__dlpack__(dl_device=(1, 0))


@gpu
def test_pointwise_ops_follow_the_cpu_rules_on_a_device():
    a = t(np.arange(12, dtype=np.float32).reshape(3, 4))
    b = t(np.arange(4, dtype=np.int64))
    da, db = a.cuda(), b.cuda()
    # Promotion, broadcasting, numbers and a CPU 0-dim tensor as a number.
    got = ember.add(da.t(), 2.5, alpha=2) * ember.tensor(3, dtype=ember.int16) - db.unsqueeze(1)
    want = ember.add(a.t(), 2.5, alpha=2) * ember.tensor(3, dtype=ember.int16) - b.unsqueeze(1)
    assert got.is_cuda and got.dtype == want.dtype
    np.testing.assert_array_equal(got.cpu().numpy(), want.numpy())
    # out= and in-place on the device, an out= that overlaps its input.
    out = ember.empty(0, dtype=ember.float64, device="cuda")
    assert ember.mul(da, db, out=out) is out
    np.testing.assert_array_equal(out.cpu().numpy(), ember.mul(a, b).double().numpy())
    x = a.cuda()
    ember.add(x, x.t().t(), out=x)
    np.testing.assert_array_equal(x.cpu().numpy(), (a + a).numpy())
    assert (da < db).dtype == ember.bool
    # Mixing devices is an error naming the argument; nothing is written.
    with pytest.raises(RuntimeError, match="expected all tensors on one device, but other is on cpu"):
        ember.add(da, a)
    with pytest.raises(RuntimeError, match="out is on cpu"):
        ember.add(da, da, out=ember.empty(0))
    np.testing.assert_array_equal(da.cpu().numpy(), a.numpy())
    with pytest.raises(ValueError, match="integer division by zero"):
        ember.remainder(db, ember.zeros(4, dtype=ember.int64).cuda())


@gpu
@pytest.mark.parametrize("src_dtype", ["float32", "int8", "bool", "float16"])
def test_copy_converts_and_lays_out_across_devices(src_dtype):
    src = t((np.arange(24) % 5).astype(src_dtype).reshape(2, 3, 4)).transpose(0, 2)
    for dst_dtype in (ember.float64, ember.uint8, ember.bfloat16):
        expected = ember.empty((4, 3, 2), dtype=dst_dtype)
        expected.copy_(src)
        for source in (src, src.cuda(), src.cuda().transpose(0, 2).transpose(0, 2)):
            dst = ember.empty((2, 3, 4), dtype=dst_dtype, device="cuda").transpose(0, 2)
            dst.copy_(source)
            np.testing.assert_array_equal(dst.cpu().float().numpy(), expected.float().numpy())
            back = ember.empty((4, 3, 2), dtype=dst_dtype)
            back.copy_(dst)
            np.testing.assert_array_equal(back.float().numpy(), expected.float().numpy())
        rows = ember.empty((3, 2), dtype=dst_dtype, device="cuda")
        rows.copy_(src.cuda()[0, 0])  # a row of 2, broadcast
        want = ember.empty((3, 2), dtype=dst_dtype)
        want.copy_(src[0, 0])
        np.testing.assert_array_equal(rows.cpu().float().numpy(), want.float().numpy())


@gpu
def test_reductions_on_a_device_match_the_cpu():
    x = t((np.arange(2 * 300 * 5) % 11).astype(np.int16).reshape(2, 300, 5))
    dx = x.cuda()
    assert dx.sum().is_cuda and dx.sum().dtype == ember.int64
    assert dx.sum().item() == x.sum().item()
    for dims in (0, 1, 2, (0, 2), None):
        np.testing.assert_array_equal(dx.sum(dim=dims).cpu().numpy(), x.sum(dim=dims).numpy())
    out = ember.empty(0, dtype=ember.int64, device="cuda")
    assert ember.sum(dx, 1, out=out) is out
    with pytest.raises(RuntimeError, match="out is on cpu"):
        ember.sum(dx, 1, out=ember.empty(0, dtype=ember.int64))
    f = x.float()
    np.testing.assert_allclose(f.cuda().std(1).cpu().numpy(), f.std(1).numpy(), rtol=1e-5)
    assert dx.max().item() == 10 and dx.min().item() == 0
    assert not dx.all().item() and dx.any().item()


@gpu
def test_composite_reductions_run_on_a_device_and_refuse_a_host_out():
    rng = np.random.default_rng(4)
    a = rng.standard_normal((6, 5)).astype(np.float32)
    a[2, 3] = np.inf
    a[4] = -np.inf
    x = t(a)
    dx = x.cuda()
    for name, call in [
        ("argmax", lambda v: v.argmax(1)), ("argmin", lambda v: ember.argmin(v)),
        ("amax", lambda v: ember.amax(v, (0,))), ("aminmax", lambda v: ember.aminmax(v, dim=1)[1]),
        ("softmax", lambda v: ember.softmax(v, 1)), ("log_softmax", lambda v: ember.log_softmax(v, 0)),
        ("logsumexp", lambda v: ember.logsumexp(v, (1,))), ("nanmean", lambda v: ember.nanmean(v, (0,))),
        ("trace", lambda v: ember.trace(v)), ("var_mean", lambda v: ember.var_mean(v, (1,))[0]),
        ("reshape", lambda v: v.reshape(5, 6)), ("flatten", lambda v: v.t().flatten()),
    ]:
        got, want = call(dx), call(x)
        assert got.is_cuda, name
        np.testing.assert_allclose(got.cpu().numpy(), want.numpy(), rtol=1e-5, err_msg=name)
    with pytest.raises(RuntimeError, match="out is on cpu"):
        ember.argmax(dx, 1, out=ember.empty(0, dtype=ember.int64))


@gpu
def test_joins_run_on_a_device_and_refuse_mixed_devices():
    a = t(np.arange(6, dtype=np.float32).reshape(2, 3))
    b = t(np.arange(6, 12, dtype=np.float32).reshape(2, 3))
    for name, call in [("cat", lambda x, y: ember.cat([x, y], 1)), ("stack", lambda x, y: ember.stack([x, y])),
                       ("hstack", lambda x, y: ember.hstack([x, y])), ("vstack", lambda x, y: ember.vstack([x, y])),
                       ("dstack", lambda x, y: ember.dstack([x, y])),
                       ("column_stack", lambda x, y: ember.column_stack([x, y]))]:
        got = call(a.cuda(), b.cuda())
        assert got.is_cuda, name
        np.testing.assert_array_equal(got.cpu().numpy(), call(a, b).numpy(), err_msg=name)
    with pytest.raises(RuntimeError, match=r"cat: tensors\[1\] is on cpu"):
        ember.cat([a.cuda(), b])
    with pytest.raises(RuntimeError, match="cat: out is on cpu"):
        ember.cat([a.cuda(), b.cuda()], out=ember.empty(0))


@gpu
@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "int32", "int64", "float32", "float64", "float16"])
def test_div_in_every_rounding_mode_matches_the_cpu(dtype):
    rng = np.random.default_rng(7)
    low = 0 if dtype == "uint8" else -50
    a = t(rng.integers(low, 50, (5, 8)).astype(dtype))
    b = t(np.where(rng.integers(0, 2, 8) == 0, 3, -7 if low else 7).astype(dtype))
    for mode in [None, "trunc", "floor"]:
        got, want = ember.div(a.cuda(), b.cuda(), rounding_mode=mode), ember.div(a, b, rounding_mode=mode)
        assert got.is_cuda and got.dtype == want.dtype, mode
        np.testing.assert_array_equal(got.cpu().numpy(), want.numpy(), err_msg=str(mode))
        np.testing.assert_array_equal(ember.div(a.cuda(), 3, rounding_mode=mode).cpu().numpy(),
                                      ember.div(a, 3, rounding_mode=mode).numpy(), err_msg=str(mode))
    x = a.cuda()
    x.div_(b.cuda().t().t(), rounding_mode="floor")
    np.testing.assert_array_equal(x.cpu().numpy(), (a // b).numpy())
    np.testing.assert_array_equal((a.cuda() / b.cuda()).cpu().numpy(), (a / b).numpy())
    if dtype.startswith(("int", "uint")):
        with pytest.raises(ValueError, match="div: .*other"):
            ember.div(a.cuda(), ember.zeros(8, dtype=a.dtype).cuda(), rounding_mode="trunc")


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float16", "int64", "uint8", "bool"])
def test_index_ops_run_on_a_device_and_keep_the_cpu_order_of_duplicates(dtype):
    rng = np.random.default_rng(11)
    x = t((rng.integers(0, 2 if dtype == "bool" else 90, (5, 6))).astype(dtype))
    src = t((rng.integers(0, 2 if dtype == "bool" else 90, (4, 6))).astype(dtype))
    rows = t(np.array([3, 0, 3, 1], dtype=np.int64))  # row 3 twice: the CPU's order decides
    cols = t(rng.integers(0, 6, (5, 6)).astype(np.int64))
    calls = [
        ("index_select", lambda a, i, s: ember.index_select(a, 0, i)),
        ("index_copy", lambda a, i, s: ember.index_copy(a, 0, i, s)),
        ("index_fill", lambda a, i, s: ember.index_fill(a, 1, i, 1)),
        ("scatter", lambda a, i, s: ember.scatter(a, 0, i.unsqueeze(1).expand(4, 6), s)),
        ("scatter.value", lambda a, i, s: ember.scatter(a, 0, i.unsqueeze(1).expand(4, 6), 1)),
    ]
    if dtype != "bool":
        calls += [
            ("index_add", lambda a, i, s: ember.index_add(a, 0, i, s, alpha=2)),
            ("scatter_add", lambda a, i, s: ember.scatter_add(a, 0, i.unsqueeze(1).expand(4, 6), s)),
            ("scatter multiply", lambda a, i, s: ember.scatter(a, 0, i.unsqueeze(1).expand(4, 6), s, reduce="multiply")),
        ]
    for name, call in calls:
        got, want = call(x.cuda(), rows.cuda(), src.cuda()), call(x, rows, src)
        assert got.is_cuda, name
        np.testing.assert_array_equal(got.cpu().numpy(), want.numpy(), err_msg=name)
    got = ember.gather(x.cuda().t(), 1, cols.t().cuda() % 5)
    np.testing.assert_array_equal(got.cpu().numpy(), ember.gather(x.t(), 1, cols.t() % 5).numpy())
    # A bad index value is an IndexError naming it; nothing is written.
    dx = x.cuda()
    with pytest.raises(IndexError, match="index 9 is out of range for dim 0 of size 5"):
        dx.index_copy_(0, t(np.array([0, 9, 1, 2], dtype=np.int64)).cuda(), src.cuda())
    with pytest.raises(IndexError, match="index -7 is out of range"):
        ember.index_select(dx, 1, t(np.array([-7], dtype=np.int64)).cuda())
    np.testing.assert_array_equal(dx.cpu().numpy(), x.numpy())
    with pytest.raises(RuntimeError, match="index_select: index is on cpu but self is on cuda"):
        ember.index_select(dx, 0, rows)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float16", "int32", "uint8"])
def test_clamp_runs_on_a_device(dtype):
    x = t((np.arange(24).reshape(4, 6) - 9).astype(np.float32).astype(dtype) if dtype != "uint8"
          else np.arange(24, dtype=np.uint8).reshape(4, 6))
    lo, hi = t(np.arange(6).astype(dtype)), t(np.full(4, 12).astype(dtype)).unsqueeze(1)
    for name, call in [("both", lambda v, a, b: ember.clamp(v, 2, 11)), ("min", lambda v, a, b: v.clamp(min=3)),
                       ("max", lambda v, a, b: ember.clip(v, max=4)), ("tensors", lambda v, a, b: ember.clamp(v, a, b))]:
        got, want = call(x.cuda(), lo.cuda(), hi.cuda()), call(x, lo, hi)
        assert got.is_cuda and got.dtype == want.dtype, name
        np.testing.assert_array_equal(got.cpu().numpy(), want.numpy(), err_msg=name)
    d = x.cuda()
    d.clamp_(0, 5)
    np.testing.assert_array_equal(d.cpu().numpy(), ember.clamp(x, 0, 5).numpy())


@gpu
def test_where_runs_on_a_device():
    rng = np.random.default_rng(3)
    cond = t(rng.integers(0, 2, (4, 5)).astype(bool))
    a = t(rng.standard_normal((4, 5)).astype(np.float32))
    b = t(np.arange(5, dtype=np.int64))
    for name, call in [("tensors", lambda c, x, y: ember.where(c, x, y)), ("number self", lambda c, x, y: ember.where(c, 0.5, y)),
                       ("number other", lambda c, x, y: ember.where(c, x, 2)), ("numbers", lambda c, x, y: ember.where(c, 1, 3)),
                       ("uint8 condition", lambda c, x, y: ember.where(c.to(ember.uint8), x.t().t(), y))]:
        got, want = call(cond.cuda(), a.cuda(), b.cuda()), call(cond, a, b)
        assert got.is_cuda and got.dtype == want.dtype, name
        np.testing.assert_array_equal(got.cpu().numpy(), want.numpy(), err_msg=name)
    with pytest.raises(RuntimeError, match="where"):
        ember.where(cond, a.cuda(), b.cuda())


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int16", "bool"])
def test_masked_fill_and_select_run_on_a_device(dtype):
    rng = np.random.default_rng(5)
    x = t(rng.integers(0, 2 if dtype == "bool" else 50, (6, 7)).astype(dtype))
    mask = t(rng.integers(0, 2, (6, 7)).astype(bool))
    row_mask = t(rng.integers(0, 2, 7).astype(np.uint8))
    for name, call in [("fill", lambda v, m, r: ember.masked_fill(v, m, 1)),
                       ("fill broadcast", lambda v, m, r: v.t().masked_fill(r.unsqueeze(1).bool(), 0)),
                       ("fill uint8", lambda v, m, r: ember.masked_fill(v, r, 1)),
                       ("select", lambda v, m, r: ember.masked_select(v, m)),
                       ("select broadcast", lambda v, m, r: ember.masked_select(v.t(), r.unsqueeze(1)))]:
        got, want = call(x.cuda(), mask.cuda(), row_mask.cuda()), call(x, mask, row_mask)
        assert got.is_cuda and got.dtype == want.dtype, name
        np.testing.assert_array_equal(got.cpu().numpy(), want.numpy(), err_msg=name)
    d = x.cuda()
    d.masked_fill_(mask.cuda(), 0)
    np.testing.assert_array_equal(d.cpu().numpy(), ember.masked_fill(x, mask, 0).numpy())
    out = ember.empty(0, dtype=x.dtype, device="cuda")
    assert ember.masked_select(x.cuda(), mask.cuda(), out=out) is out
    np.testing.assert_array_equal(out.cpu().numpy(), ember.masked_select(x, mask).numpy())
    with pytest.raises(ValueError, match="may hold only 0 and 1"):
        ember.masked_fill(x.cuda(), t(np.full((6, 7), 2, np.uint8)).cuda(), 1)
    with pytest.raises(RuntimeError, match="masked_fill: mask is on cpu but self is on cuda"):
        ember.masked_fill(x.cuda(), mask, 1)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "int64", "bool", "float16"])
def test_nonzero_and_masked_scatter_run_on_a_device(dtype):
    rng = np.random.default_rng(9)
    a = rng.integers(-1, 2, (4, 5, 3)).astype(dtype)
    if dtype.startswith("float"):
        a[0, 0, 0], a[1, 1, 1] = -0.0, np.nan  # -0 is zero, NaN is not
    x = t(a)
    np.testing.assert_array_equal(ember.nonzero(x.cuda()).cpu().numpy(), ember.nonzero(x).numpy())
    np.testing.assert_array_equal(ember.nonzero(x.cuda().transpose(0, 2)).cpu().numpy(),
                                  ember.nonzero(x.transpose(0, 2)).numpy())
    for got, want in zip(ember.where(x.cuda()), ember.where(x)):
        assert got.is_cuda
        np.testing.assert_array_equal(got.cpu().numpy(), want.numpy())
    mask = t(rng.integers(0, 2, (4, 5, 3)).astype(bool))
    source = t(rng.integers(0, 9, 80).astype(dtype))
    got = ember.masked_scatter(x.cuda().transpose(0, 1), mask.cuda().transpose(0, 1), source.cuda())
    np.testing.assert_array_equal(got.cpu().numpy(), ember.masked_scatter(x.transpose(0, 1), mask.transpose(0, 1), source).numpy())
    d = x.cuda()
    d.masked_scatter_(mask.cuda()[0], source.cuda())  # the mask broadcasts to self
    np.testing.assert_array_equal(d.cpu().numpy(), ember.masked_scatter(x, mask[0], source).numpy())
    with pytest.raises(ValueError, match="only 2"):
        ember.masked_scatter(x.cuda(), mask.cuda(), source.cuda()[:2])


@gpu
@pytest.mark.parametrize("dtype", ["float32", "int32", "float16"])
def test_scatter_reduce_runs_on_a_device(dtype):
    rng = np.random.default_rng(13)
    x = t(rng.integers(-5, 6, (4, 6)).astype(dtype))
    src = t(rng.integers(-5, 6, (5, 6)).astype(dtype))
    index = t(rng.integers(0, 4, (5, 6)).astype(np.int64))
    for reduce in ["sum", "prod", "mean", "amax", "amin"]:
        for include_self in [True, False]:
            got = ember.scatter_reduce(x.cuda(), 0, index.cuda(), src.cuda(), reduce, include_self=include_self)
            want = ember.scatter_reduce(x, 0, index, src, reduce, include_self=include_self)
            assert got.is_cuda, reduce
            np.testing.assert_array_equal(got.cpu().numpy(), want.numpy(), err_msg=f"{reduce} {include_self}")


@gpu
def test_take_runs_on_a_device():
    rng = np.random.default_rng(17)
    x = t(rng.standard_normal((4, 5)).astype(np.float32))
    index = t(rng.integers(-20, 20, (3, 2)).astype(np.int64))
    np.testing.assert_array_equal(ember.take(x.cuda(), index.cuda()).cpu().numpy(), ember.take(x, index).numpy())
    along = t(rng.integers(0, 5, (4, 3)).astype(np.int64))
    np.testing.assert_array_equal(ember.take_along_dim(x.cuda(), along.cuda(), 1).cpu().numpy(),
                                  ember.take_along_dim(x, along, 1).numpy())
    with pytest.raises(IndexError, match="take: index holds 20, out of range for self's elements of size 20"):
        ember.take(x.cuda(), t(np.array([0, 20], dtype=np.int64)).cuda())
    with pytest.raises(RuntimeError, match="take: index is on cpu but self is on cuda"):
        ember.take(x.cuda(), index)


@gpu
def test_advanced_indexing_ops_run_on_a_device():
    rng = np.random.default_rng(19)
    x = t(rng.standard_normal((4, 5, 3)).astype(np.float32))
    rows, cols = t(np.array([3, 0, -1], dtype=np.int64)), t(np.array([1, 4, 1], dtype=np.int64))
    mask = t(rng.integers(0, 2, 5).astype(bool))
    for name, indices in [("one", [rows]), ("two", [rows, cols]), ("apart", [rows, None, t(np.array([2, 0, 1]))]),
                          ("mask", [None, mask]), ("0-dim mask", [t(np.array(True))])]:
        got = ember.index(x.cuda(), [i.cuda() if i is not None else None for i in indices])
        assert got.is_cuda, name
        np.testing.assert_array_equal(got.cpu().numpy(), ember.index(x, indices).numpy(), err_msg=name)
    # Host indices are moved to the device, as PyTorch does.
    np.testing.assert_array_equal(ember.index(x.cuda(), [rows, cols]).cpu().numpy(), ember.index(x, [rows, cols]).numpy())
    values = t(rng.standard_normal((3, 3)).astype(np.float32))
    for accumulate in [False, True]:
        d, h = x.cuda(), x.clone()
        dup = [t(np.array([1, 1, 2])), t(np.array([0, 0, 4]))]  # (1, 0) twice: the CPU's order decides
        ember.index_put_(d, [i.cuda() for i in dup], values.cuda(), accumulate)
        ember.index_put_(h, dup, values, accumulate)
        np.testing.assert_array_equal(d.cpu().numpy(), h.numpy(), err_msg=str(accumulate))
    with pytest.raises(IndexError, match="index 7 is out of range for dim 1 of size 5"):
        ember.index(x.cuda(), [rows.cuda(), t(np.array([1, 7, 1])).cuda()])
    with pytest.raises(RuntimeError, match="index_put: values is on cpu but self is on cuda"):
        ember.index_put_(x.cuda(), [rows.cuda()], values)


@gpu
def test_reorders_and_repeats_run_on_a_device():
    x = t(np.arange(24, dtype=np.int32).reshape(2, 3, 4))
    for name, call in [("flip", lambda v: ember.flip(v, (0, 2))), ("fliplr", lambda v: ember.fliplr(v)),
                       ("flipud", lambda v: ember.flipud(v.transpose(0, 2))), ("roll", lambda v: ember.roll(v, (1, -2), (1, 2))),
                       ("roll flat", lambda v: ember.roll(v, 5)), ("rot90", lambda v: ember.rot90(v, 3, (1, 2))),
                       ("tile", lambda v: ember.tile(v, (2, 1))), ("repeat", lambda v: v.repeat(2, 1, 1, 3)),
                       ("narrow_copy", lambda v: v.narrow_copy(2, 1, 2)), ("type_as", lambda v: v.type_as(ember.ones(1)))]:
        got = call(x.cuda())
        assert got.is_cuda, name
        np.testing.assert_array_equal(got.cpu().numpy(), call(x).numpy(), err_msg=name)
    dx = x.cuda()
    for got, want in [(ember.split(dx, 2, 2), ember.split(x, 2, 2)), (ember.chunk(dx, 3, 1), ember.chunk(x, 3, 1)),
                      (ember.unbind(dx, 0), ember.unbind(x, 0)),
                      (ember.tensor_split(dx, t(np.array([1, 3])), 2), ember.tensor_split(x, t(np.array([1, 3])), 2))]:
        assert len(got) == len(want) and all(g.is_cuda for g in got)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g.cpu().numpy(), w.numpy())
    assert dx.is_contiguous() and not dx.transpose(0, 2).is_contiguous() and dx.numel() == 24
    assert ember.is_nonzero(dx[1, 2, 3]) and not ember.is_nonzero(dx[0, 0, 0])


@gpu
def test_composites_of_device_ops_run_on_a_device():
    rng = np.random.default_rng(29)
    a = t(rng.standard_normal((3, 4)).astype(np.float32))
    b = t(rng.standard_normal((4, 5)).astype(np.float32))
    c = t(rng.standard_normal((2, 4)).astype(np.float32))
    for name, call in [("einsum", lambda x, y, z: ember.einsum("ij,jk->ik", [x, y])),
                       ("tensordot", lambda x, y, z: ember.tensordot(x, y, ([1], [0]))),
                       ("inner", lambda x, y, z: ember.inner(x, z)), ("kron", lambda x, y, z: ember.kron(x, z)),
                       ("cdist", lambda x, y, z: ember.cdist(x, z)), ("diff", lambda x, y, z: ember.diff(x, 2, 1)),
                       ("float_power", lambda x, y, z: ember.float_power(x, 2))]:
        got, want = call(a.cuda(), b.cuda(), c.cuda()), call(a, b, c)
        assert got.is_cuda and got.dtype == want.dtype, name
        np.testing.assert_allclose(got.cpu().numpy(), want.numpy(), rtol=1e-5, atol=1e-6, err_msg=name)
    for g, w in zip(ember.meshgrid([a[0].cuda(), c[0].cuda()]), ember.meshgrid([a[0], c[0]])):
        assert g.is_cuda
        np.testing.assert_array_equal(g.cpu().numpy(), w.numpy())


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64", "int32"])
def test_nan_to_num_runs_on_a_device(dtype):
    a = np.array([np.nan, np.inf, -np.inf, 1.5, -0.0] if dtype != "int32" else [1, -2, 3, 0, 7]).astype(dtype)
    x = t(a)
    for kwargs in [{}, {"nan": 2.0, "posinf": 9.0}, {"neginf": -1.0}]:
        got = ember.nan_to_num(x.cuda(), **kwargs)
        assert got.is_cuda
        np.testing.assert_array_equal(got.cpu().numpy(), ember.nan_to_num(x, **kwargs).numpy(), err_msg=str(kwargs))


@gpu
def test_isclose_runs_on_a_device():
    a = t(np.array([1.0, np.nan, np.inf, 1e-9, 2.0], dtype=np.float32))
    b = t(np.array([1.0 + 1e-7, np.nan, np.inf, 0.0, 2.1], dtype=np.float32))
    for kwargs in [{}, {"equal_nan": True}, {"rtol": 0.1, "atol": 0.0}]:
        got = ember.isclose(a.cuda(), b.cuda(), **kwargs)
        assert got.is_cuda
        np.testing.assert_array_equal(got.cpu().numpy(), ember.isclose(a, b, **kwargs).numpy(), err_msg=str(kwargs))
    assert ember.allclose(a.cuda(), a.cuda(), equal_nan=True) and not ember.allclose(a.cuda(), b.cuda())


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_vector_products_run_on_a_device_in_every_layout(dtype):
    rng = np.random.default_rng(31)
    tol = {"float16": 2e-2, "float32": 1e-5, "float64": 1e-12}[dtype]
    m = t(rng.standard_normal((6, 5)).astype(dtype))
    v5, v6 = t(rng.standard_normal(10).astype(dtype))[::2], t(rng.standard_normal(6).astype(dtype))
    s6, s56 = t(rng.standard_normal(6).astype(dtype)), t(rng.standard_normal((5, 6)).astype(dtype))
    cases = [("mv", lambda a, x, y, s, r: ember.mv(a, x)), ("mv.t", lambda a, x, y, s, r: ember.mv(a.t(), y)),
             ("addmv", lambda a, x, y, s, r: ember.addmv(s, a, x, beta=0.5, alpha=2.0)),
             ("addmv.t", lambda a, x, y, s, r: ember.addmv(s[:5], a.t(), y, beta=0.0)),
             ("addr", lambda a, x, y, s, r: ember.addr(r, x, y, beta=-1.0, alpha=3.0)),
             ("addr.t", lambda a, x, y, s, r: ember.addr(r.t(), y, x)),
             ("outer", lambda a, x, y, s, r: ember.outer(y, x)), ("ger", lambda a, x, y, s, r: ember.ger(x, y[::2])),
             ("dot", lambda a, x, y, s, r: ember.dot(x, y[1:])), ("vdot", lambda a, x, y, s, r: ember.vdot(y, s)),
             ("matmul", lambda a, x, y, s, r: ember.matmul(a, x)), ("matmul.vv", lambda a, x, y, s, r: x @ a[0]),
             ("expanded", lambda a, x, y, s, r: ember.mv(a, x[:1].expand(5)))]
    for name, call in cases:
        got, want = call(m.cuda(), v5.cuda(), v6.cuda(), s6.cuda(), s56.cuda()), call(m, v5, v6, s6, s56)
        assert got.is_cuda and got.dtype == want.dtype and got.shape == want.shape, name
        np.testing.assert_allclose(got.cpu().numpy().astype(np.float64), want.numpy().astype(np.float64),
                                   rtol=tol, atol=tol, err_msg=name)
    # out= (a strided one too) and in place, written on the device.
    out = ember.zeros(12, dtype=getattr(ember, dtype), device="cuda")[::2]
    ember.mv(m.cuda(), v5.cuda(), out=out)
    np.testing.assert_allclose(out.cpu().numpy().astype(np.float64), ember.mv(m, v5).numpy().astype(np.float64),
                               rtol=tol, atol=tol)
    r = s56.cuda().t()
    r.addr_(v6.cuda(), v5.cuda(), alpha=2.0)
    np.testing.assert_allclose(r.cpu().numpy().astype(np.float64),
                               ember.addr(s56.t(), v6, v5, alpha=2.0).numpy().astype(np.float64), rtol=tol, atol=tol)
    with pytest.raises(RuntimeError, match="mv: expected all tensors on one device, but vec is on cpu"):
        ember.mv(m.cuda(), v5)
    with pytest.raises(TypeError, match="dot: not implemented for CUDA"):
        ember.dot(t(np.arange(3, dtype=np.int32)).cuda(), t(np.arange(3, dtype=np.int32)).cuda())
