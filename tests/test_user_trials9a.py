"""The ninth round of user trials, first half (tests/trials/cases9a.py): optimiser pieces at v = 0 and w = 0,
schedules at their switch, Gamma/Beta/Student-t log-densities in their shape parameters, log-CDFs in their tails,
softened potentials through norms, jax.nn activations at switches and far ends, reductions with where= and initial=,
interp and clip at their knots, custom rules written with jnp.where, and plain NumPy modules (np.einsum,
np.logaddexp, np.clip, np.maximum.reduce, np.errstate). Routes besides `gradcli check`: the library on a JAX function
object, the gradcheck fixture on gradcli.numpy code and an audit spec.

The whole set runs with ``python tests/trials/run.py 9a``; here, one of each kind, the file's CPU time bounded (JAX's
import in each CLI run is most of it).
"""

import json
import os
import sys

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases9a  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
from gradcli.cli import cli  # noqa: E402

CHOSEN = [
    # plain NumPy as it stands: the clipped ends of a cross-entropy have slope 0, not a phantom
    "numpy_lib9a:bce_clipped@p=[0,0.3,1]:float64",
    # a switch that is no kink: clip(x, 0, 1)**2 at 0 has slopes 0 on both sides
    "jax_lib9a:clip_sq@x=[0,0.5]:float64",
    # a custom_vjp rule with a dropped sign, named at the rule
    "jax_lib9a:squared_hinge_sum@x=0.5:float64",
    # a smooth AdamW step whose program takes sqrt(g**2) at g = 0: the rule's NaN is no rounding's
    "gn_lib9a:adamw_step@w=[0,0.5]:float64",
    # a schedule's switch whose right side has slope 0: a corner, not the mean 0.05 of the two slopes
    "jax_lib9a:warmup_cosine@t=10:float64",
    # a NamedTuple of jnp leaves from --args, x64 off: the float64 check starts from the b = 0.2 written
    "jax_lib9a:linear_loss@linear_loss_args:float64",
]
BY_ID = {case.id: case for case in cases9a.ALL}
TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases9a, CHOSEN)


def test_the_judge_fails_the_mean_of_two_slopes_passed_off_as_a_gradient():
    """The tester tested: at the schedule's switch, 0.05 (the mean of 1/10 and 0) called exact is caught, and so is
    a `domain` verdict at clip's switch where both sides' slopes are 0."""
    kink = BY_ID["jax_lib9a:warmup_cosine@t=10:float64"]
    good = {"results": [{"status": "domain", "exact_gradient": {"t": "nan"}, "findings": []}]}
    assert judge.judge(kink, 1, json.dumps(good), "") == []
    bad = {"results": [{"status": "wrong", "exact_gradient": {"t": 0.05}, "findings": []}]}
    problems = judge.judge(kink, 1, json.dumps(bad), "")
    assert any("verdict wrong" in p for p in problems) and any("truth: no derivative" in p for p in problems)
    flat = BY_ID["jax_lib9a:clip_sq@x=[0,0.5]:float64"]
    said = {"results": [{"status": "domain", "exact_gradient": {"x": ["nan", 1.0]}, "findings": []}]}
    assert any("verdict domain, truth ok" in p for p in judge.judge(flat, 1, json.dumps(said), ""))


def test_a_formula_corner_with_one_flat_side_has_no_derivative():
    result = CliRunner().invoke(cli, ["check", "where(x < 1, x, 1 + (x-1)^2)", "--at", "x=1", "--dtype", "float64",
                                      "--json"], catch_exceptions=False)
    answer = json.loads(result.stdout)["results"][0]
    assert (answer["status"], answer["exact_gradient"]) == ("domain", {"x": "nan"})


def test_the_library_takes_a_jax_function_with_a_where_reduction():
    import jax_lib9a  # lazy: the user file imports jax

    report = gradcli.check(jax_lib9a.masked_log_sum, [{"x": np.array([2.0, -1.0, 4.0])}], dtypes=("float64",),
                           fixes=False)
    result = report.results[0]
    assert result.status.value == "ok"
    want = judge.truth_of(BY_ID["jax_lib9a:masked_log_sum@x=[2,-1,4]:float64"])["x"]
    got = [mpmath.mpf(float(v)) for v in np.ravel(result.exact_gradient["x"])]
    assert all(abs(g - w) <= 1e-12 * abs(w) for g, w in zip(got, want)), (got, want)


def test_the_fixture_passes_a_gamma_shape_at_a_tiny_parameter_and_fails_an_adamw_step_at_zero(gradcheck):
    import gn_lib9a

    gradcheck(gn_lib9a.gamma_shape, [{"a": np.array([1e-300, 3.0])}], dtypes=("float64",))
    with pytest.raises(AssertionError, match=r"gn_lib9a\.py:16"):
        gradcheck(gn_lib9a.adamw_step, [{"w": np.array([0.0, 0.5])}], dtypes=("float64",))


SPEC = """
[defaults]
dtypes = ["float64"]
timeout = 300

[[case]]
name = "logistic loss by np.logaddexp at +-700"
target = "{trials}/numpy_lib9a.py:logistic_nll"
at = ["z=[700,-700,3]"]

[[case]]
name = "log of a difference of exponentials"
target = "{trials}/numpy_from9a.py:log_diff_exp"
at = ["a=1000,b=999"]
expect = "unstable"
"""


def test_an_audit_spec_tracks_the_sound_and_the_broken_numpy_code(tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(SPEC.format(trials=TRIALS))
    result = CliRunner().invoke(cli, ["audit", str(spec), "--jobs", "1"], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "2 cases: 2 passed" in result.stdout + result.stderr
