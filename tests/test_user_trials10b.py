"""The tenth round (b) of user trials (tests/trials/cases10b.py), PyTorch and TensorFlow/Keras: products and running
products through a zero, an embedding's padding row, autograd Functions that give an input no gradient or swap two,
a loss that differentiates itself (create_graph), a torch.compile'd function, Keras' float32 label smoothing, and a
custom rule whose forward squares underflow.

The whole set runs with ``python tests/trials/run.py lib10b``; here, one of each kind, the file's CPU time bounded (the
two frameworks' imports are most of it). Findings C1 (a loss calling torch.autograd.grad), C4 (torch.compile), C5
(TorchScript's message), and C7 (the forward underflow named) are fixed: their cases are chosen or tested.
"""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases10b  # noqa: E402
import judge  # noqa: E402

from test_user_trials import problems_of, round_tests  # noqa: E402

import gradcli  # noqa: E402

CHOSEN = [
    # nn.Embedding(padding_idx=0) sends row 0 no gradient although the loss reads it twice: PyTorch's rule is wrong
    "torch_lib10b:tagger_loss@tagger_args:float64",
    # an autograd.Function whose backward returns None for an input the value depends on
    "torch_lib10b:scale_by@x=[1.5,-2],k=[3,0.5]:float64",
    # a loss that calls torch.autograd.grad(create_graph=True) on its own input (C1)
    "torch_lib10b:slope_penalty@x=[0.3,-1.2]:float64",
    # a torch.compile'd function is checked as its Python function, not crashed on (C4)
    "torch_lib10b:compiled_softplus@x=[1,-2]:float64",
    # a torch.jit.script function: exit 2 saying it has no Python signature (C5)
    "torch_lib10b:scripted_log1pexp@x=[1,-2]:float64",
    # TensorFlow's cumprod rule divides by x and div_no_nan's 0 stands where the slope is 8
    "tf_lib10b:running_product@x=[2,0,3]:float64",
]
UNDERFLOW_NAMED = "tf_lib10b:hypot_sum@a=[0],b=[1e-200]:float64"  # C7, run by its own test below
BY_ID = {case.id: case for case in cases10b.ALL}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases10b, CHOSEN, run_elsewhere=[UNDERFLOW_NAMED])


def test_a_custom_rules_forward_underflow_is_named():
    """C7: the squares' line, where the value 1e-200 was lost, is named beside the rule's 0 / 0."""
    assert problems_of(BY_ID[UNDERFLOW_NAMED]) == []


def test_the_judge_fails_the_padding_rows_missing_gradient():
    """The tester tested: PyTorch's zero for the padding row, passed off as exact or as ok, is caught."""
    case = BY_ID["torch_lib10b:tagger_loss@tagger_args:float64"]
    line = judge.line_number(case, case.line)
    finding = {"location": f"{os.path.join(judge.HERE, case.file)}:{line}", "message": "the rule is wrong"}
    exact = [[4.0, -6.0], [2.0, -3.0], [2.0, -3.0], [0.0, 0.0]]
    good = {"results": [{"status": "wrong", "exact_gradient": {"model.emb.weight": exact}, "findings": [finding]}]}
    assert judge.judge(case, 1, json.dumps(good), "") == []
    bad = json.loads(json.dumps(good))
    bad["results"][0]["exact_gradient"]["model.emb.weight"][0] = [0.0, 0.0]
    assert any("model.emb.weight[0]" in p for p in judge.judge(case, 1, json.dumps(bad), ""))
    bad = json.loads(json.dumps(good))
    bad["results"][0]["status"] = "ok"
    assert any("verdict ok" in p for p in judge.judge(case, 0, json.dumps(bad), ""))


def test_the_library_takes_the_module_from_the_point_and_judges_the_padding_row():
    import torch_lib10b  # lazy: the user file imports torch

    model, tokens = torch_lib10b.tagger_args()
    report = gradcli.check(torch_lib10b.tagger_loss, [{"model": model, "tokens": tokens}], dtypes=("float64",),
                           wrt=("model.emb.weight",), fixes=False)
    result = report.results[0]
    assert result.status.value == "wrong"
    want = [[4.0, -6.0], [2.0, -3.0], [2.0, -3.0], [0.0, 0.0]]
    assert np.allclose(np.asarray(result.exact_gradient["model.emb.weight"]), want, rtol=1e-12, atol=0)
