"""The hundred-and-fourth round (c) of user trials (tests/trials/cases104c.py): plant physiology, crops and
agricultural models written with gradcli.numpy (tests/trials/lib104c.py): Farquhar's photosynthesis as the lesser of
its Rubisco- and light-limited rates (a tie, the compensation point), the smoothed co-limitation as the smaller root
of theta J^2 - (a + b) J + a b = 0 at theta -> 0 (0 / 0) and at theta = 1 (a kink at a = b) and its stable form, the
non-rectangular light response (darkness, Blackman's kink, the cone's vertex), Michaelis-Menten and Monod at Km -> 0
and zero supply, Liebig's minimum, Q10 past float32, a peaked Arrhenius response (0 degC typed for K), Tetens' vapour
pressure at its pole, Penman-Monteith, Beer's law and fractional cover (1 - e^-x and expm1), a logistic crop and its
inflection time, growing degree days (a day at Tbase, a tie made by rounding), a triangular temperature response, a
clipped water-stress factor (its kink, a kink made by rounding, fc = wp) and Mitscherlich's yield; float64 and
float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts. Known wrong: none (the round found no
disagreement that stood; cases104c says which truths it corrected). The whole set runs case by case through the CLI
as tests/trials/run.py does (cases104c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases104c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib104c:farquhar_min@Vcmax=50.0,J=70.0,Ci=200.0,Gstar=40.0,Km=600.0:float64":
        "Farquhar's min(Ac, Aj) where Ac = Aj = 10 exactly: every input moves one rate off the other: domain",
    "lib104c:colimited@a=10.0,b=12.0,theta=1e-10:float64":
        "the co-limited rate's quadratic formula at theta = 1e-10: 22 - sqrt(484 - 4.8e-8), 3e-6 off: unstable",
    "lib104c:colimited_stable@a=10.0,b=12.0,theta=0.0:float64":
        "the same root as 2 a b / (s + sqrt(...)) at theta = 0: a b / s, theta's slope (a b)^2 / s^3: ok",
    "lib104c:monod_log@S=0.0,mu_max=0.5,Ks=2.0:float64":
        "log of the Monod rate at zero supply: -inf, S none, mu_max and Ks keep 1 / mu_max and -1 / Ks: domain",
    "lib104c:arrhenius_peaked@T=0.0,k25=60.0,Ha=65330.0,Hd=200000.0,dS=650.0:float64":
        "0 degC typed for K: flat from both sides (e^((Hd - Ha) / (R T)) below), every exact 0, computed NaN: wrong",
    "lib104c:logistic_growth@t=60.0,W0=0.0,Wmax=20.0,r=0.1:float64":
        "a logistic crop from W0 = 0: Wmax / 0 = inf, W0's slope e^(r t) = e^6, computed NaN: wrong",
    "lib104c:water_stress@theta=0.3,wp=0.1,fc=0.35,p=0.2:float64":
        "Ks held 1 + 4.2e-17 (flat), computed 1.0 at the clip's edge, its slopes 5, -1, -4, 1.25: unstable",
    "lib104c:triangular_response@T=30.0,Tmin=8.0,Topt=30.0,Tmax=42.0:float64":
        "the triangular response at its optimum: T and Topt none, Tmin and Tmax keep 0: domain",
}
KNOWN_WRONG = {}  # case id -> the finding it shows (none this round)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases104c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
