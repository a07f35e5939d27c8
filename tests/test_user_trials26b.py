"""The twenty-sixth round (b) of user trials (tests/trials/cases26b.py), PyTorch and TensorFlow: SwiGLU/GeGLU blocks,
a mixture-density network's NLL at log-sigma -50 and far targets, Tweedie deviances at eta +-800 (PyTorch, and
tf.experimental.numpy), zero-inflated Poisson likelihoods, a Hawkes process log-likelihood at a decay of 1e-20, an
ArcFace margin logit at perfect alignment, linear-chain CRF likelihoods, an autograd.Function log-cosh saving tanh,
temperature scaling with buffers, attention whose padded query masks every key (by hand and through SDPA), an LKJ
log-density, PyTorch's special polynomials and Airy function (no derivative), a generalised normal's shape at x = 0;
a tf.custom_gradient soft clip in a tf.function, softplus in float16, a coefficient of variation at equal values, a
GP posterior mean through tf.linalg.solve, Barron's robust loss near alpha = 0, tf.linalg.sqrtm, reparameterised
Gamma draws and Keras layers with a non-trainable weight and under mixed_float16.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases26b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import), and the open finding as a strict xfail (G1, asked of the tables). What the trials found is
tested below for its whole class (Z1: an exact gradient entry the dtype can only hold as 0, beside larger entries, is
judged as that 0; F1, a local read through though another line reads it too, in tests/test_array_fixes.py).
"""

import os
import sys

import mpmath
import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases26b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "torch_lib26b:crf_nll@emissions=[[800,-1],[0.5,2],[-0.3,0.1]]:float64":
        "Z1: a CRF's forward algorithm through logsumexp; the first emission's slope is -5.5e-348, which float64 holds "
        "as 0; PyTorch's 1.1e-15 beside slopes of 0.33, judged relative to itself: unstable -> ok",
    "torch_lib26b:zip_nll_naive@logit=[-40,40],eta=[0.2,1]:float64":
        "F1: pi = torch.sigmoid(logit) is read in the zero's line as well as in torch.log(1 - pi), a local read outside "
        "the expression: no fix -> F.logsigmoid(-logit), re-checked ok, pi's assignment kept for the other line",
    "torch_lib26b:log_cosh_loss_mixed_up@x=[0.5,-2,800]:float64":
        "an autograd.Function saving tanh whose backward returns tanh's derivative: wrong, named at its backward",
    "torch_lib26b:airy_tail@x=[0.3,-0.5]:float64":
        "A1: torch.special.airy_ai, which PyTorch computes without a derivative (its term drops out of the gradient), "
        "replayed as Airy's Ai with the slope Ai': input error -> wrong, named at the call",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases26b, CHOSEN, KNOWN_WRONG, SYMPTOMS)


def test_tensorflows_reparameterised_gamma_draws_have_a_replay():
    """G1: tf.random.stateless_gamma's draw and its gradient's kernel are replayed (asked of the tables: TensorFlow's
    import has no room in this file's budget; tests/test_tf62_tf.py checks the draw against mpmath's slope)."""
    from gradcli.capture import tf_graph, tf_ops

    replayed = set(tf_ops.OPS) | set(tf_graph.DRAWS)
    assert {"StatelessRandomGammaV3", "RandomGammaGrad"} <= replayed


# Z1: a sound forward algorithm's gradient (a CRF's log-partition through PyTorch's logsumexp at an emission of 800)
# has an entry whose exact value, -5.5e-348, float64 holds only as 0; PyTorch's 1.1e-15 there, beside entries of 0.33
# and 0.44, is the rounding of 1 - 1, as right as beside an exact 0. The whole class: an entry the dtype holds as 0,
# beside larger ones, is measured against the array's magnitude, in every dtype; a tiny entry the dtype can hold keeps
# its own relative error, and so does one alone in its array.

from gradcli.checker.compare import compare  # noqa: E402

CRF_COMPUTED = [1.1102230246251565e-15, 0.0, 0.33096615063158913, -0.33096615063158796, 0.44169526604192694,
                -0.44169526604189535]


def _crf_exact():
    with mpmath.workdps(60):
        tiny = mpmath.mpf("5.5427749196278883377e-348")
        return np.array([-tiny, tiny, mpmath.mpf("0.33096615063158642773"), mpmath.mpf("-0.33096615063158642773"),
                         mpmath.mpf("0.44169526604191175432"), mpmath.mpf("-0.44169526604191175432")], dtype=object)


def test_an_entry_the_dtype_holds_as_0_is_judged_as_that_0_beside_larger_entries():
    error, passed = compare(np.array(CRF_COMPUTED), _crf_exact(), 1e-10, 0.0, np.dtype(np.float64))
    assert passed and error < 1e-10


def test_in_float32_too_and_beyond_the_tolerance_it_still_fails():
    exact = _crf_exact()
    exact[0] = mpmath.mpf("-1e-50")  # float32 holds it as 0
    computed = np.array(CRF_COMPUTED, dtype=np.float32)
    computed[0] = np.float32(3e-8)
    assert compare(computed, exact, 1e-4, 0.0, np.dtype(np.float32))[1]
    computed[0] = np.float32(1e-3)  # 2e-3 of the array's magnitude: lost
    assert not compare(computed, exact, 1e-4, 0.0, np.dtype(np.float32))[1]


def test_a_tiny_entry_the_dtype_can_hold_keeps_its_own_relative_error():
    exact = _crf_exact()
    exact[0] = mpmath.mpf("-5e-131")  # float64 holds it: the computed 1.1e-15 has lost every digit
    assert not compare(np.array(CRF_COMPUTED), exact, 1e-10, 0.0, np.dtype(np.float64))[1]


def test_an_entry_alone_keeps_its_own_relative_error():
    with mpmath.workdps(60):
        alone = np.array([mpmath.mpf("5.5e-348")], dtype=object)
    assert not compare(np.array([1e-320]), alone, 1e-10, 0.0, np.dtype(np.float64))[1]
