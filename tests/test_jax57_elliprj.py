"""Carlson's R_J (``scipy.special.elliprj``) as gradcli's op, and the elliptic ops' exact numbers on mpmath computed
through flint's balls where they are tight (issue 28's elliptic leftovers).

R_J answers SciPy's bits in each dtype (its principal value for p < 0, NaN at p = 0 and for a negative argument);
its slopes are held to mpmath's numerical derivative of mpmath's R_J (an oracle independent of the partial-fraction
forms the rules use), and its exact reference to that oracle on balls and on mpmath's path.
"""

import os
import sys

import mpmath
import numpy as np
import pytest
import scipy.special as scipy_special

import gradcli
import gradcli.scipy.special as special

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_ops_precision import _entries, exact_reference  # noqa: E402

# (x, y, z, p): ordinary, the principal value (p < 0), p on x (the coinciding limit), spread over six decades, all
# equal, p next to 0, an argument 0
POINTS = [(1.0, 2.0, 3.0, 4.0), (1.0, 2.0, 3.0, -1.0), (0.5, 2.0, 3.0, 0.5), (1e-3, 1.0, 1e3, 5.0),
          (2.0, 2.0, 2.0, 2.0), (1.0, 2.0, 3.0, 1e-8), (0.0, 2.0, 3.0, 4.0)]


def _rj(*args):
    """R_J of mpmath numbers by flint's ball at 40 bits past mpmath's precision: its real part, the principal value
    for p < 0 (mpmath's own R_J of a negative p costs seconds at 50 digits)."""
    import flint

    with flint.ctx.workprec(mpmath.mp.prec + 40):
        answer = flint.acb.elliptic_rj(*[flint.arb(mpmath.nstr(a, mpmath.mp.dps + 15)) for a in args]).real
        return mpmath.mpf(answer.mid().str(mpmath.mp.dps + 10, radius=False))


def _oracle(point, moved=range(4)):
    """R_J and its partials along ``moved`` at 50 digits: flint's R_J differentiated numerically by mpmath (independent
    of the partial-fraction forms the rules use)."""
    with mpmath.workdps(50):
        point = [mpmath.mpf(v) for v in point]
        partials = [mpmath.diff(_rj, point, tuple(int(i == k) for i in range(4))) for k in moved]
        return _rj(*point), partials


def test_the_value_is_scipys_in_each_dtype_with_its_edges():
    columns = np.array([(1.0, 2.0, 3.0, 4.0), (1.0, 2.0, 3.0, -1.0), (0.0, 2.0, 3.0, 4.0), (0.0, 0.0, 3.0, 4.0),
                        (1.0, 2.0, 3.0, 0.0), (-1.0, 2.0, 3.0, 4.0), (np.inf, 2.0, 3.0, 4.0), (1.0, 2.0, 3.0, -np.inf),
                        (0.0, 2.0, 3.0, -1.0)]).T
    for dtype in ("float32", "float64"):
        args = [column.astype(dtype) for column in columns]
        got = np.asarray(special.elliprj(*args))
        assert got.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(got, scipy_special.elliprj(*args))  # the same SciPy call: the same bits


@pytest.mark.parametrize("point", POINTS[:6])
def test_the_rules_slopes_are_the_derivative(point):
    _, partials = _oracle(point)
    got = gradcli.grad(lambda x, y, z, p: special.elliprj(x, y, z, p), (0, 1, 2, 3))(*point)
    for ours, want in zip(got, partials):
        assert abs(mpmath.mpf(float(ours)) - want) <= 1e-13 * abs(want), (point, got, partials)


def test_at_an_argument_0_its_slope_is_infinite_and_the_others_finite():
    got = gradcli.grad(lambda x, y, z, p: special.elliprj(x, y, z, p), (0, 1, 2, 3))(*POINTS[6])
    _, partials = _oracle(POINTS[6], moved=(1, 2, 3))
    assert np.isneginf(got[0]) and all(abs(float(g) - float(w)) <= 1e-13 * abs(float(w)) for g, w in zip(got[1:], partials))


class _Row:
    """What `exact_reference` reads of a precision row: the function."""

    @staticmethod
    def function(x, y, z, p):
        return special.elliprj(x, y, z, p)


@pytest.mark.parametrize("path", ["reference", "mpmath"])
@pytest.mark.parametrize("point", [POINTS[0], POINTS[1], POINTS[2]])
def test_the_exact_reference_is_the_oracles_on_both_paths(point, path):
    # p < 0 on mpmath's path: mpmath's own R_J of a negative p costs seconds at 100 digits, flint's ball microseconds
    value, partials = _oracle(point)
    exact = exact_reference(_Row, point, path, 20.0)
    assert not exact.unsettled and exact.method == ("balls" if path == "reference" else "mpmath")
    for got, want in zip(_entries(exact), [value] + partials):
        assert abs(got - want) <= 1e-12 * abs(want), (point, path, _entries(exact))


MODULE = '''
import numpy as np
from scipy.special import elliprj


def third_kind(x, p):
    return np.sum(elliprj(x, 2.0 * x, 3.0, p))
'''


def test_a_plain_numpy_module_calling_elliprj_is_checked(tmp_path):
    (tmp_path / "legacy57.py").write_text(MODULE)
    (result,) = gradcli.check(f"{tmp_path / 'legacy57.py'}:third_kind", [{"x": [0.5, 1.0], "p": -1.0}],
                              dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", result.findings


def test_the_differences_noise_of_an_incomplete_integral_is_computed_on_balls(monkeypatch):
    # mpmath's ellipf, ellipe and Carlson's forms cost milliseconds a call, and the noise estimate of the differences
    # calls them dozens of times a point: at ordinary arguments flint's balls answer every one of those calls
    called = []
    for name in ("ellipf", "ellipe", "elliprf", "elliprd", "elliprj"):
        monkeypatch.setattr(mpmath, name, lambda *args, name=name, **kwargs: called.append(name))
    results = gradcli.check(lambda phi, m: special.ellipkinc(phi, m) + special.ellipeinc(phi, m),
                            [{"phi": 2.0, "m": -1.0}], fixes=False).results
    assert [r.status.value for r in results] == ["ok", "ok"] and called == []
