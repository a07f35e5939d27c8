"""The sixty-ninth round (c) of user trials (tests/trials/cases69c.py): interpolation, splines and piecewise definitions
written with gradcli.numpy (tests/trials/lib69c.py): np.interp in the point, the table's values and its knots, linear
interpolation by searchsorted / digitize, bilinear on a grid, Hermite and Catmull-Rom segments, a natural cubic spline
by np.linalg.solve, PCHIP-like harmonic-mean slopes at a zero secant, Cox-de Boor B-splines with repeated knots,
smoothstep, np.piecewise / np.select joins, clamp-to-edge, lookup tables by np.floor(x / h), a periodic table by np.mod
(cases69c.ALL: 99 cases, 96 agreeing with gradcli; 3 open, one finding).
Here, cheap cases: the Cox-de Boor recursion with its 0/0 taken as 0 by np.where ((x - t) / 0 in the untaken branch: NaN
at every precision: wrong), a PCHIP interpolant read at a knot beside a zero secant (1 / 0 untaken: wrong), a lookup
table at x = 0.5 with h = 0.1 (float64's 0.5 / 0.1 = 5 picks the next segment: unstable), a periodic table at x = -1e-17
(np.mod rounds 4 - 1e-17 to 4: unstable), bilinear interpolation on a grid line (x kinked, y's slope kept: domain), a
uniform Catmull-Rom curve at a knot (C1: ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases69c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases69c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib69c:spline_x@x=2.0:float64":
        "F1, mended: a natural spline's moments through np.linalg.solve, read at the knot whose data is 0: the value "
        "balls bound within 2^-32763 of 0 is the 0 every dtype rounds it to; slope -1.25: ok",
    "lib69c:bspline_where@x=1.5:float64":
        "Cox-de Boor with np.where(d > 0, (x - t) / d, 0.0): a repeated knot's d = 0 makes (x - t) / 0 in the untaken "
        "branch, whose rule gives 0 / 0 = NaN at every precision; the spline is smooth at 1.5, slope -0.09375: wrong",
    "lib69c:pchip_at_knot@y=[1.0,1.0,2.0,4.0]:float64":
        "a PCHIP interpolant read at the knot 1 is y[1] whatever its slopes, but the harmonic mean's 1 / s0 of the "
        "zero secant s0 = 0 in the untaken branch leaks NaN into y[0] and y[1]: wrong",
    "lib69c:lookup@x=0.5:float64":
        "a table at nodes k * 0.1 by np.floor(x / 0.1): exactly 0.5 / 0.1 is 4.99999999999999972 (segment 4, slope "
        "-5), float64's quotient is 5 (segment 5, slope -3): unstable",
    "lib69c:periodic_linear@x=-1e-17:float64":
        "a periodic table by np.mod(x, 4): exactly 4 - 1e-17 (segment 3, slope -1), float64 rounds it to 4 and takes "
        "segment 0 (slope 2): unstable",
    "lib69c:bilinear@p=[1.0,0.5]:float64":
        "bilinear interpolation on the grid line x = 1: a kink in x (0.75 / 1.75), y's slope -1.5 kept: domain",
    "lib69c:catmull_rom@u=2.0:float64":
        "a uniform Catmull-Rom curve at a knot: both segments have the slope (p[3] - p[1]) / 2 = 0.5 there (C1): ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases69c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
