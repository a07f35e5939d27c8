"""The round 101 (c) of user trials (tests/trials/cases101c.py): nuclear physics, radiation and dosimetry written with
gradcli.numpy (tests/trials/lib101c.py): the Bateman two-member chain (naive, by expm1, guarded by where once and
twice) at l1 = l2 and l2 = l1 (1 + 1e-9), half-lives and an activity-weighted mean life, A0 2^(-t / T) at T = 0,
non-paralysable and paralysable dead time at m tau = 1 (as typed and exact) and the paralysable inverse by Lambert's W
near its branch point, Poisson counting likelihoods with empty channels (log and xlogy), Currie's detection limit and
the MDA at zero background, Beer-Lambert attenuation with Berger's buildup where e^(-mu x) underflows, point-source
doses at r -> 0, the Breit-Wigner shape and Lorentzian at Gamma -> 0, the Gamow factor at E -> 0, Rutherford's
1 / sin^4(theta / 2), Bethe-Bloch at low velocity, beta -> 1 and beta = 1, and the semi-empirical mass formula's
pairing switch; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts. Known wrong: none (the finding F1, Bethe-Bloch
at beta = 1, where the mean excitation energy I, which does not move the pole, lost its slope -K / I, is mended: the
quotient beside a division's pole is carried through the rational ops after it). The whole set runs case by case
through the CLI as tests/trials/run.py does (cases101c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases101c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib101c:bateman@t=5.0,n1=1000000.0,l1=0.1,l2=0.1:float64":
        "N1 l1 / (l2 - l1) (e^-l1 t - e^-l2 t) at l1 = l2: 0 / 0 for every t and N1: domain, no slope",
    "lib101c:bateman_expm1@t=5.0,n1=1000000.0,l1=0.1,l2=0.1000000001:float64":
        "the expm1 form at l2 - l1 = 1e-10: the value kept, the slope in l2 -t^2 / 2 left of two terms of 5e10: "
        "unstable",
    "lib101c:bateman_where@t=5.0,n1=1000000.0,l1=0.1,l2=0.1:float64":
        "where(|l2 - l1| < 1e-9 l1, N1 l1 t e^-l1 t, general) at l1 = l2: the unselected 0 / 0 leaks NaN: wrong",
    "lib101c:bateman_safe@t=5.0,n1=1000000.0,l1=0.1,l2=0.1:float64":
        "a safe denominator and the first-order series at l1 = l2: ok, l2's slope -N1 l1 t^2 e^-l1 t / 2",
    "lib101c:dead_time_nonparalysable@m=100000.0,tau=1e-05:float64":
        "m / (1 - m tau) at m tau typed 1: the doubles' product 1 + 8.2e-18 rounds to 1, inf for -1.2e22: unstable",
    "lib101c:gamow@e=0.0,eg=100.0:float64":
        "e^(-sqrt(E_G / E)) at E = 0: E none, E_G's exact 0 computed 0 * 0 * inf = NaN: wrong",
    "lib101c:breit_wigner@e=1.0,e0=1.0,gamma=1e-200:float64":
        "the resonance shape on resonance at Gamma = 1e-200: Gamma^2 / 4 = 0, 0 / 0 for the value 1: unstable",
    "lib101c:poisson_nll_xlogy@a=0.0,b=0.5:float64":
        "Poisson NLL by xlogy with the empty channel's mu = 0: xlogy(0, 0) = 0, slopes -5.5 and -12: ok",
}
KNOWN_WRONG = {}  # case id -> the finding it shows (cases101c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases101c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
