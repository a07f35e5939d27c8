"""The eighty-third round (c) of user trials (tests/trials/cases83c.py): hydrology and environmental models written
with gradcli.numpy (tests/trials/lib83c.py): Manning's velocity and discharge at a flat slope and a dry channel, a
trapezoid's hydraulic radius at depth 0, Green-Ampt infiltration by Newton steps, by a tolerance, behind a where and by
Lambert's W (t = 0, t -> 0) and its time to infiltrate F at F = 0 and 1e-10, Horton's decay and its cumulative
infiltration at k -> 0 (bare, expm1, behind a where), the SCS curve-number runoff at P = Ia and CN = 100, a linear
reservoir, its unit hydrograph and a Nash cascade at k -> 0 and t = 0, FAO-56 Penman-Monteith and the saturation vapour
pressure at T = -237.3, Monod kinetics at S = K = 0 and as mu / (1 + K / S), half-lives, NSE at constant observations,
KGE at a perfect fit, a log-NSE with and without its epsilon, a rating curve a (h - h0)^b at h = h0 with b < 1 and
clipped below the gauge's zero; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts.
F1, open: Green-Ampt by Lambert's W at t = 0 (-e^(-1 - K t / a) is W's branch point exactly, F = 0 for every K, psi,
dtheta: exact slopes 0, t none) gets no verdict: "the exact reference did not settle below 4000 digits", where with t
the only input gradcli finds the branch point (domain).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases83c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases83c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib83c:manning_discharge@n=0.035,b=3.0,z=1.5,y=0.0,S=0.0005:float64":
        "Manning's Q = (1/n) A R^(2/3) sqrt(S) in a dry trapezoid: y has no derivative (y^(5/3), nothing left of 0), "
        "but Q is 0 for every b and z, whose exact 0s the rule's A (2/3) R^(-1/3) = 0 * inf makes NaN: wrong",
    "lib83c:reservoir_outflow@Q0=120.0,k=0.0,t=1.0:float64":
        "a linear reservoir Q0 e^(-t/k) at k = 0: -t/0 = -inf, Q = 0 for every Q0 and t > 0 (slopes 0), k none "
        "(e^(t/|k|) on the left); the rule's t-slope Q0 e^-inf (-1/0) = 0 * -inf is NaN: wrong",
    "lib83c:monod_inv@mu_max=0.5,K=2.0,S=0.0:float64":
        "Monod as mu / (1 + K / S) at S = 0: the value 0 of mu S / (K + S), smooth (slope mu / K = 0.25), the rule's "
        "-mu / inf^2 * (-K / 0^2) = 0 * inf NaN: wrong",
    "lib83c:horton_cumulative_expm1@f0=80.0,fc=10.0,k=1e-12,t=0.5:float64":
        "Horton's cumulative infiltration with expm1 at k = 1e-12: the value is kept, but k's slope t e^(-kt) / k + "
        "expm1(-kt) / k^2 adds +-5e11 to -8.75: unstable",
    "lib83c:scs_runoff@P=30.0,CN=100.0:float64":
        "the SCS runoff at CN = 100: S = 0, Ia = 0, Q = P, smooth in CN across it (slopes 1 and 2.54 (1 + 0.2)): ok",
    "lib83c:svp@T=-237.3:float64":
        "the saturation vapour pressure 0.6108 exp(17.27 T / (T + 237.3)) at T = -237.3: 0 from the right with every "
        "slope, e^(+inf) on the left: domain",
    "lib83c:rating_curve_clipped@a=5.0,h=0.1,h0=0.3,b=0.6:float64":
        "a rating curve a max(h - h0, 0)^0.6 below the gauge's zero: Q = 0 near, every slope 0; the power's base "
        "slope 0.6 0^-0.4 = inf times the max's 0 is NaN: wrong",
    "lib83c:nash_iuh@n=1.0,k=3.0,t=0.0:float64":
        "Nash's IUH at n = 1, t = 0: (t/k)^0 = 1, slopes -1/9 in t and k, n jumps (0^(n-1)): domain",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "lib83c:ga_cumulative_lambertw@K=1.0,psi=11.0,dtheta=0.3,t=0.0:float64":
        "F1: a (-W_-1(-e^(-1 - K t / a)) - 1) at t = 0: the argument is W's branch point exactly (F = 0 for every K, "
        "psi, dtheta, exact slopes 0; t none), the rule's W' = inf times 0 is NaN (wrong); gradcli now proves the "
        "slopes 0 (W at its branch point on proof numbers) but calls the point unstable: float64's exp(-1) lies past "
        "1/e, and its high-precision replay of the rule leaves W' to the branch point's rounding",
}
SYMPTOMS = {
    "lib83c:ga_cumulative_lambertw@K=1.0,psi=11.0,dtheta=0.3,t=0.0:float64": '"status": "unstable"',
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases83c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
