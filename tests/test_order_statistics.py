"""``median``, ``percentile`` and ``quantile`` in gradcli.numpy: NumPy's values, their gradients, and the exact reference.

Each is a sort (ordered through the ball decisions on the exact reference)
followed by NumPy's own arithmetic: the mean of the middle one or two entries,
or NumPy's linear interpolation between the two entries around ``(n - 1) * q``.
The values are compared with NumPy's, the gradients with central differences of
NumPy's own functions, and the exact reference with derivatives built from
NumPy's order of the point, never from gradcli.
"""

import math
import textwrap

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from bitlevel import assert_within_ulps
from each_case import failing_cases

RNG_SEED = 20261129

# (shape, axis): every axis a reduction takes, a tuple of axes and None among them
LAYOUTS = [((7,), None), ((6,), 0), ((3, 4), None), ((3, 4), 0), ((3, 4), -1), ((2, 3, 5), (0, 2)), ((2, 3, 5), 1),
           ((4, 1), 1), ((1,), None)]
# (name, q): q as a Python number (the result keeps a's dtype), a NumPy scalar, a vector and a matrix of them
CALLS = [("median", None), ("quantile", 0.5), ("quantile", 0.0), ("quantile", 1.0), ("quantile", 0.3),
         ("quantile", np.float64(0.25)), ("quantile", np.array([0.1, 0.9])), ("quantile", np.array([[0.2], [0.7]])),
         ("percentile", 50), ("percentile", 33.3), ("percentile", 100), ("percentile", np.array([10.0, 90.0]))]


def _call(module, name, q, a, **kwargs):
    fun = getattr(module, name)
    return fun(a, **kwargs) if q is None else fun(a, q, **kwargs)


def _numpys_order_statistic(name, q, shape, axis, keepdims, dtype):
    a = np.random.default_rng(RNG_SEED).normal(size=shape).astype(dtype)
    want = np.asarray(_call(np, name, q, a, axis=axis, keepdims=keepdims))
    got = np.asarray(_call(gnp, name, q, a, axis=axis, keepdims=keepdims))
    assert_within_ulps(got, want)  # its dtype and shape too


# One test per call, its layouts in a loop: a failure lists every (shape, axis, keepdims, dtype) that disagrees.
@pytest.mark.parametrize("name, q", CALLS, ids=[f"{n}-{q}" for n, q in CALLS])
def test_an_order_statistic_is_numpys(name, q):
    layouts = [(shape, axis, keepdims, dtype) for (shape, axis) in LAYOUTS for keepdims in (False, True)
               for dtype in (np.float64, np.float32)]
    assert failing_cases(lambda *layout: _numpys_order_statistic(name, q, *layout), layouts) == {}


def test_a_slice_holding_nan_gives_nan_as_numpys():
    a = np.array([[1.0, np.nan, 3.0], [1.0, 2.0, 4.0]])
    for name, q in [("median", None), ("quantile", 0.3), ("percentile", [20, 70])]:
        want, got = _call(np, name, q, a, axis=1), _call(gnp, name, q, a, axis=1)
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        np.testing.assert_allclose(got, want, rtol=1e-15)


def test_a_quantile_outside_0_and_1_is_refused_as_by_numpy():
    with pytest.raises(ValueError, match="range"):
        gnp.quantile(np.arange(3.0), 1.5)
    with pytest.raises(ValueError, match="range"):
        gnp.percentile(np.arange(3.0), -1)


def _central(f, x, h=1e-6):
    out = np.zeros_like(x)
    for i in range(x.size):
        e = np.zeros_like(x)
        e.flat[i] = h
        out.flat[i] = (f(x + e) - f(x - e)) / (2 * h)
    return out


# The same mathematics written twice: on gradcli.numpy (differentiated) and on NumPy (finite differences).
SMOOTH_POINT = np.array([0.31, -1.2, 2.05, 0.74, 1.13, 0.052, -0.43, 1.61])


