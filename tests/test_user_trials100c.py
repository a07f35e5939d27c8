"""The hundredth round (c) of user trials (tests/trials/cases100c.py): sports science and biomechanics written with
gradcli.numpy (tests/trials/lib100c.py): Banister's fitness-fatigue model (summed, masked to past sessions, one
session) at tau1 = tau2, tau -> 0 and tau = 0 and on a session's day, its time to peak performance at tau1 = tau2, the
critical power model and its inverse at their poles, VO2 on-kinetics with a time delay (max and where), knee angles by
arccos (plain and clipped) and by atan2 at full extension, near it and at coincident markers, segment lengths and
directions, a centre of mass with zero total mass, projectile ranges, horizontal distance under quadratic drag at drag
-> 0 (log and log1p), Peronnet-Thibault's power-duration curve at t = TTE and t -> 0, Hill's force-velocity at its
pole and its eccentric branch, the Furusawa-Hill-Keller sprint model at t -> 0, Elo ratings far apart (naive and by
logaddexp) and Riegel's prediction at d1 = d2 and d2 = 0; float64 and float32.

Chosen here: seven cheap cases that show the round's kinds of verdicts, and the finding F1, mended: one session's
fitness-fatigue response at tau2 = 0, where gradcli gave no verdict ("no exact reference") for what is `wrong`: -t / 0
is IEEE's -inf to the proofs, and exp of it exactly 0, so the slopes beside it are proven. The
whole set runs case by case through the CLI as tests/trials/run.py does (cases100c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases100c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib100c:knee_angle_arccos@hip=[0.0,1.0],knee=[0.0,0.5],ankle=[0.0,0.0]:float64":
        "arccos of the unit vectors' dot at full extension: the x-coordinates none (a cone), the y-coordinates' "
        "exact 0 computed -inf * 0 = NaN: wrong",
    "lib100c:knee_angle_atan2@hip=[0.0,1.0],knee=[0.0,0.5],ankle=[0.0,0.0]:float64":
        "atan2(cross, dot) there: the signed angle is smooth through 0: ok",
    "lib100c:vo2_onset@t=15.0,base=0.8,amp=2.5,td=15.0,tau=25.0:float64":
        "A (1 - e^{-max(0, t - TD) / tau}) at t = TD: t and TD none, A and tau 0: domain",
    "lib100c:banister_causal@t=4.0,k1=1.0,k2=2.0,tau1=42.0,tau2=7.0:float64":
        "performance masked to past sessions on a session's day: the impulse jumps in, t none: domain",
    "lib100c:drag_distance_log1p@t=2.0,v0=30.0,k=1e-12:float64":
        "log1p(k v0 t) / k at drag 1e-12: the value kept, k's slope -1800 cancelled from terms of 6e13: unstable",
    "lib100c:hill_force_eccentric@v=-2.0,f0=1000.0,vmax=8.0:float64":
        "where(v >= 0, concentric, eccentric) at the concentric branch's pole: its NaN leaks: wrong",
    "lib100c:elo_loss@ra=0.0,rb=200000.0:float64":
        "log(1 + 10^((rb - ra) / 400)) at a 200000-point gap: 10^500 = inf: unstable",
    "lib100c:single_session@t=10.0,k1=1.0,k2=2.0,tau1=42.0,tau2=0.0:float64":
        "F1 mended: k1 e^{-t / tau1} - k2 e^{-t / tau2} at tau2 = 0: the rule's NaN beside exact slopes: wrong",
    "lib100c:banister@t=10.0,k1=1.0,k2=2.0,tau1=42.0,tau2=0.0:float64":
        "F1 mended: Banister's summed response at tau2 = 0: wrong",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases100c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
