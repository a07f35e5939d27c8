"""The twenty-third round (a) of user trials (tests/trials/cases23a.py), PyTorch and TensorFlow/Keras:
binary_cross_entropy past its log clamp, logit's eps, hardsigmoid, reflect padding, adaptive pooling, copysign, clamp
with a tensor floor, fmod, a relu RNNCell, embedding_bag, scatter_reduce, distributions not tried before (the
generalized Pareto's shape, Normal.icdf's tail, a Wishart's degrees of freedom, a Gaussian mixture, Categorical's
entropy, a Gamma-Gamma KL), Sinkhorn iterations, a cold Gumbel-softmax, torch.library.custom_op rules and
autograd.Functions; TensorFlow's Bessel K1e and J1, leaky_relu's float32 alpha, tensor_scatter_nd_update, gather_nd, a
DCT-II, frames, bilinear resizing, pooling, map_fn, scan, a near-singular inverse, band_part, a cold log-softmax,
tf.custom_gradient rules with slips and keras.ops.custom_gradient.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases23a.ALL); here, the PyTorch cases
the CPU budget allows (one framework import), in the long mode (`make trials`). Known disagreements are strict xfails
naming their finding; the TensorFlow ones would be listed in OPEN_ELSEWHERE (this file imports PyTorch alone). The
findings' classes are tested in every run by tests/test_trial_findings23a.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases23a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "torch_lib23a:group_prod@x=[2,0,0,3]:float64":
        "G1: Tensor.scatter_reduce (aten.scatter_reduce.two) had no replay (exit 2): a product through zeros is ok, "
        "the exact gradient [0, -3, 2, 0] (a tie of maxima: domain, test_trial_findings23a.py)",
    "torch_lib23a:copysign_energy@x=[0,1],y=[-1,3]:float64":
        "S1: torch.copysign decomposes to aten.signbit, which had no replay (exit 2): a zero magnitude is domain",
    "torch_lib23a:soft_abs_slip_loss@x=[0.5,2]:float64":
        "K1: a torch.library.custom_op had no replay (exit 2, named as an aten op): its Python body is traced "
        "through, so a rule wrong only left of 0 is ok right of it",
    "torch_lib23a:soft_abs_slip_loss@x=[-1.5,2]:float64":
        "K2: the rule wrong left of 0 is wrong, named at the backward registered with register_autograd (def "
        "_slip_backward), not at the op's body ('the first call whose built-in rule is off')",
    "torch_lib23a:relu_rnn_step@x=[0.5,1]:float64":
        "R2: nn.RNNCell's weights written under torch.no_grad in the function reach the replay held by a stop_gradient; "
        "they depend on no input, so the mpmath path's test that held values only choose leaves them unshifted: a "
        "relu corner is domain, not 'a difference would move the value a stop_gradient holds constant'",
    "torch_lib23a:gpd_shape_logp@c=[0.5]:float32":
        "P1: a float32 program that raises in float64 (PyTorch's own GeneralizedPareto.log_prob: isclose of a float64 "
        "concentration with torch.tensor(0.0), 'Double did not match Float'): its exact replay is the float32 "
        "program's trace, so it is judged (ok) rather than no verdict",
}
KNOWN_WRONG = {}
SYMPTOMS = {}
# the TensorFlow cases' findings (TP1, TR1, X1) are closed: their replays are tested in test_trial_findings23a.py
OPEN_ELSEWHERE = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases23a, CHOSEN, KNOWN_WRONG, SYMPTOMS, run_elsewhere=OPEN_ELSEWHERE)
