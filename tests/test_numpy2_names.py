"""NumPy 2's names (the array API's spellings) and the NaN-skipping reductions in gradcli.numpy: NumPy's numbers and
shapes, gradients against central differences, and a plain NumPy module written with them checked exactly.

A plain module's np.acos, np.pow or np.nanstd was an error ("a NumPy function gradcli.numpy does not have"): NumPy 2
code spells arccos, power and concatenate so, and nanstd / nanvar / nanprod / nancumsum / nancumprod are the NaN-aware
reductions data code reaches for.
"""

import warnings

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import grad

RNG = np.random.default_rng(7)
M = RNG.uniform(-1, 1, (2, 3, 3))
V = RNG.uniform(-1, 1, (2, 3))
U = RNG.uniform(0.1, 0.9, 4)
WITH_NAN = np.array([[1.0, np.nan, 3.0, 4.0], [np.nan, np.nan, np.nan, np.nan], [2.0, 5.0, np.nan, -1.0]])

# name -> (gradcli's, NumPy's, the argument): each differentiated through the sum of its (first) output
CASES = {
    "acos": (gnp.acos, np.acos, U), "acosh": (gnp.acosh, np.acosh, U + 1), "asin": (gnp.asin, np.asin, U),
    "asinh": (gnp.asinh, np.asinh, U), "atan": (gnp.atan, np.atan, U), "atanh": (gnp.atanh, np.atanh, U),
    "atan2": (lambda x: gnp.atan2(x, 1 - x), lambda x: np.atan2(x, 1 - x), U),
    "pow": (lambda x: gnp.pow(x, 2.5), lambda x: np.pow(x, 2.5), U),
    "concat": (lambda x: gnp.concat([x, 2 * x]), lambda x: np.concat([x, 2 * x]), V),
    "permute_dims": (lambda x: gnp.permute_dims(x, (2, 0, 1)) * np.arange(18).reshape(3, 2, 3),
                     lambda x: np.permute_dims(x, (2, 0, 1)) * np.arange(18).reshape(3, 2, 3), M),
    "around": (lambda x: gnp.around(x, 1) + x, lambda x: np.around(x, 1) + x, U),
    "fix": (lambda x: gnp.fix(3 * x) + x, lambda x: np.fix(3 * x) + x, V),
    "matrix_transpose": (lambda x: gnp.matrix_transpose(x) * M, lambda x: np.matrix_transpose(x) * M, M),
    "vecdot": (lambda x: gnp.vecdot(x, V[::-1]), lambda x: np.vecdot(x, V[::-1]), V),
    "matvec": (lambda x: gnp.matvec(M, x), lambda x: np.matvec(M, x), V),
    "vecmat": (lambda x: gnp.vecmat(x, M), lambda x: np.vecmat(x, M), V),
    "unstack": (lambda x: gnp.unstack(x, axis=1)[1] ** 2, lambda x: np.unstack(x, axis=1)[1] ** 2, V),
    "cumulative_prod": (lambda x: gnp.cumulative_prod(x, include_initial=True),
                        lambda x: np.cumulative_prod(x, include_initial=True), U),
    "linalg.vector_norm": (lambda x: gnp.linalg.vector_norm(x, keepdims=True),
                           lambda x: np.linalg.vector_norm(x, keepdims=True), M),
    "linalg.vector_norm ord 1 axis": (lambda x: gnp.linalg.vector_norm(x, ord=1, axis=-1),
                                      lambda x: np.linalg.vector_norm(x, ord=1, axis=-1), M),
    "linalg.matrix_norm": (gnp.linalg.matrix_norm, np.linalg.matrix_norm, M),
    "linalg.svdvals": (gnp.linalg.svdvals, np.linalg.svdvals, M),
    "linalg.cross": (lambda x: gnp.linalg.cross(x, V[::-1]), lambda x: np.linalg.cross(x, V[::-1]), V),
    "linalg.diagonal": (lambda x: gnp.linalg.diagonal(x, offset=1), lambda x: np.linalg.diagonal(x, offset=1), M),
    "linalg.trace": (gnp.linalg.trace, np.linalg.trace, M),
    "linalg.matmul": (lambda x: gnp.linalg.matmul(x, M), lambda x: np.linalg.matmul(x, M), M),
    "linalg.outer": (lambda x: gnp.linalg.outer(x, U), lambda x: np.linalg.outer(x, U), U),
    "linalg.tensordot": (lambda x: gnp.linalg.tensordot(x, M[1], axes=1), lambda x: np.linalg.tensordot(x, M[1], axes=1),
                         M[0]),
    "linalg.vecdot": (lambda x: gnp.linalg.vecdot(x, V), lambda x: np.linalg.vecdot(x, V), V),
    "linalg.matrix_transpose": (gnp.linalg.matrix_transpose, np.linalg.matrix_transpose, M),
}

NAN_CASES = {  # name -> keyword arguments
    "nanprod": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}],
    "nancumsum": [{}, {"axis": 0}, {"axis": 1}],
    "nancumprod": [{}, {"axis": 0}, {"axis": 1}],
    "nanvar": [{}, {"axis": 0}, {"axis": 1, "ddof": 1}, {"axis": 1, "keepdims": True}],
    "nanstd": [{}, {"axis": 0, "ddof": 1}, {"axis": 1, "keepdims": True}],
}


