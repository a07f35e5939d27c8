"""The ninety-fourth round (c) of user trials (tests/trials/cases94c.py): geostatistics and spatial interpolation
written with gradcli.numpy (tests/trials/lib94c.py): inverse distance weighting with p = 1, 2 on a datum (1 / 0),
beside it and smoothed (from the squares and from the root), the spherical variogram at its range (by where and by
minimum), the nugget's jump, the exponential and Gaussian models by 1 - exp and expm1, the Matern covariance with nu =
1/2, 3/2, 5/2 in closed form and by 2^(1-nu) / Gamma(nu) x^nu K_nu(x) at r = 0 and beside it, simple kriging by a 2x2
solve at coincident data with and without a nugget, the kriging variance at a datum (a 3x3 solve, 0 by cancellation),
the haversine at coincident and antipodal points (radians and degrees), the anisotropic distance at ratio -> 0 (and
by hypot), and a Gaussian field's log-likelihood at a tiny and a huge range; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the case of its finding, open: F1,
gradcli's exact reference does not settle (verdict error, "the function cancels more digits than that") at
arcsin(sin(radians(x)) ** 2) with sin = +1, the haversine of two antipodal points on the equator (0, 0) and (0, 180),
a value pi R with a kink that the same pair the other way round, (0, 0) and (0, -180), settles as domain. The whole
set runs case by case through the CLI as tests/trials/run.py does (cases94c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases94c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib94c:haversine_deg@lat1=0.0,lon1=0.0,lat2=0.0,lon2=180.0:float64":
        "two antipodal points on the equator: arcsin(sin(pi/2) ** 2) at 1, a kink in the longitude (domain; F1, mended: "
        "the exact reference did not settle)",
    "lib94c:idw_p2@q=[1.0,0.0],z=[1.0,2.0,3.0]:float64":
        "Shepard's interpolation on a datum: 1 / 0 = inf and inf / inf, no value (its limit is the datum); the other "
        "data keep their slopes w_i / sum w = 0, q and the datum's z none: domain",
    "lib94c:idw_smoothed_dist@q=[1.0,0.0],z=[1.0,2.0,3.0]:float64":
        "IDW's 1 / (d^2 + eps) with d from the root, on a datum: smooth, but sqrt'(0) = inf times 0 leaks NaN into "
        "q's finite slopes: wrong",
    "lib94c:spherical_variogram@h=1.0,a=1.0,c=2.0:float64":
        "the spherical variogram at its range: the pieces meet with slope 0 in h and in a (the kink is in the "
        "second derivative): ok",
    "lib94c:nugget_spherical@h=0.0,c0=0.5,a=1.0,c=2.0:float64":
        "the nugget's jump at h = 0: no derivative in h, and c0, a, c keep 0 (gamma(0) = 0 whatever they are): domain",
    "lib94c:exponential_variogram@h=1e-12,a=2.0,c=1.5:float64":
        "the exponential variogram's 1 - exp(-1.5e-12) loses 4 of 16 digits (expm1 none): unstable",
    "lib94c:matern32_xy@x1=[0.5,0.5],x2=[0.5,0.5],l=1.3:float64":
        "Matern 3/2 of |x1 - x2| at coincident points: slope 0 (1 - 3 r^2 / 2 l^2 + ...), the root's inf times 0 "
        "NaN: wrong",
    "lib94c:matern_bessel32@r=1e-06,l=1.3:float64":
        "Matern 3/2 by x^nu K_nu(x) beside 0: the product rule's two 1/x terms cancel to x: unstable",
    "lib94c:kriging_variance@x0=1.0,x=[0.0,1.0,2.5]:float64":
        "the simple-kriging variance at a datum: 0 by cancellation, every slope 0 of a double zero (3e-18 "
        "left): ok",
}

KNOWN_WRONG = {}  # F1 mended: power's directed runs round x ** 2 once, as multiply's (cases94c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases94c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
