"""The hundred-and-seventh round (c) of user trials (tests/trials/cases107c.py): fluid mechanics and pipe flow written
with gradcli.numpy (tests/trials/lib107c.py): the Darcy friction factor by Colebrook-White in fixed-point sweeps and
Newton steps, switched from 64 / Re by np.where exactly at Re = 2300 (the untaken sweeps' log10 of a negative number
below Re ~ 20: where's leak), Swamee-Jain, Haaland and Churchill's all-regime correlation (its (A + B)^-1.5 whose rule's
(A + B)^-2.5 underflows float32 at an ordinary Re = 1e5; B = (37530 / Re)^16 past float32 at Re = 100), Darcy-Weisbach
and Hazen-Williams (Q^1.852 at 0 and below, sign(Q) |Q|^1.852, and its np.where leak), orifice flow clamped by
np.maximum (dp = 0, dp < 0: sqrt's inf times the clamp's 0), valves, Bernoulli, a pump's operating point by the school
quadratic formula (cancellation) and Vieta's, choked nozzle flow (the critical-ratio tie), open-channel critical depth,
Schiller-Naumann drag and a settling particle's terminal velocity by sweeps, and a Moody chart read by
log-interpolation.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the two findings' cases, mended (F1, F2:
cases107c's docstring says how). The whole set runs case by case through the CLI as
tests/trials/run.py does (cases107c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases107c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib107c:friction_factor@Re=10.0,eps_D=0.0:float64":
        "64 / Re taken below 2300, the untaken Colebrook sweeps' log10 of a negative number leaking NaN through where: "
        "wrong",
    "lib107c:friction_factor@Re=2300.0,eps_D=0.0001:float64":
        "the laminar-turbulent switch exactly at Re = 2300: 64 / 2300 against Colebrook's 0.05, a jump: domain",
    "lib107c:churchill@Re=100000.0,eps_D=0.0001:float32":
        "Churchill at an ordinary turbulent point in float32: the power rule's (A + B)^-2.5 = 1.6e-53 underflows: "
        "unstable",
    "lib107c:hazen_williams_where@Q=0.05,C=130.0,D=0.2:float64":
        "np.where(Q >= 0, Q ** 1.852, -(-Q) ** 1.852): the untaken branch's NaN through where: wrong",
    "lib107c:orifice_flow@dp=-10000.0,rho=998.2,Cd=0.61,A=0.001:float64":
        "sqrt(2 max(dp, 0) / rho) at back-pressure: flat, computed sqrt's inf times the clamp's 0: wrong",
    "lib107c:operating_flow@H0=40.0,b=-10.0,a=1.0,Hs=39.9999999999,k=0.0:float64":
        "the pump's operating point by (b + sqrt(b^2 + 4 A C)) / (2 A) with b = -10, C = 1e-10: cancellation: unstable",
    "lib107c:moody_lookup@Re=100000.0:float64":
        "exp(interp(log Re, log Re_i, log f_i)) on a knot (np.log of the table is the program's exact operation): "
        "domain",
    "lib107c:haaland@Re=100000.0,eps_D=0.0:float64":
        "(eps / 3.7)^1.11 at eps = 0: README's power at a base of exactly 0, the defined side's slope 0: ok",
    # the open findings: their cases keep this round's truths, so these fail until gradcli is mended
    "lib107c:hazen_williams_signed@Q=0.05,C=130.0,D=0.2:float32":
        "F1: 10.67 * np.sign(Q) in float32: the program multiplies by float32's 10.67, the exact reference by the "
        "double's (gradients 7e-9 relative off)",
    "lib107c:flow_function@r=0.5282817877171742:float64":
        "F2: np.maximum(r, crit) at the tie: slope 0 from the left, -9.99e-17 from the right; the exact reference "
        "reports their mean -4.99e-17 (unstable) where no derivative exists (domain)",
}
KNOWN_WRONG = {}  # the findings are in CHOSEN, failing until mended (cases107c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases107c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
