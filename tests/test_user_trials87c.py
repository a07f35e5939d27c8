"""The eighty-seventh round (c) of user trials (tests/trials/cases87c.py): geodesy and navigation written with
gradcli.numpy (tests/trials/lib87c.py): the great-circle distance by the spherical law of cosines (arccos(1) at
coincident points, rounding at 0.12 m in float64 and 0.8 km in float32, the held antipodes), by haversine (clipped at
h = 1) and its atan2 form; the initial bearing at coincident points (atan2(0, 0)), from the held pole (float32's pi/2
past it), at the held antipode, and as a compass reading wrapped by mod 360 due north; Vincenty's inverse formula for
six iterations near antipodal points; geodetic to ECEF and back by Bowring's formula (the pole axis, the centre); the
Mercator northing ln tan(pi/4 + phi/2) at and near the held poles and by asinh(tan phi); a rhumb line's dphi / dpsi
along a parallel (0 / 0, and np.where's guard); the cross-track distance; a least-squares range fix at a beacon (the
norm's sqrt(0), with a range of 0 and with an eps) and one Gauss-Newton step; dead reckoning and heading errors wrapped
by mod 2 pi; float64 and float32.

Chosen here: seven cheap cases that show the round's kinds of verdicts, and the bearing to the same point (cases87c's
F1, mended, as F2 is). The whole set runs case by case through the CLI as tests/trials/run.py does (cases87c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases87c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

SAME = "phi1=0.9,lam1=-0.05,phi2=0.9,lam2=-0.05"
ANTI = "phi1=0.5,lam1=0.0,phi2=-0.5,lam2=3.141592653589793"

CHOSEN = {  # case id -> what it holds
    "lib87c:gc_distance_cos@phi1=0.9,lam1=-0.05,phi2=0.9,lam2=-0.0499998:float64":
        "the spherical law of cosines 0.12 m apart: c = 1 - 1.8e-16 carries rounding of 1e-16, arccos' slope "
        "amplifies it: unstable",
    "lib87c:haversine@phi1=0.9,lam1=-0.05,phi2=0.9,lam2=-0.0499998:float64":
        "haversine at the same 0.12 m: no cancellation: ok",
    f"lib87c:haversine@{SAME}:float64":
        "haversine at coincident points: sqrt(0), the distance a cone: domain",
    f"lib87c:haversine@{ANTI}:float64":
        "the held antipodes (1.1e-16 short): h rounds to 1 where it is 1 - 3e-33; asin's slope there is infinite where "
        "the true slopes are R cos 0.5: unstable",
    "lib87c:mercator_y@phi=1.5707963267948966:float64":
        "Mercator at the held pole: pi_d/4 + pi_d/2 / 2 = pi_d/2 exactly, tan(pi_d/2) = 1.6e16 held; the slope is "
        "R / sin(pi_d) (the program's pi/4), not R / cos(phi): ok",
    "lib87c:rhumb_distance_where@phi1=0.6,lam1=0.1,phi2=0.6,lam2=0.9:float64":
        "a rhumb line along a parallel with np.where's guard q = cos(phi1): the untaken dphi / dpsi = 0 / 0 leaks NaN "
        "into finite slopes: wrong",
    "lib87c:heading_error@h=3.141592653589793,target=0.0:float64":
        "the heading error (mod(h - t + pi, 2 pi) - pi)^2 at an error of pi: continuous, slopes +-2 pi: a kink, domain",
    f"lib87c:initial_bearing@{SAME}:float32":
        "F1 (mended): the bearing to the same point is atan2(0, cos a sin b - sin a cos b) with a = b: both arguments "
        "exactly 0 (the same numbers through the same ops), no limit in any direction: domain, not a cancellation",
}

KNOWN_WRONG = {}  # case id -> the finding, open: none
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases87c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
