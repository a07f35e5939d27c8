"""The twenty-eighth round of user trials, first third (tests/trials/cases28a.py): in JAX the translation of SE(3)'s
exponential map near the identity (naive, by a Taylor switch, by a custom_jvp holding the series' slope), Bateman's oral
dose at ka = ke (naive, by expm1 behind a where whose constant branch drops the limit's slope) and its log-likelihood on
log-scale parameters, Erlang's loss formula (a fori_loop recursion, powers over factorials, logsumexp, a custom_vjp
missing a term), log-spectral distances and Itakura-Saito divergences of power spectra, Gaussian and spherical
variograms, ordinary kriging, special relativity near c and at 1e-5 c, Hill's equation at a cooperativity of 1024, GGX
at a mirror's roughness and a mixture density network 40 sigmas from its means; in plain NumPy the same SE(3)
translation with np.cross, Bateman's dose by scipy.special.exprel, Erlang B and C, framed log-spectral and cepstral
distances, Matern 3/2 fits in log space, kriging as a function of its sites (the distance matrix's zero diagonal),
relativity, Hill by expit, GGX, Schlick and the Gibbs energy of mixing.

The whole set runs with ``python tests/trials/run.py lib28a``; here, a few cheap NumPy ones and D2's JAX case, in
the long mode (`make trials`). Its fixed classes, D1 (a division by an exact 0 settled as no number), F1 (``1 - exp(u)`` -> ``-expm1(u)``) and N1
(``np.block``), are tested in test_trial_findings28a.py; D2's and S1's (equal computations one number in every rounding)
in test_proofs63_*.py (S1 itself, the cone's cost at a perfect match, a strict xfail there).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases28a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # sqrt of the squared distances on the zero diagonal: NaN slopes where the kriging prediction is smooth
    "numpy_lib28a:kriging_at_sites@sites=[[0,0],[1,0],[0,1.5]]:float64",
    # scipy.special.exprel at 0: Bateman's curve at ka = ke, its slope the limit's
    "numpy_lib28a:oral_concentration_exprel@ka=0.2,ke=0.2:float64",
    # 1 - 1 / r at r = 1 + 1e-9: seven digits of the slope are rounding
    "numpy_lib28a:itakura_saito_loop@p=[1.000000001],q=[1]:float64",
    # D2: ka - ke of e^-1.6 and e^-1.6, equal numbers made by the same ops, is an exact 0 in every rounding: domain
    "jax_lib28a:oral_log_likelihood@log_ka=-1.6,log_ke=-1.6:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases28a, CHOSEN)
