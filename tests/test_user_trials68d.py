"""The sixty-eighth round (d) of user trials (tests/trials/cases68d.py): 3-D geometry, rotations and simple physics as
graphics / robotics / simulation code writes them in PyTorch (torch_lib68d), JAX (jax_lib68d), TensorFlow (tf_lib68d)
and plain NumPy (np_lib68d): quaternion normalisation (F.normalize, tf.math.l2_normalize, an eps floor), quaternion ->
matrix, Rodrigues' rotation (naive, sin(t)/t and (1 - cos t)/t^2, a Taylor switch by one where, the double where around
the norm and around the squared norm), the SO(3) angle and log map at the identity and at pi, angles between vectors
by acos(clip) and atan2, atan2 at the origin, sphere SDFs, torch.cdist and pairwise distances by hand, the Chamfer
distance, springs, pairwise gravity and Verlet steps.
Here, cheap cases: NumPy's log map at the identity (the where's 0/0 branch: wrong), Rodrigues by sin(t)/t and
(1 - cos t)/t^2 at |w| = 1e-8 (unstable), the Chamfer distance at a tie (domain); JAX's Rodrigues with the double
where on |w|^2 at w = 0 (ok) and a zero-rest-length spring through jnp.linalg.norm at coincident points (wrong).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases68d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases68d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")

CHOSEN = {  # case id -> what it holds
    "np_lib68d:so3_log@R=[[1.0,0.0,0.0],[0.0,1.0,0.0],[0.0,0.0,1.0]]:float64":
        "the SO(3) log map at R = I with theta / (2 sin theta) behind np.where(theta < 1e-6, ...): the unselected 0/0 "
        "leaks NaN (and arccos' at 1 is inf) where the exact slopes are +-W3/2 off the diagonal, 0 on it: wrong",
    "np_lib68d:rodrigues_coeff@w=[1e-08,0.0,0.0]:float64":
        "Rodrigues by A = sin(t)/t, B = (1 - cos t)/t^2 at |w| = 1e-8: 1 - cos t rounds to 0 and B's slope "
        "sin(t)/t^2 - 2(1 - cos t)/t^3 comes out 1e8 where it is -t/12: unstable",
    "np_lib68d:chamfer@a=[[0.5,0.0],[2.0,2.0]]:float64":
        "the Chamfer distance with a[0] equidistant from two targets: np.min's kink in a[0][0] (a[0][1] keeps 0): "
        "domain",
    "jax_lib68d:rodrigues_safe@w=[0.0,0.0,0.0]:float64":
        "Rodrigues with JAX's double where on |w|^2 < 1e-12 at w = 0: the small branch's slope V3 x W3, no NaN: ok",
    "jax_lib68d:spring_zero_rest@x=[[1.0,2.0,3.0],[1.0,2.0,3.0]]:float64":
        "10 |x0 - x1|^2 through jnp.linalg.norm at coincident points: slope 0, but sqrt's rule gives 0 * inf = NaN: "
        "wrong",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "np_lib68d:so3_log@R=[[1.0,0.0,0.0],[0.0,-1.0,0.0],[0.0,0.0,-1.0]]:float64":
        "F1: the log map theta / (2 sin theta) vee(R - R^T) at R = diag(1, -1, -1): theta = arccos(-1) = pi, sin pi = 0, "
        "so the exact value is (pi / 0) * 0, undefined, and undefined on the clipped side of every diagonal entry; "
        "gradcli's reference keeps sin(pi) off 0 by its digits, reports the exact value 0 and the diagonal slopes 0 "
        "(the off-diagonal ones it calls a pole kept off 0). Verdict domain is right. At the strict xfail's 120 digits the "
        "reference does not settle (error), the same pole seen from below",
    "jax_lib68d:so3_log@R=[[1.0,0.0,0.0],[0.0,-1.0,0.0],[0.0,0.0,-1.0]]:float64":
        "F1: the same log map in JAX: exact value 0 and diagonal slopes 0 where the function is (pi / 0) * 0",
}
SYMPTOMS = {
    "np_lib68d:so3_log@R=[[1.0,0.0,0.0],[0.0,-1.0,0.0],[0.0,0.0,-1.0]]:float64": "did not settle below 120 digits",
    "jax_lib68d:so3_log@R=[[1.0,0.0,0.0],[0.0,-1.0,0.0],[0.0,0.0,-1.0]]:float64": "did not settle below 120 digits",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases68d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
