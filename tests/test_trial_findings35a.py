"""The classes of round 35a's findings (tests/trials/cases35a.py), each against an independent truth where it has one.

N1: scipy.stats.laplace, skewnorm and invgauss (a gust's Laplace likelihood, a skew-normal log-density, the inverse
Gaussian's CDF of a failure time, as legacy code calls them) were refused whole as SciPy functions gradcli.scipy
lacks. Each now has logpdf, pdf, cdf, logcdf, sf and logsf in SciPy's forms: the Laplace's |z| (a kink at its
location), the skew-normal's log_ndtr(a z) and Phi(z) - 2 T(z, a), the inverse Gaussian's CDF with its e^(2 / mu)
taken inside the log of its normal tail, so that a shape of 400 does not overflow.

N2: a plain NumPy Newton iteration to a tolerance (the wave number at a depth of 1e-6) hung the check past --max-time:
at a finite difference's step its stopping rule is never met, and a loop of the function's own Python is no replayed
loop whose trips gradcli counts. Each call of a function no bridge replays is now stopped at a step past 20 times its
call at the point (at least 2 s, at most what --max-time leaves): the differences fail there, unreliable.
"""

import os
import sys
import textwrap

import mpmath
import numpy as np
import pytest
import scipy.stats

import gradcli
import gradcli.scipy.stats as gstats

LEGACY = """
from scipy import stats


def gust(loc):
    return stats.laplace.logpdf(12.0, loc=loc, scale=2.0)


def skewed(x, alpha):
    return stats.skewnorm.logpdf(x, alpha)


def failure_cdf(x, lam):
    return stats.invgauss.cdf(x, 1.0 / lam, scale=lam)
"""


def _check(tmp_path, name, point):
    path = tmp_path / "legacy35a.py"
    path.write_text(textwrap.dedent(LEGACY))
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",)).results
    return result


def _both(result, name):
    """The float64 gradient and the exact one, as floats."""
    return float(np.asarray(result.gradient[name])), float(np.asarray(result.exact_gradient[name]))


@pytest.mark.parametrize("dist, shapes", [("laplace", ()), ("skewnorm", (2.0,)), ("skewnorm", (-0.5,)),
                                          ("invgauss", (0.7,))])
def test_the_new_distributions_answer_as_scipy(dist, shapes):
    # not the skew-normal's left tail for a > 0 (x = -2 at a = 2: a CDF of 1.5e-5), where Phi(z) - 2 T(z, a) cancels
    # three digits away (SciPy integrates the density below 1e-6)
    for x in (-0.7, 0.05, 0.9, 3.0):
        for method in ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"):
            with np.errstate(divide="ignore"):
                got = float(np.asarray(getattr(getattr(gstats, dist), method)(x, *shapes, loc=0.1, scale=1.3)))
            want = float(getattr(getattr(scipy.stats, dist), method)(x, *shapes, loc=0.1, scale=1.3))
            # Owen's T and SciPy's Boost skew-normal CDF round apart by a few ulps of the terms the CDF subtracts
            assert got == pytest.approx(want, rel=1e-12, abs=1e-300), (dist, method, x)


def test_a_laplace_likelihood_is_differentiated_in_its_location(tmp_path):
    # (its kink at loc = 12, the gust itself, is test_user_trials35a's)
    result = _check(tmp_path, "gust", {"loc": 10.0})
    assert result.status == "ok"
    for got in _both(result, "loc"):
        assert got == pytest.approx(0.5, rel=1e-14)  # d/dloc of -|12 - loc| / 2 left of 12


def test_a_skew_normal_log_density_is_differentiated_far_in_its_tail(tmp_path):
    result = _check(tmp_path, "skewed", {"x": -4.0, "alpha": 10.0})
    assert result.status == "ok"
    with mpmath.workdps(50):  # d/dalpha log Phi(alpha x) = x phi(alpha x) / Phi(alpha x), Phi(-40) = 3.7e-350
        mills = mpmath.npdf(-40) / mpmath.ncdf(-40)
        want = {"x": float(4 + 10 * mills), "alpha": float(-4 * mills)}
    for name in ("x", "alpha"):
        for got in _both(result, name):
            assert got == pytest.approx(want[name], rel=1e-12)


def test_the_inverse_gaussian_cdf_keeps_its_overflowing_factor_inside_a_log(tmp_path):
    # mean 1, shape 400: e^800 Phi(-56.6); the CDF's slope in x is the density sqrt(400 / 2 pi) at x = 1
    result = _check(tmp_path, "failure_cdf", {"x": 1.0, "lam": 400.0})
    assert result.status == "ok"
    for got in _both(result, "x"):
        assert got == pytest.approx(np.sqrt(400 / (2 * np.pi)), rel=1e-12)


def test_a_python_loop_that_never_ends_at_a_step_stops_the_step_not_the_check(monkeypatch):
    # N2: a Newton iteration to a tolerance, as legacy code writes it, meets its stopping rule at depth = 1e-6 but
    # not at a finite difference's step there; each call at a step is now stopped past its time
    import threading

    from gradcli.checker import fd

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))
    from numpy_lib35a import wavenumber

    monkeypatch.setattr(fd, "STEP_SECONDS", 0.2)  # the bound's floor: the call at the point takes microseconds
    outcome = []

    def run():
        try:
            outcome.append(fd.differences(wavenumber, [1e-6], own_python=True))
        except fd.StepOverran as stopped:
            outcome.append(stopped)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(120)  # a guard against the hang this test is about, far above the 0.2 s the step is given
    assert outcome and isinstance(outcome[0], fd.StepOverran)
    assert "may never end there" in str(outcome[0])
    # the stop left nothing pending in the interpreter: a thread with a trace function (coverage, a debugger,
    # gradcli's own bound in a worker thread) still runs its calls (CPython 3.11 spins there on a flag left set)
    traced = threading.Thread(target=_a_traced_call, daemon=True)
    traced.start()
    traced.join(60)  # a guard: the call takes microseconds
    assert not traced.is_alive()


def _a_traced_call():
    sys.settrace(lambda frame, event, arg: None)
    try:
        textwrap.dedent("  a")
    finally:
        sys.settrace(None)


def test_the_timed_call_at_the_point_leaves_an_argument_the_function_writes_into_as_it_was(tmp_path):
    # The bound on a step's call times one call at the point first: on copies, or a function that adds into its
    # argument in place (np.add.at) would shift the point every later run reads
    from gradcli.checker import fd

    def accumulated(x):
        np.add.at(x, [0, 0], 1.0)
        return x[0] * x[1]

    x = np.array([1.0, 2.0])
    made = fd.differences(accumulated, [x], own_python=True)
    assert x.tolist() == [1.0, 2.0]
    assert np.allclose(np.asarray(made.gradient[0], dtype=float), [2.0, 3.0], rtol=1e-8)
    path = tmp_path / "accumulate.py"
    path.write_text("import numpy as np\n\n\ndef accumulated(x):\n    np.add.at(x, [0, 0], 1.0)\n    return x[0] * x[1]\n")
    (result,) = gradcli.check(f"{path}:accumulated", [{"x": np.array([1.0, 2.0])}], dtypes=("float64",)).results
    assert result.status == "ok", result.error
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [2.0, 3.0], rtol=1e-14)
