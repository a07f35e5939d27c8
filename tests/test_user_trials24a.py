"""The twenty-fourth round (a) of user trials (tests/trials/cases24a.py), PyTorch and TensorFlow/Keras: singular
values at repeated and zero singular values, a pseudo-inverse at a rank drop, triangular solves, Kronecker
products, std_mean on a flat row, a bucketize lookup table, causal and hand-written attention, transposed and
depthwise convolutions, pixel_shuffle, cumulative_trapezoid, cholesky_inverse, Beta/Dirichlet concentrations, a
gradient penalty through torch.func.grad, autograd.Functions with mark_non_differentiable; TensorFlow's Dawson integral
far out, expm, RGB to HSV, a complex number's angle and modulus, segment products and maxima, Keras' MAPE, a Newton
solve in a while_loop behind custom gradients.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases24a.ALL); here, the PyTorch cases
the CPU budget allows (one framework import), in the long mode (`make trials`). Known disagreements are strict xfails
naming their finding (none are open). The findings' classes are tested in every run by tests/test_trial_findings24a.py;
a complex phase on its cut (B1) is a chosen trial here, and torch.angle's cut is tested in every run by
tests/test_complex_angle_cut.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases24a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "torch_lib24a:upsample_energy@x=[1,-1,2]:float64":
        "C1: F.conv_transpose1d (aten.convolution with transposed=True) had no replay (exit 2): ok, exact "
        "[15, -44, 64]",
    "torch_lib24a:precision_trace@l=[[2,0],[0.5,1]]:float64":
        "L1: torch.cholesky_inverse (aten.cholesky_inverse) had no replay (exit 2): ok, the upper entry's slope 0",
    "torch_lib24a:pinv_readout@a=[[2,1],[0.5,3]]:float64":
        "L1: torch.linalg.pinv (aten.linalg_pinv.atol_rtol_tensor) had no replay (exit 2): ok at an invertible matrix",
    "torch_lib24a:pinv_readout@a=[[1,2],[2,4]]:float64":
        "L1 at a rank drop: PyTorch's cutoff (2 eps times the largest singular value) keeps the rank under moves that "
        "small, so the slope is the rank-1 truncation's and ok is right",
    "torch_lib24a:phase_sum@re=[1,-2],im=[0.5,0]:float64":
        "B1: torch.angle(torch.complex(re, im)) at -2 + 0i jumps in im (domain) and is flat (pi) in re along the cut; "
        "the complex rule's NaN for re was settled as 'no finite derivative (the one-sided slopes agree)': where the "
        "kink test found no kink, the slope both sides share (0)",
    "torch_lib24a:lse_weighted@x=[800,-1,2]:float64":
        "an autograd.Function's backward exponentiating unshifted: unstable, named at its return line",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases24a, CHOSEN, KNOWN_WRONG, SYMPTOMS)
