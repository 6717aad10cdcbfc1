"""ember.linalg (schemas/math/linalg.yaml: solve inv cholesky qr eigh eig svd
lstsq det slogdet) and ember.cholesky_solve / triangular_solve against
NumPy's np.linalg and by reconstruction, for float32 and float64, batched
and broadcast, on transposed inputs; and their errors."""
import numpy as np
import pytest

import ember
from ember_np import to_numpy

DTYPES = [(ember.float32, np.float32, 1e-4), (ember.float64, np.float64, 1e-10)]


def rand(shape, seed, np_dtype):
    return np.random.RandomState(seed).uniform(-1, 1, shape).astype(np_dtype)


def conditioned(shape, seed, np_dtype):
    n = shape[-1]
    return (rand(shape, seed, np_dtype) + n * np.eye(n)).astype(np_dtype)


def spd(shape, seed, np_dtype):
    x = rand(shape, seed, np.float64)
    n = shape[-1]
    return (x @ np.swapaxes(x, -1, -2) + n * np.eye(n)).astype(np_dtype)


def t(a):
    return ember.tensor(a)


def close(got, want, tol):
    np.testing.assert_allclose(to_numpy(got) if isinstance(got, ember.Tensor) else got, want, rtol=tol, atol=tol)


def test_namespace_is_generated_from_the_schema():
    import ember.linalg as la
    from ember.linalg import solve
    assert solve is ember.linalg.solve
    assert la.solve is ember.linalg_solve
    assert sorted(n for n in dir(ember.linalg) if not n.startswith("_")) == [
        "cholesky", "det", "eig", "eigh", "inv", "lstsq", "qr", "slogdet", "solve", "svd"]


@pytest.mark.parametrize("dtype,np_dtype,tol", DTYPES)
def test_solve_batched_broadcast_and_vectors(dtype, np_dtype, tol):
    a = conditioned((3, 4, 4), 1, np_dtype)
    b = rand((4, 2), 2, np_dtype)
    x = ember.linalg.solve(t(a), t(b))
    assert x.dtype == dtype and x.shape == (3, 4, 2)
    close(x, np.linalg.solve(a.astype(np.float64), b.astype(np.float64)), tol)
    close(a.astype(np.float64) @ to_numpy(x), np.broadcast_to(b, (3, 4, 2)), tol)
    # B as a batch of vectors (A's shape without its last dim), and as one vector.
    v = rand((3, 4), 3, np_dtype)
    xv = ember.linalg.solve(t(a), t(v))
    assert xv.shape == (3, 4)
    close(np.einsum("bij,bj->bi", a.astype(np.float64), to_numpy(xv)), v, tol)
    assert ember.linalg.solve(t(a[0]), t(v[0])).shape == (4,)
    # A transposed view (not contiguous).
    at = t(a).transpose(1, 2)
    close(ember.linalg.solve(at, t(b)), np.linalg.solve(np.swapaxes(a, 1, 2).astype(np.float64), b), tol)


@pytest.mark.parametrize("dtype,np_dtype,tol", DTYPES)
def test_inv_det_slogdet(dtype, np_dtype, tol):
    a = conditioned((2, 5, 5), 4, np_dtype)
    inv = ember.linalg.inv(t(a))
    close(inv, np.linalg.inv(a.astype(np.float64)), tol)
    close(a.astype(np.float64) @ to_numpy(inv), np.broadcast_to(np.eye(5), (2, 5, 5)), tol)
    r = rand((2, 3, 3), 5, np_dtype)
    close(ember.linalg.det(t(r)), np.linalg.det(r.astype(np.float64)), tol)
    sign, logabs = ember.linalg.slogdet(t(r))
    want_sign, want_log = np.linalg.slogdet(r.astype(np.float64))
    close(sign, want_sign, 0)
    close(logabs, want_log, tol)
    assert ember.linalg.det(t(r[0])).shape == ()
    zero = ember.zeros(3, 3, dtype=dtype)
    assert to_numpy(ember.linalg.det(zero)) == 0
    s0, l0 = ember.linalg.slogdet(zero)
    assert to_numpy(s0) == 0 and to_numpy(l0) == -np.inf


