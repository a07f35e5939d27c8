"""The tenth round of user trials, first half (tests/trials/cases10a.py): switches that are no corner (Huber, lax.cond
joining pieces of one slope), corners and points just beside them, safe logs by clip at their bound, signed
log-sum-exp at -800, custom rules right, clipped and cut in their tail, erfinv at 1 - 2^-53, slopes in float64's
subnormal range, an RNN over a nested parameter tree by --wrt, and plain NumPy's mutation idioms. Routes besides
`gradcli check`: the library on a JAX function with a parameter tree, and an audit spec naming JAX functions.

The whole set runs with ``python tests/trials/run.py 10a``; here, a few per user file, the file's CPU time bounded
(JAX's import in the CLI runs is most of it). Known disagreements are strict xfails naming their finding.
"""

import json
import os
import sys

import mpmath
import numpy as np
from click.testing import CliRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases10a  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
from gradcli.cli import cli  # noqa: E402

CHOSEN = [
    # a switch where both pieces have the same slope is no kink
    "jax_lib10a:huber@x=[1,-1,0,2]:float64",
    # a corner, and the same corner one ulp away (the ordinary derivative there)
    "jax_lib10a:hard_tanh_sq@x=[1.0000000000000002,-0.9999999999999999,0.5]:float64",
    # a rule that clips the cotangent is named at its def
    "jax_lib10a:clipped_energy@x=[0.1,2]:float64",
    # erfinv at 1 - 2^-53: its slope on jets (a difference step would leave [-1, 1])
    "jax_lib10a:erfinv_tail@x=[0.9999999999999999,0.5,-0.999]:float64",
    # log(clip(x, 1e-300, None)) at the bound: a corner, not a float64 log on the clipped side
    "numpy_imports10a:clip_floor@x=[1e-300,0.5]:float64",
    # a slope of 2.8e-317 is read to its digits, not to a subnormal's 8
    "numpy_imports10a:erfc_tail@x=[27,26.5,-3]:float64",
    "numpy_sc10a:weighted_lse@a=[-800,-800.5,-801]:float64",
    "numpy_star10a:focal_loss@z=[2,40]:float64",
    "gn_lib10a:abs_max_tiny@x=[1e-300,-1e-300,5e-324]:float64",
    # a rule off by 7.6e-10, past float64's tolerance: wrong at its def
    "jax_lib10a:log1mexp_fast_sum@x=[21,0.5]:float64",
    # a tie whose value is 0 by a log identity: the value proven 0 at the point, the corner found
    "numpy_imports10a:max_floor@x=[0.5,2]:float64",
    # a dropout mask drawn with PRNGKey(0) inside the loss is data, drawn by JAX
    "jax_lib10a:dropout_loss@w=[1,2,3,4]:float64",
    # acc += 2.0 * x into numpy.zeros, then acc[1] *= x[0]: functional updates of an array the function made
    "numpy_imports10a:accumulate@x=[1.5,-2,3]:float64",
]
BY_ID = {case.id: case for case in cases10a.ALL}
TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases10a, CHOSEN)


def test_the_judge_fails_a_subnormal_called_exact_and_a_corner_called_unreferenced():
    """The tester tested: the erfc slope given as the subnormal float (8 digits) is caught, and so is `error`
    where clip's bound is a corner."""
    tail = BY_ID["numpy_imports10a:erfc_tail@x=[27,26.5,-3]:float64"]
    rounded = {"results": [{"status": "ok", "exact_gradient": {"x": [-2.8299433e-317, -1.172614183000784e-305,
                                                                      -0.00013925305194674786]}, "findings": []}]}
    assert any(p.startswith("x[0]") for p in judge.judge(tail, 0, json.dumps(rounded), ""))
    corner = BY_ID["numpy_imports10a:clip_floor@x=[1e-300,0.5]:float64"]
    said = {"results": [{"status": "error", "exact_gradient": {"x": None}, "findings": []}]}
    assert any("verdict error, truth domain" in p for p in judge.judge(corner, 1, json.dumps(said), ""))


def test_the_library_takes_a_jax_rnn_with_a_nested_parameter_tree():
    import jax_lib10a  # lazy: the user file imports jax

    params, xs, target = jax_lib10a.rnn_args()
    report = gradcli.check(jax_lib10a.rnn_loss, [{"params": params, "xs": xs, "target": target}],
                           dtypes=("float64",), fixes=False)
    result = report.results[0]
    assert result.status.value == "ok"
    want = judge.truth_of(BY_ID["jax_lib10a:rnn_loss@rnn_args:float64"])
    for name, value in want.items():
        got = mpmath.mpf(float(np.ravel(result.exact_gradient[name])[0]))
        assert abs(got - value) <= 1e-12 * abs(value), (name, got, value)


SPEC = """
[defaults]
dtypes = ["float64"]
timeout = 300

[[case]]
name = "rnn over a nested tree, by leaf"
target = "{trials}/jax_lib10a.py:rnn_loss"
args = "{trials}/jax_lib10a.py:rnn_args"
wrt = "params.rnn.w"

[[case]]
name = "the clipped cotangent is caught"
target = "{trials}/jax_lib10a.py:clipped_energy"
at = ["x=[0.1,2]"]
expect = "wrong"
"""


def test_an_audit_spec_tracks_a_jax_tree_and_a_wrong_custom_vjp(tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(SPEC.format(trials=TRIALS))
    result = CliRunner().invoke(cli, ["audit", str(spec), "--jobs", "1"], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "2 cases: 2 passed" in result.stdout + result.stderr


def test_plain_numpy_copies_and_writes_a_masked_assignment():
    """`x.copy()` is the value itself; `y[y < 0] = 0.0` on it is the masked array that write makes."""
    result = CliRunner().invoke(cli, ["check", os.path.join(TRIALS, "numpy_imports10a.py") + ":relu_setitem",
                                      "--at", "x=[-1,2,0]", "--dtype", "float64", "--json"], catch_exceptions=False)
    answer = json.loads(result.stdout)["results"][0]
    assert answer["status"] == "ok", answer["error"]
    assert answer["exact_gradient"]["x"] == [0.0, 4.0, 0.0]


def test_a_safe_log_by_maximum_at_its_floor_is_a_corner_on_both_sides_at_high_precision():
    """log(maximum(x, 0.5)) at 0.5: slopes 0 and 2, a kink; the clipped side is log(0.5) at high precision, not
    NumPy's float64 log one rounding away, which would read as a jump ("singular")."""
    result = CliRunner().invoke(cli, ["check", os.path.join(TRIALS, "numpy_imports10a.py") + ":max_floor",
                                      "--at", "x=0.5", "--dtype", "float64", "--json"], catch_exceptions=False)
    answer = json.loads(result.stdout)["results"][0]
    assert (answer["status"], answer["exact_gradient"]["x"]) == ("domain", "nan")
    messages = " ".join(f["message"] for f in answer["findings"])
    assert "0 from the left and 2 from the right" in messages and "singular" not in messages
