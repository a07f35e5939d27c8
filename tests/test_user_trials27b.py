"""The twenty-seventh round (b) of user trials (tests/trials/cases27b.py), PyTorch and TensorFlow: normalising flows
(a RealNVP coupling's log-determinant, an nn.Module coupling in its weights, a rational-quadratic spline at its knots),
a Euclidean triplet loss at equal anchor and positive, NT-Xent at temperature 1e-3, a CTC-like forward algorithm and
a beam's length-normalised score, physics-informed residuals through torch.autograd.grad and a nested GradientTape,
focal losses with a fractional gamma at p = 1, label smoothing at logits of +-1e4, negative binomial heads in their
Poisson limit, quantile losses at their kinks, ALiBi and rotary attention, Adam's bias correction near beta2 = 1, a
Tobit likelihood, a continuous Bernoulli at 1/2, custom gradients right and wrong (autograd.Function,
tf.custom_gradient with variables=, TFP's custom_gradient(fx, gx, x) form), a tf.where that leaks an overflow, Keras
losses and LayerNormalization, and spectral penalties at double eigenvalues.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases27b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import), in the long mode (`make trials`). Known disagreements are strict
xfails naming their finding (none are open). The findings' classes are tested in every run by
tests/test_trial_findings27b.py (B1, P1, B2, B3) and tests/test_const63_torch_constants.py (C1, N1).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases27b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "torch_lib27b:temperature_lse_dropped@x=[1,2,3]:float64":
        "an autograd.Function whose backward drops grad_output: wrong, named at its backward",
    "torch_lib27b:triplet_euclidean@anchor=[[0.5,1]],positive=[[0.5,1]],negative=[[1,0.5]]:float64":
        "a Euclidean distance at 0 (anchor on the positive) is a cone's tip in every anchor and positive entry, the "
        "negative's slopes kept",
}

KNOWN_WRONG = {}
SYMPTOMS = {}

CHOSEN.update({
    "torch_lib27b:cb_logp@probs=0.5:float64":
        "C1: a continuous Bernoulli's log-density of 0.3 at probs = 1/2 is log 2 - log 2 = 0, PyTorch's Taylor branch "
        "adding math.log(2.0) to -BCE(0, 0.3): the library's constant is log 2 in the exact replay, so the float 0 is "
        "the exact value and no cancellation (the slope -0.8 exact either way)",
    "torch_lib27b:tobit_censored@mu=[10,1]:float32":
        "N1: torch.special.ndtr reaches the trace as PyTorch's composite, (1 + erf(x * M_SQRT1_2)) / 2, whose "
        "constant no user wrote: the exact slopes 2 phi(z) / Phi(z) at z = -20 and -2 are 40.099506137055701 and "
        "4.7464310656456817 in the float32 run too (a float32 M_SQRT1_2 made them 3e-8 low)",
})

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases27b, CHOSEN, KNOWN_WRONG, SYMPTOMS)
