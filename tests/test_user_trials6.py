"""The sixth round of user trials (tests/trials/cases6.py): probabilistic programming, finance and physics numerics,
learning losses and layers written with SciPy, jax.scipy.stats, torch.distributions and Keras, at the points where
they are sound but their gradients are tiny or huge, and where they break; and three routes besides `gradcli check`:
an audit spec, a sweep and the pytest fixture.

The whole set runs with ``python tests/trials/run.py lib6``; here, one of each kind per framework.
"""

import math
import os
import sys

import mpmath
import numpy as np
import pytest
import scipy.stats

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases6  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402
from gradcli.scipy import stats  # noqa: E402
from gradcli.testing import GradientCheckError, assert_gradients_ok  # noqa: E402

CHOSEN = [
    # sound library code whose exact gradient is tiny, huge or exactly 0 stays ok, the tiny ones exact
    "numpy_lib6:dirichlet_alpha@alpha=[1e-300,2,3]:float64",
    "numpy_lib6:planck_wien@x=800:float64",  # -1.87e-339: beyond float64, reported as text
    "jax_lib6:attention@scores=[800,-800,5]:float64",  # e^-1600 through a -inf mask
    "jax_lib6:mvn_chol@x=[1,-2]:float64",  # exactly 0 at the mean
    "torch_lib6:negbin_lp@logits=[-800,800]:float64",
    "tf_lib6:log_poisson@log_rate=[-800,700]:float64",
    # broken code: unstable at the user's line
    "numpy_lib6:truncnorm_naive@b=11,a=10:float64",
    "jax_lib6:kl_gauss@s=[1e-100,2e-100]:float64",  # only the backward's (2 s2^2)^2 underflows
    "torch_lib6:bs_call@s=1:float64",  # torch.special.ndtr is 0 at d1 = -34.4
    "tf_lib6:mixture_ll@x=3e154:float64",
    # routes: a pytree's leaf by path, an nn.Module parameter by name, a jitted function
    "jax_lib6:elbo@elbo_args:float64",
    "torch_lib6:clip_loss@clip_args:float64",
    "jax_lib6:cosine_lr@t=100:float64",
]
BY_ID = {case.id: case for case in cases6.ALL}
TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases6, CHOSEN)


def _target(name):
    return f"{os.path.join(TRIALS, name.split(':')[0])}:{name.split(':')[1]}"


def test_the_fixture_passes_sound_framework_code_at_tiny_points():
    report = assert_gradients_ok(_target("torch_lib6.py:rms_norm"), [{"x": np.array([1e-200] * 3)}],
                                 dtypes=("float64",))
    assert [r.status.value for r in report.results] == ["ok"]


@pytest.mark.parametrize("target, point", [
    ("jax_lib6.py:attention", {"scores": np.array([800.0, -800.0, 5.0])}),  # slopes e^-1600 through a -inf mask
    ("tf_lib6.py:lgamma_far", {"x": np.array([1e300, 3.0])}),  # a tf.function with an input signature
])
def test_the_fixture_passes_jax_and_tensorflow_code_whose_gradients_are_tiny_or_far_out(target, point):
    # a verdict, not the shared machine's load, is under test: a tf.function's first trace on a loaded machine may
    # take longer than the default --max-time's 30 seconds, and its own run would then have no verdict
    report = assert_gradients_ok(_target(target), [point], dtypes=("float64",), max_time=math.inf)
    assert [r.status.value for r in report.results] == ["ok"]


def test_the_fixture_fails_broken_framework_code_naming_its_line():
    line = judge.line_number(BY_ID["torch_lib6:bs_call@s=1:float64"], "s * torch.special.ndtr(d1)")
    with pytest.raises(GradientCheckError) as raised:
        assert_gradients_ok(_target("torch_lib6.py:bs_call"), [{"s": np.array(1.0)}], dtypes=("float64",))
    assert f"torch_lib6.py:{line}" in str(raised.value)


def test_a_sweep_finds_where_plancks_law_breaks_and_where_its_wien_form_holds():
    # the quotient rule's x^3 e^x / expm1(x)^2 passes through subnormals from x = 370.557; the Wien form holds to
    # 722.5, where exp(-x) itself turns subnormal (and the gradient, a normal number, keeps only its bits)
    naive = gradcli.sweep(_target("numpy_lib6.py:planck"), {"x": (300, 700, 9)}, dtypes=("float64",))
    wien = gradcli.sweep(_target("numpy_lib6.py:planck_wien"), {"x": (1, 700, 9)}, dtypes=("float64",))
    assert _statuses(naive) == {"ok", "unstable"} and _statuses(wien) == {"ok"}
    threshold = [i for i in naive.dtypes["float64"].intervals if _status(i) == "unstable"][0].lo
    assert 350 < threshold <= 371


def _statuses(sweep):
    return {_status(i) for i in sweep.dtypes["float64"].intervals}


def _status(interval):
    return str(getattr(interval.status, "value", interval.status))


# -- scipy.stats.nbinom and lognorm, new in the core (round 6 found them refused) ---------------------------------------


@pytest.mark.parametrize("n, p", [(3.0, 0.25), (0.5, 0.9), (7.5, 1e-3)])
def test_nbinom_matches_scipy_and_its_gradient_is_n_over_p_minus_k_over_one_minus_p(n, p):
    k = np.array([0.0, 1.0, 5.0, 12.0])
    np.testing.assert_allclose(stats.nbinom.logpmf(k, n, p), scipy.stats.nbinom.logpmf(k, n, p), rtol=1e-13)
    np.testing.assert_allclose(stats.nbinom.pmf(k, n, p), scipy.stats.nbinom.pmf(k, n, p), rtol=1e-13)
    slope = gradcli.grad(lambda p: gnp.sum(stats.nbinom.logpmf(k, n, p)))(p)
    assert np.isclose(slope, np.sum(n / p - k / (1 - p)), rtol=1e-13)


@pytest.mark.parametrize("method", ["logpdf", "pdf", "cdf", "logcdf"])
@pytest.mark.parametrize("s, loc, scale", [(0.5, 0.0, 1.0), (2.0, -1.0, 3.0)])
def test_lognorm_matches_scipy_from_subnormal_to_huge_points(method, s, loc, scale):
    x = np.array([1e-300, 0.3, 1.0, 2.5, 1e10])
    ours, theirs = getattr(stats.lognorm, method)(x, s, loc, scale), getattr(scipy.stats.lognorm, method)(x, s, loc, scale)
    np.testing.assert_allclose(ours, theirs, rtol=1e-13)


def test_lognorm_gradient_at_a_subnormal_sized_point_is_exact():
    report = gradcli.check(_target("numpy_lib6.py:lognorm_lp"), {"x": np.array([1e-300, 2.0])}, dtypes=("float64",),
                           fixes=False)
    result = report.results[0]
    assert result.status.value == "ok"
    for got, x in zip(result.exact_gradient["x"], [1e-300, 2.0]):
        with mpmath.workdps(60):
            want = -(1 + mpmath.log(x) / mpmath.mpf(0.25)) / x
            assert abs(mpmath.mpf(float(got)) - want) <= 1e-13 * abs(want)
