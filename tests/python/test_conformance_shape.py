"""Shape, joining and splitting ops as PyTorch users write them: keywords,
methods, varargs, lists and tuples, chains. Each program runs through
ember and is compared with the same program written with NumPy (the
oracle; torch is not a test dependency)."""
from __future__ import annotations

import numpy as np
import pytest

import ember
from conformance import same, same_all, t

A = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
M = np.arange(12, dtype=np.int64).reshape(3, 4)
V = np.array([3.0, -1.0, 0.5], dtype=np.float64)


# ---- where ------------------------------------------------------------------------

def test_where_tensors_numbers_and_promotion():
    x, cond = t(M), t(M % 3 == 0)
    same(ember.where(cond, x, t(V[:1]) * 0 - 1), np.where(M % 3 == 0, M, -1.0), "float64")
    same(ember.where(cond, x, 0), np.where(M % 3 == 0, M, 0), "int64")
    same(ember.where(cond, 0.5, x), np.where(M % 3 == 0, 0.5, M), "float32")
    same(ember.where(cond, 1, 0), (M % 3 == 0).astype(np.int64), "int64")
    same(ember.where(condition=cond, input=x, other=x * 2), np.where(M % 3 == 0, M, 2 * M))
    same(x.where(cond, -x), np.where(M % 3 == 0, M, -M))


def test_where_broadcasts_and_writes_out_even_into_an_input():
    x = t(M.astype(np.float32))
    cond = t(np.array([True, False, False, True]))
    out = x.clone()
    r = ember.where(cond, out, t(np.float32(7) * np.ones((3, 1), np.float32)), out=out)
    assert r is out
    same(out, np.where([True, False, False, True], M, 7).astype(np.float32), "float32")


def test_where_with_only_a_condition_is_nonzero_as_a_tuple():
    same_all(ember.where(t(M % 5 == 0)), np.nonzero(M % 5 == 0))
    same_all(ember.where(t(np.array(2.0))), (np.array([0]),))


def test_where_condition_must_be_bool():
    with pytest.raises(TypeError, match="condition"):
        ember.where(t(M), t(M), t(M))


# ---- joining ----------------------------------------------------------------------

def test_stack_and_its_relatives():
    a, b = t(M), t(M * 10)
    same(ember.stack([a, b]), np.stack([M, 10 * M]))
    same(ember.stack((a, b), dim=-1), np.stack([M, 10 * M], axis=-1))
    same(ember.stack([a, b], 1), np.stack([M, 10 * M], 1))
    same(ember.hstack([a, b]), np.hstack([M, 10 * M]))
    same(ember.vstack([a, b]), np.vstack([M, 10 * M]))
    same(ember.dstack([a, b]), np.dstack([M, 10 * M]))
    same(ember.column_stack([t(V), t(V * 2)]), np.column_stack([V, 2 * V]))
    same(ember.hstack([t(V), t(V)]), np.hstack([V, V]))
    same(ember.vstack((t(V), t(V))), np.vstack([V, V]))


def test_stack_promotes_and_writes_out():
    out = ember.empty(0, dtype=ember.float64)
    r = ember.stack([t(M), t(V[:1].repeat(4).reshape(1, 4).repeat(3, 0))], out=out)
    assert r is out
    same(out, np.stack([M, np.full((3, 4), 3.0)]), "float64")
    with pytest.raises(ValueError, match="stack"):
        ember.stack([t(M), t(V)])


def test_atleast_takes_tensors_one_by_one_or_as_a_list():
    s, v = t(np.array(5.0)), t(V)
    same(ember.atleast_1d(s), np.atleast_1d(np.array(5.0)))
    same_all(ember.atleast_2d(s, v), np.atleast_2d(np.array(5.0), V))
    same_all(ember.atleast_3d([s, v]), np.atleast_3d(np.array(5.0), V))
    assert ember.atleast_1d([]) == ()


# ---- reordering -------------------------------------------------------------------

def test_flip_roll_rot90():
    x = t(A)
    same(x.flip(0, 2), np.flip(A, (0, 2)))
    same(ember.flip(x, dims=[1]), np.flip(A, 1))
    same(ember.fliplr(t(M)), np.fliplr(M))
    same(t(M).flipud(), np.flipud(M))
    same(ember.roll(x, 1), np.roll(A, 1))
    same(x.roll(shifts=(1, -2), dims=(0, 2)), np.roll(A, (1, -2), (0, 2)))
    same(ember.roll(x, -5, 1), np.roll(A, -5, 1))
    same(ember.rot90(t(M)), np.rot90(M))
    same(t(A).rot90(3, [2, 1]), np.rot90(A, 3, (2, 1)))
    same(ember.rot90(t(M), k=-2, dims=(0, 1)), np.rot90(M, -2))


