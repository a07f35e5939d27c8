"""The seventy-ninth round (c) of user trials (tests/trials/cases79c.py): astronomy and orbital mechanics written with
gradcli.numpy (tests/trials/lib79c.py): Kepler's equation by a fixed number of Newton steps (e -> 1 at M = 0, from
M + e sin M and from pi), the true anomaly by atan2 (e = 0, e = 1) and from a state vector by arccos (periapsis,
apoapsis, a circular orbit), vis-viva at escape and at 2/r = 1/a, Stumpff functions by nested wheres, hyperbolic
anomalies by Newton, arccosh and atanh, Barker's equation, magnitudes and colours of zero, tiny and subnormal fluxes,
asinh magnitudes, distance moduli, Planck's x^3 / expm1(x) at x -> 0, 700, 800 and Wien's peak, Planck's law in SI,
the luminosity distance by a trapezoid, the two-body potential bare and softened, a leapfrog orbit through a close
periapsis, a transit's depth under quadratic limb darkening (the centre, the limb, off the disc), the uniform-source
overlap at first contact, radial-velocity chi-squares (cases79c.ALL: 113 cases, 110 agree; findings F1, F2 open).
Here, cheap cases: fifty Newton steps from pi at e = 1, M = 0 (linear convergence to the triple root until 1 - cos E
rounds to 0: unstable) and eight (E_8 = 0.085, a smooth map: ok); Curtis' Stumpff C(z) at z = 1 (the inner where's
sqrt(-z) is NaN and its slope leaks: wrong at that line) and S(z) at z = 0 (1.0 / 6.0 is the double 1/6 - 9.25e-18:
the program jumps there: domain); arccosh((e + cos nu)/(1 + e cos nu)) at nu = 0 (e's exact slope 0 computed as
arccosh'(1) * 0: wrong at the line); vis-viva with 1/a given as the double of 2/r (2/r - 1/a is 1e-27 relative, not
0, except in float64: unstable); x^3 / expm1(x) at 800 (inf / inf: unstable); a transit's depth at the disc's centre
through z = sqrt(x^2 + y^2) (the depth is smooth in x, y; sqrt'(0) * 0: wrong at the line).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases79c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib79c:kepler_E_pi@M=0.0,e=1.0:float64":
        "Kepler by fifty Newton steps from pi at e = 1, M = 0: the steps converge linearly to E = 0 and 1 - cos E "
        "rounds to 0 in float64 long before the fiftieth (the exact iterate is 3.4e-9, slopes 1.08e17 and 4.7e8): "
        "unstable",
    "lib79c:kepler_E_pi8@M=0.0,e=1.0:float64":
        "the same with eight steps: E_8 = 0.085 is a smooth function of M and e (slopes 174.16 and 18.77): ok",
    "lib79c:stumpff_c@z=1.0:float64":
        "Curtis' C(z) by nested wheres at z = 1: the untaken branch's sqrt(-z) is NaN and its slope leaks through "
        "the where: wrong, at that line",
    "lib79c:stumpff_s@z=0.0:float64":
        "S(z) at z = 0: the constant 1.0 / 6.0 is the double 1/6 - 9.25e-18, so the program jumps at 0: domain",
    "lib79c:hyperbolic_H_from_nu@nu=0.0,e=1.5:float64":
        "H = arccosh((e + cos nu) / (1 + e cos nu)) at nu = 0: a kink in nu, and e's exact slope 0 computed as "
        "arccosh'(1) = inf times 0: wrong, at the line",
    "lib79c:vis_viva_inv@r=149600000000.0,inv_a=1.3368983957219251e-11:float64":
        "vis-viva with 1/a given as the double of 2/r: 2/r - 1/a is the rounding of 2/r, not 0, but 0 in float64, "
        "and sqrt(0)'s slope is infinite: unstable",
    "lib79c:planck_x@x=800.0:float64":
        "Planck's x^3 / expm1(x) at 800: expm1 overflows, inf / inf in the rule where the slope is ~1e-339: unstable",
    "lib79c:transit_depth@x=0.0,y=0.0,p=0.1:float64":
        "a limb-darkened transit depth at the disc's centre through z = sqrt(x^2 + y^2): smooth in x, y (slopes 0), "
        "sqrt'(0) * 0 computed NaN: wrong, at the line",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "lib79c:true_anomaly_rv@r=[1.0,0.0,0.0],v=[0.0,1.2,0.0]:float64":
        "F2: arccos(e.r / (|e| |r|)) at periapsis, |e| by sqrt(sum(e e)): the argument is exactly 1 along r[0], r[2], "
        "v[1], v[2] (slopes 0, computed NaN: wrong), but the high-precision argument is 1 -+ 2^-p: no exact "
        "reference, rounding deciding whether the function is a number beside the point",
    "lib79c:true_anomaly_rv@r=[1.0,0.0,0.0],v=[0.0,0.8,0.0]:float64":
        "F2 at apoapsis (arccos(-1)): no exact reference (at 4000 digits rounding decides whether the function is a "
        "number beside the point along r[2], v[1], v[2]; at 120 digits a sum absorbs a term)",
}
SYMPTOMS = {
    "lib79c:true_anomaly_rv@r=[1.0,0.0,0.0],v=[0.0,1.2,0.0]:float64":
        "rounding decides whether the function is a number",
    "lib79c:true_anomaly_rv@r=[1.0,0.0,0.0],v=[0.0,0.8,0.0]:float64": "no exact reference",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases79c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
