"""The thirty-ninth round (c) of user trials (tests/trials/cases39c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(Erlang's loss formula by recursion and in log space by gammaincc at ten thousand servers; an M/M/1 wait near
saturation; Fermi-Dirac and Bose-Einstein occupations at +-800 and mu -> E; Langevin's function naive and by a series
switch; a Bernoulli KL divergence by xlogy and rel_entr; a mutual information with subnormal cells; the haversine and
Vincenty distances at identical points, float64's antipodes and 1e-300 apart; log K0 by kve, log erfc by erfcx,
log_ndtr, Owen's T and zeta at extreme arguments; a free energy by logsumexp over mixed magnitudes; a norm rescaled
by its largest entry; ELU at its switch), float32 and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases39c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: gradcli.numpy's quotient rule -g x / y^2 (JAX's and
PyTorch's too) overflows or underflows at y^2 where the slope is a float64 number (1/expm1(700): e^-1400 lost where
-e^-700 is not, in Bose-Einstein's and Planck's densities; p/q at q = 1e-300; x / max|x| at 5e-324), which is
`unstable`; a where-leak is `wrong` where the branch left out has no slope at any precision (coth x - 1/x at 0) and
`unstable` where float64's range makes it (at 1e-300 and 5e-324); log-space Erlang B at 1e4 servers cancels 8.2e4 to
-5.5 in its value; SciPy's kve(0, 1e300) is NaN; the binary entropy formula at p = 5e-324 holds its subnormal value's
745.4 steps as 744, `unstable` as in round 30c (relative error counts in the subnormal range too). No gradcli bug was
found.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases39c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib39c:bernoulli_kl_in_q@q=[0.5,0.9999999999999999,0.25]:float64":
        "the divergence's minimum at q = p: -1 + 1, a proven 0, beside its slopes -1/2 and 7.5e15",
    "gn_lib39c:fermi_dirac_naive@e=[800]:float64": "e^800 overflows: inf / inf, unstable at its line",
    "gn_lib39c:elu@x=[0,5e-324,-5e-324,-800,3]:float64": "ELU with alpha 1 is C1 at its switch: slope 1 at 0",
    "gn_lib39c:ground_occupation@e=[1e+300,0]:float64": "p_0 = e^-1e300: its slopes by their digits",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases39c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
