"""The seventh round of user trials (tests/trials/cases7.py): survival and reliability likelihoods, special-function
code at large and tiny arguments, careful statistics at collinear, constant or tiny data, normalisations at their
degenerate points, activations at their far ends and optimiser pieces, in plain NumPy/SciPy, JAX, PyTorch and
TensorFlow/Keras; broken code among them (custom rules that overflow, where-guards that leak NaN, textbook densities
whose powers and exponentials overflow, library ops that cancel). Routes besides `gradcli check`: an audit spec, a
sweep and the pytest fixture.

The whole set runs with ``python tests/trials/run.py lib7``; here, one of each kind per framework.
"""

import os
import sys

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases7  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
from gradcli.cli import cli  # noqa: E402
from gradcli.testing import GradientCheckError, assert_gradients_ok  # noqa: E402

CHOSEN = [
    # sound code whose exact gradient is tiny (beyond float64: reported as text), exactly 0, or at a subnormal point
    "numpy_lib7:loglogistic_stable@x=[1e300,1e-300]:float64",
    "numpy_lib7:kl_div_sum@p=[5e-324,0.5]:float64",
    "jax_lib7:celu_sum@x=[-800,1e-300]:float64",  # e^-1600; min(x, 0) at 1e-300 is away from its switch
    "jax_lib7:pearson@x=[1,2,3,4]:float64",  # collinear: exactly 0
    "torch_lib7:normalized@x=[0,0,0]:float64",  # the norm below eps: x / eps, smooth at 0
    "torch_lib7:batch_norm_train@x=[1e-200,2e-200,3e-200,4e-200]:float64",  # one entry -5.9e-396
    "tf_lib7:weighted_ce@z=[800,-800]:float64",
    # broken code: unstable at the user's line, or a where's NaN leak (wrong)
    "numpy_lib7:stirling@n=1e300:float64",  # n ** 3 overflows: -0 * inf in the correction's slope
    "numpy_lib7:log_binom@n=1e300:float64",
    "jax_lib7:log_beta@a=1e300:float64",  # JAX's betaln (algdiv) loses its slope when a^2 overflows
    "jax_lib7:log1mexp_sum@x=-1e-20:float64",  # a custom_vjp rule's 1 - e^x is 0
    "jax_lib7:standardized@x=[1e8,100000001,100000002]:float64",  # jax.nn.standardize's E[x^2] - E[x]^2 is 0
    "jax_lib7:entr_sum@p=[5e-324,0.5]:float64",  # XLA flushes the subnormal: the rule's log is -inf
    "torch_lib7:softplus_custom@x=800:float64",  # an autograd.Function's e^x / (1 + e^x): inf / inf
    "torch_lib7:weibull_lp@x=1e-300:float64",  # torch.distributions.Weibull's PowerTransform underflows
    "tf_lib7:lbeta_sum@a=1e300:float64",  # tf.math.lbeta is 0 where it is -1381.6
    "tf_lib7:weibull_where@x=[0.5,1.2,2,0]:float64",
    # routes: a pytree's leaf by path, an nn.Module parameter by name, a jitted function, a tf.function
    "jax_lib7:weibull_regression@weibull_regression_args:float64",
    "torch_lib7:survival_loss@survival_args:float64",
    "jax_lib7:adam_step@w=1e-300:float64",
    "tf_lib7:gompertz@x=[800,-800]:float64",
]
BY_ID = {case.id: case for case in cases7.ALL}
TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases7, CHOSEN)


def _target(name):
    return f"{os.path.join(TRIALS, name.split(':')[0])}:{name.split(':')[1]}"


@pytest.mark.parametrize("target, point", [
    ("torch_lib7.py:normalized", {"x": np.array([1e-300, 0.0, 0.0])}),  # below F.normalize's eps: x / eps
    ("tf_lib7.py:gompertz", {"x": np.array([800.0, -800.0])}),  # a tf.function with an input signature
])
def test_the_fixture_passes_sound_framework_code_at_far_points(target, point):
    report = assert_gradients_ok(_target(target), [point], dtypes=("float64",))
    assert [r.status.value for r in report.results] == ["ok"]