@pytest.mark.parametrize("dtype,np_dtype,tol", DTYPES)
def test_cholesky_and_cholesky_solve(dtype, np_dtype, tol):
    a = spd((2, 4, 4), 6, np_dtype)
    low = ember.linalg.cholesky(t(a))
    close(low, np.linalg.cholesky(a.astype(np.float64)), tol)
    up = ember.linalg.cholesky(t(a), upper=True)
    close(up, np.swapaxes(np.linalg.cholesky(a.astype(np.float64)), -1, -2), tol)
    b = rand((2, 4, 3), 7, np_dtype)
    want = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    close(ember.cholesky_solve(t(b), low), want, tol * 10)
    close(t(b).cholesky_solve(up, True), want, tol * 10)


@pytest.mark.parametrize("dtype,np_dtype,tol", DTYPES)
@pytest.mark.parametrize("m,n", [(5, 3), (3, 5)])
def test_qr_and_svd(dtype, np_dtype, tol, m, n):
    a = rand((2, m, n), 8, np_dtype)
    k = min(m, n)
    q, r = ember.linalg.qr(t(a))
    assert q.shape == (2, m, k) and r.shape == (2, k, n)
    qn, rn = to_numpy(q).astype(np.float64), to_numpy(r).astype(np.float64)
    close(qn @ rn, a, tol)
    close(np.swapaxes(qn, -1, -2) @ qn, np.broadcast_to(np.eye(k), (2, k, k)), tol)
    assert np.all(np.tril(rn, -1) == 0)
    close(np.abs(rn), np.abs(np.linalg.qr(a.astype(np.float64))[1]), tol * 10)
    for full in (True, False):
        u, s, vh = ember.linalg.svd(t(a), full_matrices=full)
        assert u.shape == (2, m, m if full else k) and vh.shape == (2, n if full else k, n)
        close(s, np.linalg.svd(a.astype(np.float64), compute_uv=False), tol)
        un, sn, vn = (to_numpy(x).astype(np.float64) for x in (u, s, vh))
        close((un[..., :k] * sn[:, None, :]) @ vn[:, :k, :], a, tol * 10)


@pytest.mark.parametrize("dtype,np_dtype,tol", DTYPES)
def test_eigh_and_eig(dtype, np_dtype, tol):
    a = spd((2, 4, 4), 9, np_dtype)
    w, v = ember.linalg.eigh(t(a))
    close(w, np.linalg.eigvalsh(a.astype(np.float64)), tol * 10)
    vn = to_numpy(v).astype(np.float64)
    close(a.astype(np.float64) @ vn, vn * to_numpy(w)[:, None, :], tol * 20)
    # eig: complex values as a trailing (real, imaginary) dim.
    g = rand((5, 5), 10, np_dtype)
    g[0, 1] -= 3
    g[1, 0] += 3
    w, v = ember.linalg.eig(t(g))
    assert w.shape == (5, 2) and v.shape == (5, 5, 2)
    wc = to_numpy(w)[:, 0] + 1j * to_numpy(w)[:, 1]
    vc = to_numpy(v)[..., 0] + 1j * to_numpy(v)[..., 1]
    assert np.any(wc.imag != 0)
    close(np.sort_complex(wc), np.sort_complex(np.linalg.eigvals(g.astype(np.float64))), tol * 10)
    close(g.astype(np.float64) @ vc, vc * wc[None, :], tol * 50)
    close(np.linalg.norm(vc, axis=0), np.ones(5), tol * 10)


