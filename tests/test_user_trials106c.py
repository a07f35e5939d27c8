"""The hundred-and-sixth round (c) of user trials (tests/trials/cases106c.py): aerospace flight mechanics written with
gradcli.numpy (tests/trials/lib106c.py): the International Standard Atmosphere (the troposphere's lapse and power law,
the isothermal layer's exponential, np.where between them exactly at 11 km, its leak above 44 km), an exponential
atmosphere at 1000 km (underflow), dynamic pressure and Mach number (T = 0), isentropic and normal-shock ratios
(M = 1, M^2 past the dtype), the Prandtl-Meyer angle (sqrt(M^2 - 1) at and just above M = 1), the rocket equation
(m_f = m_0, m_f = 0, subnormal m_f), drag polars and L/D, stall clamps by np.minimum, np.clip and np.where (exact
ties and ties made by rounding), Sutton-Graves heating (rho = 0), Breguet range and endurance, glide, orbital energy at
escape and Hohmann transfers at r1 = r2; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, among them a stall clamp of W / (q S) at
C_L,max = 1.3 in float32 at a point whose exact quotient is float32's 1.3, judged as written (1.3 and the point as
doubles: below the switch; README's `constant-rounded`). The whole set runs case by case through the CLI as
tests/trials/run.py does (cases106c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases106c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib106c:isa_pressure@h=11000.0:float64":
        "the ISA's where at the tropopause: the two layers' laws meet 1 Pa apart in the program's constants: domain",
    "lib106c:isa_pressure_naive@h=50000.0:float64":
        "the troposphere's power law in h, untaken at 50 km, its negative base's NaN leaking through where: wrong",
    "lib106c:shock_pressure_ratio@M=1.0:float64":
        "the normal shock switched on at M = 1: slope 0 below, 4 gamma / (gamma + 1) above: domain",
    "lib106c:prandtl_meyer@M=1.0000000000000002:float64":
        "nu(M) a float above M = 1: two arctan slopes of 4.7e7 cancelling to 1.75e-8: unstable",
    "lib106c:lift_stalled@alpha=0.3:float64":
        "min(5 alpha, 1.5) where 5 x 0.3 rounds onto the stall: the exact slope 5, minimum's tie gives 2.5: unstable",
    "lib106c:tsiolkovsky@isp=311.0,m0=1000.0,mf=0.0:float64":
        "the rocket equation at m_f = 0: log's pole; m0 keeps Isp g0 / m0 (README's log(y / x)): domain",
    "lib106c:sutton_graves@rho=0.0,rn=1.0,v=7000.0:float64":
        "Sutton-Graves in vacuum: rho at sqrt's vertex, r_n's exact 0 computed 0 * inf = NaN: wrong",
    "lib106c:cl_required@W=3.8999998569488525,q=1.5,S=2.0:float32":
        "float32 W / (q S) is float32's 1.3: the held program's switch, not the written one's: judged as written, ok",
}
KNOWN_WRONG = {}  # case id -> the finding it shows (cases106c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases106c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
