"""The seventeenth round (b) of user trials (tests/trials/cases17b.py), PyTorch and TensorFlow/Keras: torch.distributions
at the edges of their supports, inverse and polygamma special functions in both frameworks, activations and losses at
their switches, tf.function programs with tf.cond and tf.while_loop, custom rules with subtle bugs, and small models
with LayerNorm and BatchNormalization at a constant feature.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases17b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import). Known disagreements are strict xfails naming their finding. Finding A1
(TensorFlow's Expint and Zeta not replayable) is mended: tests/test_tf_coverage.py replays both as TensorFlow computes
them. E1 is mended: the engine's refusal of a backward's answer is a finding at that backward's `def`, beside the exact
gradient of the forward alone. A2 (TensorFlow's Spence and BesselK0e not replayable) is mended: they replay as
gradcli's spence and k0e, both cases ok through run.py (this file imports PyTorch alone), and
tests/test_tf_coverage.py replays them as TensorFlow computes them.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases17b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # log1p(exp(d)) at d = 800 inside RelaxedBernoulli.log_prob: unstable, named at the user's call
    "torch_lib17b:relaxed_logp@logits=[800,-2]:float64",
    # a setup_context rule whose backward is s (1 + x s): wrong, at its own line
    "torch_lib17b:swish_sum@x=[0.5,-2]:float64",
    # x / (1 + |x|) is smooth at 0 though |x| is not
    "torch_lib17b:softsign_sum@x=[0,-2]:float64",
    # a gradient for a float argument, refused by PyTorch's engine: an error at the rule's line, the exact 3 x^2 shown
    "torch_lib17b:power_sum@x=[0.5,2]:float64",
]
KNOWN_WRONG = {}
OPEN_ELSEWHERE = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases17b, CHOSEN, KNOWN_WRONG, run_elsewhere=OPEN_ELSEWHERE)


def test_a_backward_pytorch_refuses_is_named_at_its_def_line():
    """Finding E1: "function PowerBackward returned a gradient different than None at position 2" (a gradient for
    a float argument) was an error naming no line; it is a finding at Power.backward's def, with no verdict, and the
    exact gradient the forward alone gives (3 x^2)."""
    import torch_lib17b

    import gradcli

    (result,) = gradcli.check(torch_lib17b.power_sum, [[0.5, 2.0]], dtypes=("float64",), framework="torch",
                              fixes=False).results
    code = torch_lib17b.Power.backward.__code__
    assert result.status.value == "error"
    [finding] = result.findings
    path, line = finding.location.rsplit(":", 1)
    assert (finding.kind, os.path.abspath(path), int(line)) == ("raised", code.co_filename, code.co_firstlineno + 1)
    assert "not a Variable" in finding.message
    assert [float(g) for g in result.exact_gradient["x"]] == [0.75, 12.0] and float(result.exact_value) == 8.125
