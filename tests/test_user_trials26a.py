"""The twenty-sixth round of user trials, first half (tests/trials/cases26a.py): in JAX diffusion-model losses (log-SNR
schedules, v-prediction, cumprod and cumsum alpha_bar), a VAE's Gaussian KL and reparameterised ELBO, DPO, a GP's
marginal likelihood, negative-binomial counts, wrapped angles, sparsemax, temperature scaling, Wasserstein-1, a
layer-normed scan RNN, gradient clips under custom_vjp, a checkpointed wave, drawdowns by cummax, value at risk by
jnp.quantile, a masked softmax and bfloat16 mixed precision; in plain NumPy Kepler's equation, vis-viva, Fresnel
reflectance, Arrhenius and Nernst, Weibull, generalised Pareto and Gumbel likelihoods, np.convolve, np.correlate,
np.polyval, np.linalg.norm and cond penalties, clip and hinge corners, log2 of exp2, arcsinh and arccosh, and np.divide's
and np.log's out= and where=.

The whole set runs with ``python tests/trials/run.py jax_lib26a numpy_lib26a``; here, a few cheap NumPy ones, in
the long mode (`make trials`). Known disagreements are strict xfails naming their finding. The findings' classes are
tested in every run by tests/test_trial_findings26a.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases26a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a tie of two correlations whose slopes agree in h0 and differ in h1
    "numpy_lib26a:matched_peak@h=[1,0]:float64",
    # 1e-300 / 1e300 underflows: log(0), named at the user's line
    "numpy_lib26a:nernst@c_out=[1e-300],c_in=[1e300]:float64",
    # 2^-1070, a subnormal: the backward's 1 / (y log 2) overflows
    "numpy_lib26a:bits_round_trip@x=[-1070]:float64",
    # a parabolic orbit: slope 0 in E, none in e
    "numpy_lib26a:true_anomaly@E=1,e=1:float64",
    # Z1: np.linalg.cond of [[2, 1], [1, 3]], whose slope in a[3] is 0 by s1 / s2 = phi^2: the singular values as the
    # quadratic surds they are (was error, "not proven 0")
    "numpy_lib26a:condition_number@a=[2,1,1,3]:float64",
]
test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases26a, CHOSEN)
