"""The eleventh round (b) of user trials (tests/trials/cases11b.py), PyTorch and TensorFlow/Keras: a gradient hook
that clips, multi-head attention, a GRU cell, the corner of an in-place clamp, log(1 - exp(-x)) switched by tf.where,
Keras' cosine similarity at a zero prediction, and the shapes gradcli cannot yet check (a Function computed in SciPy,
jacrev inside a loss, a saved index in a backward), and a tf.Module's variable by --wrt.

The whole set runs with ``python tests/trials/run.py lib11b``; here, one of each kind, the file's CPU time bounded
(the two frameworks' imports are most of it). Findings D1 (a hook blamed on PyTorch's multiply), D2 (recurrent cells
had no replay), D3 (a Function computed in SciPy, forward and backward now replayed by gradcli's SciPy), D4 (jacrev
inside a loss), D5 (a saved index in a backward) and D7 (nor had attention) are fixed, and a tf.Module's variables are
named by attribute path (D8): their cases are chosen.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases11b  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a tensor hook that clamps the gradient is the rule at fault, named at its own line (D1)
    "torch_lib11b:hooked_square@x=[2,0.1]:float64",
    # nn.MultiheadAttention: scaled dot-product attention recorded as its matmuls and softmax (D7)
    "torch_lib11b:attention_loss@attention_args:float64",
    # nn.GRUCell: its gates split from one matmul by unsafe_split, replayed as slices (D2)
    "torch_lib11b:gru_loss@gru_args:float64",
    # an in-place clamp whose bound is met exactly: a corner in x[0]
    "torch_lib11b:clamped_inplace@x=[0.5,-0.25]:float64",
    # the unselected log1p(-exp(-x)) at 1e-20 differentiates to 0/0 in float64 only
    "tf_lib11b:log1mexp@x=[1e-20,5]:float64",
    # a Function computing its forward and its backward in SciPy: both replayed by gradcli's SciPy, the rule judged (D3)
    "torch_lib11b:scipy_erfcx@x=[1,30]:float64",
    # out[index] = grad with a saved 0-d index: traced as the index_put_ it is (D5), at two points
    "torch_lib11b:max_with_index@x=[1,5,2]:float64",
    "torch_lib11b:max_with_index@x=[1,3,2]:float64",
    # torch.func.jacrev inside a loss: its basis written into a diagonal, functionalized; the inner derivative replayed (D4)
    "torch_lib11b:flow_logdet@x=[0.3,-1]:float64",
    # Keras normalises by min(rsqrt(|p|^2), 1e7): smooth at a zero prediction, and TensorFlow's rule is finite there
    "tf_lib11b:cosine_loss@pred=[[0,0,0]]:float64",
    # a tf.Module's variable named by --wrt as its attribute path, model.w (D8)
    "tf_lib11b:module_loss@module_args:float64",
]
BY_ID = {case.id: case for case in cases11b.ALL}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases11b, CHOSEN)


def test_the_judge_fails_a_hook_blamed_on_the_op_it_hooks():
    """The tester tested: the finding at ``y = x * x`` (PyTorch's multiply) does not pass for the hook's line."""
    case = BY_ID["torch_lib11b:hooked_square@x=[2,0.1]:float64"]
    path = os.path.join(judge.HERE, case.file)
    hook_line = judge.line_number(case, case.line)

    def answer(line):
        finding = {"location": f"{path}:{line}", "message": "the gradient rule is wrong"}
        return json.dumps({"results": [{"status": "wrong", "exact_gradient": {"x": [12.0, 0.6]}, "findings": [finding]}]})

    assert judge.judge(case, 1, answer(hook_line), "") == []
    assert any("no finding names" in p for p in judge.judge(case, 1, answer(hook_line - 1), ""))
