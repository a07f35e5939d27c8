"""The ninth round (b) of user trials (tests/trials/cases9b.py), PyTorch and TensorFlow/Keras: an Adam-style update at
a zero second moment, a cosine schedule at its end, Beta/Gamma log-probabilities at tiny concentrations, log erfc in
its far tail, distances whose squares go subnormal, torch.nn.functional losses at their corners, activations at their
switches, a NaN in torch.where's untaken branch, in-place ops and float16 casts, autograd.Functions right in an unusual
way and wrong past a switch, an nn.Module's weight by name; tf.custom_gradient with variables=, a TFP-style
custom_gradient whose gx overflows, divide_no_nan, Keras losses and layers, clip_by_global_norm at zero.

The whole set runs with ``python tests/trials/run.py lib9b override9b``; here, one of each kind, the file's CPU time
bounded (the two frameworks' imports are most of it). The round's findings B1, B5 and B6 are fixed: their cases are chosen.
"""

import json
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases9b  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
from gradcli.testing import GradientCheckError  # noqa: E402

CHOSEN = [
    # PyTorch's own rule wrong only below a floor: gaussian_nll_loss clamps the variance under no_grad
    "torch_lib9b:gaussian_nll_var@var=[1e-10]:float64",
    # the norm's squares are subnormal: ~11 bits, the line named
    "torch_lib9b:log_distance@d=[3e-160,4e-160]:float64",
    # sqrt's slope at 0 is one-sided: no derivative in v[0], the ordinary one in v[1]
    "torch_lib9b:adam_sqrt@v=[0,1e-4]:float64",
    # sqrt(-1)'s NaN leaks through torch.where's untaken branch
    "torch_lib9b:where_sqrt@x=[-1,4]:float64",
    # an nn.Module's weight by name
    "torch_lib9b:gate_loss@gate_args:float64",
    # TFP's custom_gradient(fx, gx, x) with gx = e / (1 + e): inf / inf at 800, the exp's line named
    "tf_lib9b:softplus_tfp@x=[800,-30]:float64",
    # clip_by_global_norm inside its norm is the identity; at 0 its unused 1 / norm sends 0 * inf back
    "tf_lib9b:global_clip@a=[0,0],b=[0]:float64",
    # a module-level tf.RegisterGradient: the file runs once per process, its wrong rule named at its def
    "tf_override9b:overridden_square@x=1.5:float64",
    # a rule through 1/x = inf at x = 0: 2 w / (x + 1/x) is 0 there in IEEE arithmetic, at high precision too
    "tf_lib9b:variable_rule@x=[0,0.5,-3]:float64",
    # divide_no_nan(sin(x), x) at 0: its patch 0 is not the sides' limit 1, a jump: domain
    "tf_lib9b:sinc_no_nan@x=0:float64",
    # the norm's cone at 0 squared away: 1 / sqrt(|d|^2 + 0.01) is smooth there, its gradient proven 0
    "torch_lib9b:soft_core@d=[0,0]:float64",
]
BY_ID = {case.id: case for case in cases9b.ALL}
TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases9b, CHOSEN)


def test_the_judge_fails_the_straight_through_slope_of_a_clamped_variance():
    """The tester tested: PyTorch's slope below gaussian_nll_loss's floor, passed off as exact or as ok, is caught."""
    case = BY_ID["torch_lib9b:gaussian_nll_var@var=[1e-10]:float64"]
    line = judge.line_number(case, case.line)
    finding = {"location": f"{os.path.join(TRIALS, case.file)}:{line}", "message": "the rule is wrong"}
    good = {"results": [{"status": "wrong", "exact_gradient": {"var": [0.0]}, "findings": [finding]}]}
    assert judge.judge(case, 1, json.dumps(good), "") == []
    bad = json.loads(json.dumps(good))
    bad["results"][0]["exact_gradient"]["var"] = [-31249500000.0]
    assert any("var[0]" in p for p in judge.judge(case, 1, json.dumps(bad), ""))
    bad = json.loads(json.dumps(good))
    bad["results"][0]["status"] = "ok"
    assert any("verdict ok" in p for p in judge.judge(case, 0, json.dumps(bad), ""))


def test_the_library_and_the_fixture_take_a_torch_autograd_function_wrong_past_its_switch(gradcheck):
    import torch_lib9b  # lazy: the user file imports torch

    report = gradcli.check(torch_lib9b.fast_softplus, [{"x": np.array([3.0, 16.0])}], dtypes=("float64",), fixes=False)
    result = report.results[0]
    assert result.status.value == "wrong"
    want = [1 / (1 + np.exp(-3.0)), 1 / (1 + np.exp(-16.0))]
    assert np.allclose(np.ravel(result.exact_gradient["x"]), want, rtol=1e-12, atol=0)
    gradcheck(torch_lib9b.fast_softplus, [{"x": np.array(16.0)}], dtypes=("float32",))  # within float32's tolerance
    line = judge.line_number(BY_ID["torch_lib9b:fast_softplus@x=16:float64"], "class FastSoftplus>>def backward")
    with pytest.raises(GradientCheckError) as raised:
        gradcheck(torch_lib9b.fast_softplus, [{"x": np.array(16.0)}], dtypes=("float64",))
    assert f"torch_lib9b.py:{line}" in str(raised.value)
