"""The eightieth round (d) of user trials (tests/trials/cases80d.py): sequence alignment losses by a log-space dynamic
programme, as JAX (jax_lib80d), PyTorch (torch_lib80d), TensorFlow (tf_lib80d) and plain NumPy (np_lib80d) code writes
them, on 1-4 frames and 3 symbols: CTC by hand (jnp.logaddexp, jax.nn.logsumexp, a custom_jvp logaddexp, -1e30 for
-inf, probabilities; torch.logaddexp; np.logaddexp) and the frameworks' own (F.ctc_loss with and without
zero_infinity and on raw scores, tf.nn.ctc_loss), a repeated label and a target longer than the input; soft-DTW's
soft-min (logsumexp, naive, an autograd.Function, a tf.custom_gradient) at gamma -> 0, 0 and at a tie, the hard DTW;
a 2-state HMM's forward algorithm with a zero transition probability and an unreachable state, a stay probability at 0
and 1, Viterbi's max against logsumexp at a tie; a monotonic attention's cumulative product of (1 - p) at p = 1
(cumprod, log-cumsum, safe_cumprod, tf.math.cumprod); a soft edit distance; float64 and float32.

Chosen here, cheap cases: hand-written CTC of a repeated label (an unreachable state's logaddexp(-inf, -inf) turns
its 0 cotangent into NaN: wrong), F.ctc_loss on raw scores (PyTorch's backward assumes log_softmax inputs: wrong, at
the ctc_loss line), F.ctc_loss of a target longer than the input without zero_infinity (inf: domain), the HMM whose
start state never leaves (every logsumexp of the unreachable state is over -inf: wrong), the hard DTW at two tied alignments (domain), CTC in probability space where the label's
paths underflow (unstable), the log-cumsum attention at p = 1 (domain).
F1, open: tf.nn.ctc_loss with a target longer than the input: the loss is +inf (no alignment), TensorFlow returns 707
by its log(1e-307) stand-in for log 0, and gradcli takes the stand-in as the mathematics (an exact value 707.26 and an
exact derivative): wrong, where it is domain.
F2, mended: a float64 PyTorch constant cast to float32 (`V.to(x.dtype)`, `.float()`) enters gradcli's exact reference as
the double: exact gradients off by float32's rounding of the constant, and a DTW to the template itself, exactly 0 in
the program, judged unstable.
F3, open: tf.math.cumprod's rule at a zero factor is off (the verdict wrong is right), but gradcli names the op that
consumes its output (tf.math.reduce_sum, or a multiply on its own line) as the first call whose rule is off, not the
cumprod's line.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases80d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib80d:dtw_template@x=[0.3,1.7,0.9]:float32":
        "the DTW of x to a float64 template cast to float32, at x = the template as float32 holds it: exactly 0 with "
        "slopes 0: ok (F2, mended: the exact reference held the doubles)",
    "jax_lib80d:ctc_aa@logits=[[0.5,-0.2,0.1],[0.3,0.8,-0.5],[-0.1,0.2,0.9]]:float64":
        "CTC by hand for the label 'aa' in three frames: state 3 is unreachable at frame 1 (no skip between equal "
        "labels), so frame 2 meets jnp.logaddexp(-inf, -inf), whose rule turns the 0 cotangent into NaN: frame 1's "
        "logits get NaN where every path sum's slope is finite: wrong",
    "torch_lib80d:ctc_raw@scores=[[0.5,-0.2,0.1],[0.3,0.8,-0.5],[-0.1,0.2,0.9]]:float64":
        "F.ctc_loss on scores never normalised: the loss is -log of the sum over paths of exp(sum of scores), but "
        "PyTorch's backward adds exp(scores), the share log_softmax would cancel: wrong, at the ctc_loss line",
    "torch_lib80d:ctc_builtin_inf@logits=[[0.5,-0.2,0.1]]:float64":
        "F.ctc_loss of the target 'ab' in one frame without zero_infinity: no alignment, the loss is inf: domain",
    "np_lib80d:ctc_aa@logits=[[0.5,-0.2,0.1],[0.3,0.8,-0.5],[-0.1,0.2,0.9]]:float64":
        "the same CTC in plain NumPy with np.logaddexp over a list of forward variables: 0 * -inf at the unreachable "
        "state: wrong",
    "jax_lib80d:hmm_stuck@log_b=[[-0.5,-1.2],[-0.3,-0.9],[-1.1,-0.2]]:float64":
        "a 2-state HMM that starts in state 0 and never leaves it (jnp.log of 0 probabilities): state 1 is unreachable, "
        "every logsumexp of it is over -inf, log'(0) = inf times its 0 cotangent: log_b[:, 1] gets NaN where its "
        "slopes are exactly 0: wrong",
    "jax_lib80d:dtw@x=[0.0,1.0,2.0],y=[0.0,2.0]:float64":
        "the hard DTW where two least-cost alignments (x_1 with y_0 or with y_1) tie: x_1's slope is 2 along one "
        "and -2 along the other: domain",
    "jax_lib80d:ctc_ab_prob@logits=[[400.0,0.0,0.0],[400.0,0.0,0.0],[400.0,0.0,0.0]]:float64":
        "CTC's forward variables as probabilities where every path of 'ab' weighs about e^-800: they underflow to 0 "
        "and the loss -log 0 is inf, where it is 800.7: unstable (the log-space forms are ok there)",
    "jax_lib80d:mono_logcumsum@p=[0.3,1.0,0.5,0.2]:float64":
        "the same attention as exp(cumsum(log(1 - p))) at p_1 = 1: no value beyond 1, so p_1 has no derivative; the "
        "others keep theirs: domain",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "tf_lib80d:ctc_tf@logits=[[0.5,-0.2,0.1]]:float32":
        "F1: tf.nn.ctc_loss of a target longer than the input is +inf (no alignment); TensorFlow's dense path writes "
        "log 0 as log(1e-307) and returns 707.26; gradcli replays the stand-in as the mathematics, an exact value "
        "707.2637 and an exact gradient, and judges TensorFlow's rule wrong: the loss has no value there (domain)",
}
SYMPTOMS = {
    "tf_lib80d:ctc_tf@logits=[[0.5,-0.2,0.1]]:float32": "the gradient rule is wrong",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases80d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