# ---- views and reshapes -----------------------------------------------------------

def test_movedim_swapaxes_flatten_unflatten_ravel():
    x = t(A)
    same(x.movedim(0, -1), np.moveaxis(A, 0, -1))
    same(ember.movedim(x, (0, 1), (2, 0)), np.moveaxis(A, (0, 1), (2, 0)))
    same(ember.moveaxis(x, source=[2], destination=[0]), np.moveaxis(A, 2, 0))
    same(x.swapaxes(0, 2), np.swapaxes(A, 0, 2))
    same(ember.swapdims(x, dim0=1, dim1=2), np.swapaxes(A, 1, 2))
    same(x.flatten(), A.reshape(-1))
    same(ember.flatten(x, start_dim=1), A.reshape(2, 12))
    same(x.transpose(0, 2).flatten(0, 1), np.swapaxes(A, 0, 2).reshape(12, 2))
    same(x.unflatten(2, (2, -1)), A.reshape(2, 3, 2, 2))
    same(x.transpose(0, 2).ravel(), np.swapaxes(A, 0, 2).ravel())
    assert x.ravel().data_ptr() == x.data_ptr(), "a view of a contiguous tensor"


# ---- splitting --------------------------------------------------------------------

def test_split_chunk_tensor_split_unbind_return_tuples():
    x = t(A)
    same_all(ember.split(x, 2, dim=2), np.split(A, 2, axis=2))
    same_all(x.split([1, 3], 2), np.split(A, [1], axis=2))
    same_all(ember.split_with_sizes(x, [2, 1], dim=1), np.split(A, [2], axis=1))
    same_all(x.chunk(2, 2), np.array_split(A, 2, axis=2))
    same_all(ember.tensor_split(x, 3, dim=2), np.array_split(A, 3, axis=2))
    same_all(x.tensor_split([1, 3], 2), np.split(A, [1, 3], axis=2))
    same_all(ember.tensor_split(x, t(np.array([1, 3])), dim=2), np.split(A, [1, 3], axis=2))
    same_all(ember.tensor_split(x, t(np.array(2)), 1), np.array_split(A, 2, axis=1))
    same_all(x.unbind(1), [A[:, i] for i in range(3)])
    same_all(ember.unbind(x), [A[0], A[1]])
    same(x.narrow_copy(2, 1, 2), A[:, :, 1:3])
    out = ember.empty(0)
    assert ember.narrow_copy(x, 1, 0, 1, out=out) is out
    same(out, A[:, :1])


def test_split_takes_pytorch_keywords():
    x = t(A)
    same_all(ember.split(x, split_size_or_sections=2, dim=2), np.split(A, 2, axis=2))
    same_all(ember.split(tensor=x, split_size_or_sections=[1, 3], dim=2), np.split(A, [1], axis=2))
    same_all(x.split(split_size=3, dim=2), np.split(A, [3], axis=2))
    with pytest.raises(TypeError):
        ember.split(x, split_size=2)


def test_meshgrid_ij_and_xy_grids_are_views():
    a, b = np.arange(3.0), np.array([10.0, 20.0])
    ta, tb = t(a), t(b)
    xs, ys = ember.meshgrid(ta, tb, indexing="ij")
    np_xs, np_ys = np.meshgrid(a, b, indexing="ij")
    same(xs, np_xs)
    same(ys, np_ys)
    xs, ys = ember.meshgrid([ta, tb], indexing="xy")
    np_xs, np_ys = np.meshgrid(a, b, indexing="xy")
    same(xs, np_xs)
    same(ys, np_ys)
    assert xs.stride() == (0, 1)   # an expanded view of a, as PyTorch's
    grid = ember.stack(ember.meshgrid(ta, tb, t(np.array([1.0, 2.0, 3.0, 4.0]))), dim=-1)
    same(grid, np.stack(np.meshgrid(a, b, [1.0, 2.0, 3.0, 4.0], indexing="ij"), axis=-1))
    with pytest.raises(ValueError, match="indexing"):
        ember.meshgrid(ta, indexing="ji")
    with pytest.raises(TypeError, match="tensors"):
        ember.meshgrid(ta, t(np.arange(3)))


