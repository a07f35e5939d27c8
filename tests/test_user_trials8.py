"""The eighth round of user trials (tests/trials/cases8.py): attention masks, normalisation layers at zero and
constant rows, focal losses at confident logits, coincident points of triplet, contrastive and cdist losses,
log-determinants of near-singular matrices, likelihoods at large counts and tiny scales, a flow's softplus scale, and
custom rules that are wrong only for x < 0, forget a chain factor or divide by zero in the rule only, in plain NumPy,
JAX, PyTorch, TensorFlow/Keras and gradcli. Routes besides `gradcli check`: a parameter tree by --wrt, the library on
a JAX function object and an audit spec.

The whole set runs with ``python tests/trials/run.py lib8``; here, one of each kind, the file's CPU time bounded
(three frameworks' imports are most of it).
"""

import json
import os
import sys

import mpmath
import numpy as np
from click.testing import CliRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases8  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
from gradcli.cli import cli  # noqa: E402

CHOSEN = [
    # NumPy code as it stands (its textbook KL's underflow is the audit's below): a tiny exact gradient kept, a NumPy
    # function gradcli.numpy lacks
    "numpy_lib8:tempered_softmax@z=[1,0.5,0]:float64",  # -1.4e-214 survives through the max's path
    "numpy_lib8:von_mises_lp@kappa=2:float64",  # np.i0: NumPy's value, I1 its slope
    # rules wrong only for x < 0, or only at 0 (a division in the rule), in each framework
    "jax_lib8:x_tanh_sum@x=0:float64",
    "torch_lib8:exp2_sum@x=0.3:float64",  # a missing chain factor
    "gn_lib8:log_cosh_sum@x=-2:float64",
    # 1 - sigmoid(40) is 0 where the focal factor's slope is -2.3e-52
    "jax_lib8:focal_subtracted@z=40:float64",
    # coordinate by coordinate: a cone in the coincident row only, a clip's switch in x[0] only
    "torch_lib8:cdist_sum@a=[[0,0],[1,1]]:float64",
    "tf_lib8:clipped@x=[1,0]:float64",
    # a parameter tree's leaves by --wrt params
    "jax_lib8:rms_layer@rms_layer_args:float64",
]
BY_ID = {case.id: case for case in cases8.ALL}
TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases8, CHOSEN)


def test_the_judge_fails_a_finite_gradient_where_a_coordinate_has_a_kink():
    """The tester tested: PyTorch's 0 for the coincident row of cdist, passed off as exact, is caught."""
    case = BY_ID["torch_lib8:cdist_sum@a=[[0,0],[1,1]]:float64"]
    slope = [float(v) for v in judge.truth_of(case)["a"][1]]
    good = {"results": [{"status": "domain", "exact_gradient": {"a": [["nan", "nan"], slope]}, "findings": []}]}
    assert judge.judge(case, 0, json.dumps(good), "") == []
    bad = json.loads(json.dumps(good))
    bad["results"][0]["exact_gradient"]["a"][0] = [-0.5144957554275265, -0.8574929257125441]
    assert any("truth: no derivative" in p for p in judge.judge(case, 0, json.dumps(bad), ""))
    bad = json.loads(json.dumps(good))
    bad["results"][0]["exact_gradient"]["a"][1][1] *= 1 + 1e-9
    assert any("a[3]" in p for p in judge.judge(case, 0, json.dumps(bad), ""))


def _target(name):
    return f"{os.path.join(TRIALS, name.split(':')[0])}:{name.split(':')[1]}"


def test_the_library_takes_a_jax_function_object_and_a_parameter_leaf_by_path():
    import jax_lib8  # lazy: the user file imports jax

    params, x = jax_lib8.rms_layer_args()
    report = gradcli.check(jax_lib8.rms_layer, [{"params": params, "x": x}], dtypes=("float64",),
                           wrt=["params.gain"], fixes=False)
    result = report.results[0]
    assert result.status.value == "ok"
    want = judge.truth_of(BY_ID["jax_lib8:rms_layer@rms_layer_args:float64"])["params.gain"]
    got = [mpmath.mpf(float(v)) for v in np.ravel(result.exact_gradient["params.gain"])]
    assert all(abs(g - w) <= 1e-12 * abs(w) for g, w in zip(got, want)), (got, want)


SPEC = """
[defaults]
dtypes = ["float64"]
timeout = 300

[[case]]
name = "KL on log-scales"
target = "{trials}/numpy_lib8.py:kl_normal_log"
at = ["mu1=0.5,log_s1=-300,mu2=0.5,log_s2=-300", "mu1=0,log_s1=-1,mu2=1,log_s2=2"]

[[case]]
name = "KL as the textbook writes it, tiny scales"
target = "{trials}/numpy_lib8.py:kl_normal"
at = ["mu1=0.5,s1=1e-200,mu2=0.5,s2=1e-200"]
expect = "unstable"

"""


def test_an_audit_spec_tracks_the_sound_and_the_broken_numpy_code(tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(SPEC.format(trials=TRIALS))
    result = CliRunner().invoke(cli, ["audit", str(spec), "--jobs", "1"], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "2 cases: 2 passed" in result.stdout + result.stderr
