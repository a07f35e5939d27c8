"""The nineteenth round (b) of user trials (tests/trials/cases19b.py), PyTorch and TensorFlow/Keras: torch.distributions
not tried before (LowRankMultivariateNormal, Geometric and Binomial from logits, Chi2, FisherSnedecor, InverseGamma,
OneHotCategorical, RelaxedOneHotCategorical, Poisson at rate 0), activations and losses at their switches, custom
rules as tutorials write them (autograd.Function and tf.custom_gradient), tf.math's Fresnel, Bessel, erfcinv and
xdivy, tf.function programs with switch_case, scan and foldl, and small models with GroupNorm and RMSNormalization.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases19b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import). Known disagreements are strict xfails naming their finding; the
TensorFlow ones are listed in OPEN_ELSEWHERE (this file imports PyTorch alone). Finding G1 (a gradient the loss takes
itself through ops that save their outputs, its exact reference holding those outputs constant) is mended, tested in
tests/test_torch_inner_derivatives.py; B1 (a write at a one-number index tensor refused) likewise, and its trial
runs here; N1 (an autograd.Function computing its forward in NumPy) too, tested in
tests/test_torch55_numpy_forward.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases19b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # Geometric's log(probs) of sigmoid(-800) = 0: unstable, named at the user's call
    "torch_lib19b:geometric_logp@logits=[-800,0.5]:float64",
    # Binomial's normaliser has two kinks at logit 0 whose slopes add up to the right n/2
    "torch_lib19b:binomial_logp@logits=[0,800,-800]:float64",
    # a backward that swaps its two gradients: wrong, at its own line
    "torch_lib19b:scaled_exp@a=[2,-1],b=[0.5,1]:float64",
    # a bias gradient of the batch's shape, which PyTorch's engine sums to the bias' shape: ok
    "torch_lib19b:biased_square@x=[1,2],b=[0.5]:float64",
    # B1: a backward writing its gradient at the argmax's one-number index tensor (grad[index] = g), traced
    "torch_lib19b:peak_score@x=[0.5,-3,2]:float64",
    # N1: the tutorial's autograd.Function computing its forward in NumPy, its forward replayed by gradcli's NumPy
    "torch_lib19b:numpy_logcosh@x=[800,0.5]:float64",
]
KNOWN_WRONG = {}
OPEN_ELSEWHERE = {}  # fresnel_c_sum (A1) runs in process in tests/test_ops53_tf_fresnel_dawsn.py


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases19b, CHOSEN, KNOWN_WRONG, run_elsewhere=OPEN_ELSEWHERE)
