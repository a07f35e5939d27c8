"""The sixty-second round (c) of user trials (tests/trials/cases62c.py): issue 27's exact reference on Python functions
doing GEOMETRY and PHYSICS with gradcli.numpy as scientific code writes them (angles by arccos and by arctan2,
np.arctan2 / np.hypot at their edges, polar round trips, np.cross, Heron's and Kahan's areas, the haversine distance,
quaternion rotation, Rodrigues' formula with its small-angle branch, signed distances, Lennard-Jones / Coulomb /
softened gravity, pairwise distance matrices, springs, a pendulum, a leapfrog integrator, shoelace areas and centroids,
curvature, unit vectors, complex numbers as plane geometry, matrix norms of a deformation gradient, np.radians and
np.unwrap), judged against the round's own mpmath truths at 2,000 digits. Here, cheap cases: a polar round trip
r cos(theta) + r sin(theta) at the origin (the function is x + y, slopes 1; the chain rule's 0/0 NaN: wrong); the
haversine distance at antipodal points one float64 pi apart (exact h < 1, slopes [0, -1, 0, 1]; float64's h rounds to
1 and arcsin' to inf: unstable); Rodrigues' formula where float64's |w| is 1e-8 and the exact one 4.1e-25 below it
(the branch rounding flipped: unstable); the solid angle of a triangle whose plane holds the origin inside it (on
arctan2's cut: the z slopes have no derivative, the x and y slopes are 0: domain); Lennard-Jones at r = 1e30 (its
slope 2.4e-209, float64's 0: 1/u's slope -1e-360 underflows on the way: unstable); a quaternion rotation's length,
14 for every q (every slope 0, proven: ok).
F1, mended: np.unwrap's default period 2 pi entered the exact reference as the double 2 * np.pi, where np.radians'
pi / 180 entered as the exact number (README: a constant a library writes is the mathematics it means): steps of
exactly np.pi, inside (-pi, pi), were called a jump (domain) where the exact function is smooth with slopes W4.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases62c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases62c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib62c:polar_roundtrip@x=0.0,y=0.0:float64":
        "hypot(x, y) cos(arctan2(y, x)) + hypot(x, y) sin(arctan2(y, x)) is x + y everywhere, the origin too: exact "
        "slopes [1, 1]; the rules give NaN (arctan2's and hypot's 0/0) even at high precision: wrong",
    "lib62c:haversine@p=[0.0,0.0,0.0,3.141592653589793]:float64":
        "the haversine distance between (0, 0) and (0, np.pi): float64's pi is 1.2e-16 short of pi, so the exact h is "
        "below 1 and the distance is dlon itself, slopes [0, -1, 0, 1]; float64's h rounds to 1, arcsin' to inf: "
        "unstable (not domain)",
    "lib62c:rodrigues@w=[5.9e-09,8.07403244977378e-09,0.0]:float64":
        "Rodrigues' formula with np.where(theta < 1e-8, small, full): float64's |w| is 1e-8 (the full branch), the "
        "exact |w| 4.1e-25 below the double 1e-8 (the small branch, slopes V3 x W3): unstable",
    "lib62c:solid_angle@r=[[1.0,0.0,0.0],[-1.0,0.1,0.0],[-1.0,-0.1,0.0]]:float64":
        "Van Oosterom and Strackee's solid angle of a triangle whose plane holds the origin inside it: arctan2(0, "
        "negative), on the cut: the z coordinates jump (no derivative), the x and y keep 2 pi (slope 0): domain",
    "lib62c:lennard_jones@x=[0.0,0.0,0.0,1e+30,0.0,0.0]:float64":
        "Lennard-Jones at r = 1e30: the exact slopes -+2.4e-209 are float64 numbers, but 1 / r2**3's slope -1e-360 "
        "underflows on the way and float64 returns 0: unstable",
    "lib62c:quat_norm_invariant@q=[1.0,2.0,3.0,4.0]:float64":
        "the squared length of V3 rotated by q / |q|: 14 for every q, every slope 0, proven by the exact reference "
        "(float64's 1e-15-sized slopes pass within rtol of the array's magnitude): ok",
    "lib62c:unwrap_sum@p=[0.0,3.141592653589793,0.0,1.0]:float64":
        "F1, mended: np.unwrap's default period is the 2 pi NumPy means in the exact reference: steps of +-np.pi, "
        "1.2e-16 inside (-pi, pi), are no jumps; exact slopes W4 = [1, -1, 2, 0.5], float64's where takes NumPy's "
        "half-period branch, [2.5, -2.5, 2, 0.5]: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases62c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
