"""The forty-first round (b) of user trials (tests/trials/cases41b.py), PyTorch and TensorFlow in inventory control,
marketing-mix modelling, machine translation, radar detection and fading channels. Here, cases the CPU budget allows:
an autograd.Function whose backward slips only in the spread's gradient (harmless under --wrt q, where
ctx.needs_input_grad skips it; wrong for both), a saturation curve whose b -> 0 limit torch.where puts in (the idle
0/0 leaks NaN at b = 0: wrong, at the where's line), a label-smoothed cross-entropy written as the log of a softmax at
logits +-800 (log(0): F.log_softmax offered and re-checked), a Keras CFAR layer whose tf.custom_gradient slips in its
variables= gradient, and a float32 binary entropy at a subnormal probability that TensorFlow's kernels flush (slope
92.1 computed as 1: unstable); and the round's findings, mended in the same session (tests/test_trial_findings41.py):
- K1: a Keras layer passed as constructed (unbuilt) had no variables for --wrt ("--wrt layer.alpha: not a variable of
  the target (snr)", nothing saying the layer is unbuilt); gradcli now calls the function once to build it, as the
  layer's first call in the user's own code would, before naming its weights.
- S1: `gradcli sweep` of a PyTorch (or TensorFlow) function using erfc, erf or lgamma stopped with an internal error
  when float64 was swept: its longdouble reference called SciPy's ufuncs, which have no longdouble loop; that
  reference now goes point by point.
- M1 (wording): a subnormal float32 result PyTorch rounds was explained as amplification of rounding errors
  (exp(-102.87): "amplifies rounding errors 2.8e+06 times", its condition number 103); it is said as a subnormal
  that holds 1 of float32's 24 bits.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases41b.ALL).
"""

import os
import sys

import pytest
from click.testing import CliRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases41b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib41b:shortage_slip@q=120,sigma=10:float64":
        "needs_input_grad: asked only for q, the backward's slipped spread gradient is never computed: ok",
    "torch_lib41b:shortage_slip@q=115,sigma=10:float64":
        "the spread's gradient written as G(z), forgetting z Q(z): wrong, at the backward",
    "torch_lib41b:saturation_response@spend=[1,2],steepness=0:float64":
        "(1 - e^-bx)/b with its limit put in by torch.where at b = 0: the idle 0/0 leaks NaN, wrong, at the where's "
        "line",
    "torch_lib41b:smoothed_xent_naive@logits=[800,0,-800,0]:float64":
        "label smoothing by the log of a softmax at +-800: log(0), F.log_softmax offered and re-checked",
    "tf_lib41b:cfar_log_pd@cfar_slip_args:float64":
        "a Keras layer's tf.custom_gradient whose variables= gradient forgets the SNR's factor: wrong, at its grad",
    "tf_lib41b:detector_entropy@p=[1e-40,0.25]:float32":
        "xlogy/xlog1py at a subnormal float32 probability TensorFlow flushes: slope 92.1 computed as 1, unstable",
}
CHOSEN["tf_lib41b:cfar_log_pd@cfar_fresh_args:float64"] = (
    "K1: a Keras layer as constructed, its weight made at its first call: built, named by --wrt layer.alpha, ok")
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases41b, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)


def test_a_float64_sweep_through_erfc():
    """S1: the sweep's longdouble reference of torch.erfc goes point by point, to the sweep's end."""
    from gradcli.cli import cli

    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials", "torch_lib41b.py")
    result = CliRunner().invoke(cli, ["sweep", f"{here}:expected_shortage", "--range", "q=100:400:7", "--dtype",
                                      "float64"])
    assert "internal error" not in (result.stdout + result.stderr) and result.exception is None
    assert result.exit_code == 0