def test_the_fixture_fails_a_custom_backward_that_overflows_naming_its_line():
    case = BY_ID["torch_lib7:softplus_custom@x=800:float64"]
    line = judge.line_number(case, "grad * torch.exp(x) / (1.0 + torch.exp(x))")
    with pytest.raises(GradientCheckError) as raised:
        assert_gradients_ok(_target("torch_lib7.py:softplus_custom"), [{"x": np.array(800.0)}], dtypes=("float64",))
    assert f"torch_lib7.py:{line}" in str(raised.value)


def test_the_gradcheck_fixture_takes_a_jax_function_object_and_names_the_line_where_its_backward_overflows(gradcheck):
    import jax_lib7  # lazy: the user file imports jax

    line = judge.line_number(BY_ID["jax_lib7:sinc_sum@x=1e-300:float64"], "jnp.sum(jnp.sinc(x))")
    gradcheck(jax_lib7.selu_sum, [{"x": np.array([-800.0, 1e-300, 3.0])}], dtypes=("float64",))
    with pytest.raises(GradientCheckError) as raised:  # jnp.sinc's quotient rule squares pi x = 3.1e-300
        gradcheck(jax_lib7.sinc_sum, [{"x": np.array(1e-300)}], dtypes=("float64",))
    assert f"jax_lib7.py:{line}" in str(raised.value)


def test_a_sweep_finds_where_the_naive_gompertz_density_overflows():
    # eta e^x with eta = 1e-300 is finite up to x = 2.2e47's logarithm; e^x alone overflows past 709.78
    sweep = gradcli.sweep(_target("numpy_lib7.py:gompertz_naive"), {"x": (-1000, 1000, 21)}, dtypes=("float64",))
    intervals = sweep.dtypes["float64"].intervals
    assert {_status(i) for i in intervals} == {"ok", "unstable"}
    threshold = [i for i in intervals if _status(i) == "unstable"][0].lo
    assert 709.78 < threshold < 709.79


def test_a_sweep_of_a_custom_backward_names_the_rule_where_it_overflows():
    # e^x / (1 + e^x) in an autograd.Function's backward: inf / inf past log(max float64)
    sweep = gradcli.sweep(_target("torch_lib7.py:softplus_custom"), {"x": (-1000, 1000, 21)}, dtypes=("float64",))
    intervals = sweep.dtypes["float64"].intervals
    bad = [i for i in intervals if _status(i) != "ok"]
    assert [_status(i) for i in bad] == ["unstable"] and 709.78 < bad[0].lo < 709.79
    assert {i.hi for i in bad} == {1000}


def test_the_library_takes_an_nn_module_by_its_parameters_names():
    import torch_lib7  # lazy: the user file imports torch, which the other tests here leave to their subprocesses

    model, time, event = torch_lib7.survival_args()
    report = gradcli.check(torch_lib7.survival_loss, [{"model": model, "time": time, "event": event}],
                           dtypes=("float64",), wrt=["model.log_scale"], fixes=False)
    result = report.results[0]
    assert result.status.value == "ok"
    want = cases7.survival_log_scale()
    assert abs(mpmath.mpf(float(result.exact_gradient["model.log_scale"])) - want) <= 1e-12 * abs(want)


def _status(interval):
    return str(getattr(interval.status, "value", interval.status))


SPEC = """
[defaults]
dtypes = ["float64"]
timeout = 300

[[case]]
name = "gompertz stable"
target = "{trials}/numpy_lib7.py:gompertz_stable"
at = ["x=[800,-800]", "x=[1e-300,5]"]

[[case]]
name = "gompertz naive, swept"
target = "{trials}/numpy_lib7.py:gompertz_naive"
range = "x=-1000:1000:21"
expect = "unstable"

[[case]]
name = "stirling far out"
target = "{trials}/numpy_lib7.py:stirling"
at = ["n=1e100", "n=1e300"]
expect = "unstable"
"""


def test_an_audit_spec_tracks_the_sound_and_the_broken_survival_code(tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(SPEC.format(trials=TRIALS))
    result = CliRunner().invoke(cli, ["audit", str(spec), "--jobs", "1"], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "3 cases: 3 passed" in result.stdout + result.stderr