@pytest.mark.parametrize("dtype,np_dtype,tol", DTYPES)
def test_lstsq(dtype, np_dtype, tol):
    a = rand((6, 3), 11, np_dtype)
    b = rand((2, 6, 2), 12, np_dtype)
    x, residuals, rank, sv = ember.linalg.lstsq(t(a), t(b))
    for i in range(2):
        want, res, _, _ = np.linalg.lstsq(a.astype(np.float64), b[i].astype(np.float64), rcond=None)
        close(to_numpy(x)[i], want, tol * 10)
        close(to_numpy(residuals)[i], res, tol * 10)
    assert rank.numel() == 0 and sv.numel() == 0
    # B with one dim fewer than A: a batch of vectors.
    x, residuals, _, _ = ember.linalg.lstsq(t(a), t(b[0, :, 0]))
    assert x.shape == (3,) and residuals.shape == ()
    want, res, _, _ = np.linalg.lstsq(a.astype(np.float64), b[0, :, 0].astype(np.float64), rcond=None)
    close(x, want, tol * 10)
    close(residuals, res[0], tol * 10)
    # Underdetermined: the minimum-norm solution.
    w = rand((3, 5), 13, np_dtype)
    c = rand((3, 1), 14, np_dtype)
    x, residuals, _, _ = ember.linalg.lstsq(t(w), t(c))
    close(x, np.linalg.lstsq(w.astype(np.float64), c.astype(np.float64), rcond=None)[0], tol * 10)
    assert residuals.numel() == 0


@pytest.mark.parametrize("dtype,np_dtype,tol", DTYPES)
@pytest.mark.parametrize("upper", [True, False])
@pytest.mark.parametrize("transpose", [False, True])
@pytest.mark.parametrize("unitriangular", [False, True])
def test_triangular_solve(dtype, np_dtype, tol, upper, transpose, unitriangular):
    a = conditioned((4, 4), 15, np_dtype)
    b = rand((2, 4, 3), 16, np_dtype)
    x, copy = ember.triangular_solve(t(b), t(a), upper, transpose, unitriangular)
    tri = (np.triu(a) if upper else np.tril(a)).astype(np.float64)
    if unitriangular:
        np.fill_diagonal(tri, 1)
    op = tri.T if transpose else tri
    close(x, np.linalg.solve(op, b.astype(np.float64)), tol)
    close(copy, np.broadcast_to(a, (2, 4, 4)), 0)
    x2, _ = t(b).triangular_solve(t(a), upper=upper, transpose=transpose, unitriangular=unitriangular)
    close(x2, to_numpy(x), 0)


def test_errors():
    i64 = ember.zeros(2, 2, dtype=ember.int64)
    with pytest.raises(TypeError, match="linalg_inv: A has dtype int64, but only float32 and float64"):
        ember.linalg.inv(i64)
    with pytest.raises(TypeError, match="float16"):
        ember.linalg.det(ember.zeros(2, 2, dtype=ember.float16))
    with pytest.raises(TypeError, match="B has dtype float32, but A has float64"):
        ember.linalg.solve(ember.eye(2, dtype=ember.float64), ember.ones(2, 1))
    with pytest.raises(ValueError, match="should be a batch of square matrices, but its matrices are 2x3"):
        ember.linalg.solve(ember.zeros(2, 3), ember.zeros(2))
    with pytest.raises(ValueError, match="at least 2 dimensions"):
        ember.linalg.eigh(ember.zeros(3))
    with pytest.raises(ValueError, match="batch dims of B"):
        ember.linalg.solve(ember.zeros(2, 3, 3), ember.zeros(4, 3, 1))
    with pytest.raises(RuntimeError, match=r"linalg_solve: U\(1,1\) is exactly zero, the matrix is singular"):
        ember.linalg.solve(ember.zeros(3, 3), ember.ones(3))
    with pytest.raises(RuntimeError, match="not positive definite"):
        ember.linalg.cholesky(-ember.eye(3))
    with pytest.raises(RuntimeError, match=r"A\(2,2\) is zero"):
        ember.triangular_solve(ember.ones(2, 1), ember.tensor([[1.0, 0.0], [1.0, 0.0]]), upper=False)