def test_repeat_interleave_every_form():
    x = t(M)
    same(ember.repeat_interleave(x, 2), np.repeat(M, 2))
    same(x.repeat_interleave(2, dim=0), np.repeat(M, 2, axis=0))
    counts = np.array([1, 0, 2, 1])
    same(x.repeat_interleave(t(counts), dim=1), np.repeat(M, counts, axis=1))
    same(ember.repeat_interleave(x, t(counts), 1, output_size=4), np.repeat(M, counts, axis=1))
    same(ember.repeat_interleave(t(counts.astype(np.int32))), np.repeat(np.arange(4), counts).astype(np.int32), "int32")
    same(ember.repeat_interleave(repeats=t(counts)), np.repeat(np.arange(4), counts), "int64")
    with pytest.raises(ValueError, match="repeats"):
        x.repeat_interleave(-1)
    with pytest.raises(ValueError, match="repeats"):
        x.repeat_interleave(t(np.array([1, 2])), dim=1)
    with pytest.raises(ValueError, match="output_size"):
        x.repeat_interleave(2, dim=0, output_size=5)


def test_kron_of_blocks_and_of_different_ndim():
    a = np.array([[1, 2], [3, 4]])
    b = np.array([[0.5, 1.0, 2.0]])
    same(ember.kron(t(a), t(b)), np.kron(a, b), "float64")
    same(t(a).kron(t(np.array([1, 10]))), np.kron(a, [1, 10]), "int64")
    same(ember.kron(t(A[0]), t(np.ones((2, 1, 2), np.float32))), np.kron(A[0], np.ones((2, 1, 2), np.float32)))
    bools = np.array([True, False])
    same(ember.kron(t(bools), t(np.array([True, True]))), np.kron(bools, [True, True]), "bool")
    out = ember.empty(0, dtype=ember.float64)
    assert ember.kron(t(a), t(b), out=out) is out
    same(out, np.kron(a, b))


def test_outer_and_ger_of_bools():
    x, y = np.array([True, False, True]), np.array([True, False])
    same(ember.outer(t(x), t(y)), np.outer(x, y), "bool")
    same(t(x).ger(t(y)), np.outer(x, y), "bool")
    out = ember.zeros(3, 2, dtype=ember.bool)
    ember.outer(t(x), t(y), out=out)
    same(out, np.outer(x, y))


# ---- factories with PyTorch's device and memory keywords --------------------------

def test_factories_with_device_and_layout_keywords():
    device = ember.device("cpu")
    x = t(A)
    same(ember.zeros(2, 3, dtype=ember.float64, device=device, requires_grad=False), np.zeros((2, 3)), "float64")
    same(ember.arange(0, 10, 3, device="cpu", layout=ember.strided), np.arange(0, 10, 3), "int64")
    same(ember.eye(3, device=x.device), np.eye(3, dtype=np.float32), "float32")
    same(ember.full((2,), 7, device="cpu:0", pin_memory=False), np.full(2, 7), "int64")
    same(x.new_zeros(x.shape[1:], device=x.device), np.zeros((3, 4), np.float32), "float32")
    same(x.new_tensor([[1, 2]]), np.array([[1, 2]], np.float32), "float32")
    same(ember.tensor([1.5, 2.5], device="cpu").to("cpu", ember.float64), np.array([1.5, 2.5]), "float64")
    assert x.cpu() is x and x.to(device) is x


def test_like_factories_keep_a_transposed_layout():
    x = t(A).permute(2, 0, 1)
    z = ember.zeros_like(x)
    assert z.stride() == x.stride()
    same(z + x, A.transpose(2, 0, 1))
    same(ember.ones_like(x, memory_format=ember.contiguous_format), np.ones((4, 2, 3), np.float32))
    assert ember.empty_like(x, memory_format=ember.contiguous_format).is_contiguous()
    r = ember.randint_like(x, 3, 5, dtype=ember.int64)
    assert r.stride() == x.stride() and set(np.unique(r.numpy())) <= {3, 4}


# ---- in-place views ---------------------------------------------------------------

def test_inplace_views_change_self_as_numpy_views_do():
    x = t(A)
    ptr = x.data_ptr()
    assert x.transpose_(0, 2) is x
    same(x, A.transpose(2, 1, 0))
    x.swapaxes_(0, 1).swapdims_(1, 2)
    same(x, A.transpose(2, 1, 0).swapaxes(0, 1).swapaxes(1, 2))
    y = t(A[:1])
    y.squeeze_(0)
    same(y, A[0])
    y.unsqueeze_(1)
    same(y, A[0][:, None])
    y.squeeze_()
    y.t_()
    same(y, A[0].T)
    assert x.data_ptr() == ptr


def test_inplace_view_errors_leave_self_alone():
    x = t(A)
    with pytest.raises(IndexError):
        x.transpose_(0, 3)
    with pytest.raises(ValueError):
        x.t_()
    same(x, A)