def _losses(m):
    return {
        "median": lambda x: m.median(x) * 3.0,
        "median(axis, keepdims)": lambda x: m.sum(m.exp(m.median(m.reshape(x, (2, 4)), axis=1, keepdims=True))),
        "percentile": lambda x: m.percentile(x, 37.5) ** 2,
        "quantile(vector q, axis)": lambda x: m.sum(m.sin(m.quantile(m.reshape(x, (4, 2)), np.array([0.1, 0.6]), axis=0))),
    }


@pytest.mark.parametrize("name", list(_losses(np)))
def test_an_order_statistics_gradient_matches_central_differences(name):
    gradient = gradcli.grad(_losses(gnp)[name])(SMOOTH_POINT.copy())
    np.testing.assert_allclose(gradient, _central(_losses(np)[name], SMOOTH_POINT), rtol=1e-7, atol=1e-8)


def _module(tmp_path, body):
    path = tmp_path / "order_statistics.py"
    path.write_text("import numpy as np\n\n" + textwrap.dedent(body))
    return f"{path}:f"


def _exact(tmp_path, body, x):
    report = gradcli.check(_module(tmp_path, body), [{"x": x}], dtypes=("float64",), fixes=False, max_time=math.inf)
    return report.results[0]


def _one_hot(n, weights):
    out = np.zeros(n)
    for position, weight in weights:
        out[position] += weight
    return out


def test_plain_numpy_median_and_percentile_have_an_exact_reference_with_proven_zeros(tmp_path):
    x = np.array([0.3, -1.2, 2.0, 0.7, 1.1, 0.05])
    order = np.argsort(x)
    result = _exact(tmp_path, "def f(x):\n    return np.median(x) + np.percentile(x, 30) * 2.0\n", x)
    assert result.status == "ok", (result.status, result.findings)
    # median of 6: the mean of ranks 2 and 3; percentile 30: rank 1.5, half of ranks 1 and 2.
    want = _one_hot(x.size, [(order[2], 0.5), (order[3], 0.5), (order[1], 1.0), (order[2], 1.0)])
    got = np.asarray(result.exact_gradient["x"], dtype=float)
    np.testing.assert_allclose(got[want != 0], want[want != 0], rtol=1e-14)
    assert not np.any(got[want == 0]), got  # proven 0, not a small number


def test_an_order_statistic_at_800_is_exact_where_float64_rounds(tmp_path):
    # exp(x) at -800 is below float64's range; the exact reference still orders and weighs the entries.
    x = np.array([-800.0, -801.0, -799.5, -800.25])
    result = _exact(tmp_path, "def f(x):\n    return np.log(np.quantile(np.exp(x), 0.4))\n", x)
    assert result.exact_gradient["x"] is not None, result.findings
    order = np.argsort(x)
    # rank 1.2 of exp(x): exp(a) + 0.2 (exp(b) - exp(a)) over ranks a = 1, b = 2, differentiated through log.
    assert np.quantile(np.exp(x), 0.4) == 0.0  # float64 cannot hold the quantile itself
    a, b = x[order[1]], x[order[2]]
    lo, hi = 0.8 / (0.8 + 0.2 * np.exp(b - a)), 0.2 * np.exp(b - a) / (0.8 + 0.2 * np.exp(b - a))
    got = np.asarray(result.exact_gradient["x"], dtype=float)
    np.testing.assert_allclose(got[[order[1], order[2]]], [lo, hi], rtol=1e-12)
    assert not np.any(np.delete(got, [order[1], order[2]]))


def test_a_tie_the_median_does_not_read_is_decided_and_a_tie_it_reads_is_a_kink(tmp_path):
    body = "def f(x):\n    return np.median(x)\n"
    apart = _exact(tmp_path, body, np.array([0.2, 0.2, 1.0, 3.0, 4.0]))
    assert apart.status == "ok", (apart.status, apart.findings)
    np.testing.assert_array_equal(np.asarray(apart.exact_gradient["x"], dtype=float), [0, 0, 1, 0, 0])
    on_it = _exact(tmp_path, body, np.array([0.2, 1.0, 1.0, 3.0, 4.0]))
    assert on_it.status == "domain", (on_it.status, on_it.findings)
    kinks = {f.op for f in on_it.findings if f.kind == "kink"}
    assert kinks == {"x[1]", "x[2]"}, on_it.findings