def _central(f, x, h=1e-6):
    x = np.asarray(x, dtype=np.float64)
    out = np.zeros_like(x)
    for index in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[index] += h
        down[index] -= h
        out[index] = (np.sum(f(up)) - np.sum(f(down))) / (2 * h)
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_numpy_2_names_give_numpys_numbers_and_slopes(name):
    ours, numpys, x = CASES[name]
    np.testing.assert_allclose(np.asarray(ours(x)), numpys(x), rtol=1e-13, atol=1e-15)
    assert np.shape(ours(x)) == np.shape(numpys(x))
    np.testing.assert_allclose(grad(lambda v: gnp.sum(ours(v)))(x), _central(numpys, x), rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("name, keywords", [(n, k) for n, ks in NAN_CASES.items() for k in ks])
def test_nan_reductions_skip_nan_as_numpy_does(name, keywords):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's warnings on the all-NaN row
        want = getattr(np, name)(WITH_NAN, **keywords)
        got = np.asarray(getattr(gnp, name)(WITH_NAN, **keywords))
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-14, equal_nan=True)


def test_a_nan_entry_has_no_slope_and_the_others_their_own():
    x = np.array([1.0, np.nan, 3.0, 4.0])
    g = grad(lambda v: gnp.nanstd(v, ddof=1))(x)
    kept = np.array([1.0, 3.0, 4.0])
    want = (kept - kept.mean()) / ((len(kept) - 1) * kept.std(ddof=1))
    np.testing.assert_allclose(g[[0, 2, 3]], want, rtol=1e-14)
    assert g[1] == 0.0


SOURCE = '''import numpy as np


def spread_angle(x):
    x = np.where(x > 100, np.nan, x)  # readings past 100 are missing
    return np.nanstd(x) + np.acos(np.clip(x[0] / 10, -1, 1)) + np.pow(np.linalg.vector_norm(x[2:]), 2)
'''


def test_a_plain_numpy_2_module_is_checked_exactly(tmp_path):
    path = tmp_path / "numpy2.py"
    path.write_text(SOURCE)
    point = [1.0, 1000.0, 4.0, 2.5]
    [result] = gradcli.check(f"{path}:spread_angle", [{"x": point}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", result.findings
    with mpmath.workdps(40):
        kept = [mpmath.mpf(v) for v in (1.0, 4.0, 2.5)]
        mean = sum(kept) / 3
        sd = mpmath.sqrt(sum((v - mean) ** 2 for v in kept) / 3)
        slope_sd = [(v - mean) / (3 * sd) for v in kept]
        want = [slope_sd[0] - 1 / (10 * mpmath.sqrt(1 - (kept[0] / 10) ** 2)), 0, slope_sd[1], slope_sd[2]]
        want[2] += 2 * kept[1]
        want[3] += 2 * kept[2]
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [float(w) for w in want],
                               rtol=1e-14)


@pytest.mark.parametrize("axis", [(0, 1), (0, 2), (1,), None, -1, (0, 1, 2)])
@pytest.mark.parametrize("order", [2, 1, np.inf, -np.inf, 0, 3, 0.5, -1])
def test_vector_norm_over_several_axes_is_one_vectors_norm(axis, order):
    """A tuple of axes makes one vector of their entries (never a matrix norm, as np.linalg.norm reads two axes)."""
    for keepdims in (False, True):
        want = np.linalg.vector_norm(M, axis=axis, ord=order, keepdims=keepdims)
        got = np.asarray(gnp.linalg.vector_norm(M, axis=axis, ord=order, keepdims=keepdims))
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-13)


def test_dtypes_are_numpys():
    """Integers stay integers where NumPy keeps them; a float32 mean or variance stays float32."""
    assert gnp.cumulative_sum(np.arange(3), include_initial=True).tolist() == [0, 0, 1, 3]
    assert np.asarray(gnp.cumulative_sum(np.arange(3), include_initial=True)).dtype.kind == "i"
    assert np.asarray(gnp.cumulative_prod(np.arange(1, 4), include_initial=True)).dtype.kind == "i"
    assert np.asarray(gnp.nanprod(np.arange(1, 7).reshape(2, 3), axis=1)).dtype.kind == "i"
    assert np.asarray(gnp.nancumsum(np.arange(4))).dtype.kind == "i"
    single = np.array([1.0, np.nan, 3.0, 4.0], dtype=np.float32)
    for name in ("nanmean", "nanvar", "nanstd"):
        assert np.asarray(getattr(gnp, name)(single)).dtype == getattr(np, name)(single).dtype == np.float32


def test_nan_reductions_keep_the_nan_arithmetic_makes_and_send_none_back():
    assert np.isnan(gnp.nanstd(np.array([1.0, np.inf, np.nan])))  # inf - inf is a NaN of the data's, not a gap
    x = np.array([[3.0, np.nan, np.nan], [1.0, 2.0, 4.0]])  # row 0 has one number: ddof 1 leaves none, NaN there
    g = grad(lambda v: gnp.nansum(gnp.nanvar(v, axis=1, ddof=1)))(x)
    assert np.all(np.isfinite(g)) and g[0].tolist() == [0.0, 0.0, 0.0]
    np.testing.assert_allclose(g[1], 2 * (x[1] - x[1].mean()) / 2, rtol=1e-14)
    with pytest.raises(ValueError):
        gnp.nanvar(x, ddof=1, correction=1)


def test_the_array_apis_linalg_checks_its_arguments():
    with pytest.raises(ValueError, match="3-dimensional"):
        gnp.linalg.cross(np.ones(2), np.ones(2))
    with pytest.raises(ValueError, match="one-dimensional"):
        gnp.linalg.outer(np.ones((2, 2)), np.ones(2))
    with pytest.raises(ValueError):
        gnp.unstack(np.float64(2.0))
