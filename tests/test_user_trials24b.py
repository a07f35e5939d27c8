"""The twenty-fourth round of user trials, second half (tests/trials/cases24b.py): in JAX parameter trees walked by
jax.tree_util and ravel_pytree, lax.map, GELU and silu in their tails, logit of a sigmoid, the Hurwitz zeta, a fixed
point under a custom_vjp, eigh-based PCA, norms with ord=3, inf and 1, a double-where guarded norm, jax.checkpoint,
jnp.cumprod through zeros and a reparameterised sample; in plain NumPy np.polynomial's series, np.roots,
np.linalg.multi_dot, np.pad by the array's own entries, hinge losses by np.clip, solve, inv, det, slogdet and
Cholesky, Newton's method in for loops, softmax at a tied maximum, Box-Muller, the polar angle at the pole and an
unwrapped np.angle.

The whole set runs with ``python tests/trials/run.py jax_lib24b numpy_lib24b``; here, a few cheap ones (NumPy alone),
in the long mode (`make trials`). Known disagreements are strict xfails naming their finding. The findings'
classes are tested in every run by tests/test_trial_findings24b.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases24b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding G1: the double-where guarded norm at 0 was ok (exact gradient [0, 0]): the point's own branch reads no
    # input, and the piece each side of the tie takes (sqrt(x * x)) was taken for smooth through it; a cone
    "numpy_lib24b:guarded_norm@x=[0,0]:float64",
    # finding M2: np.polynomial's series, np.roots, np.linalg.multi_dot and np.pad(mode="edge") were "a NumPy function
    # gradcli.numpy does not have" (or an error verdict, NotImplementedError, for the pad)
    "numpy_lib24b:chebyshev_fit_energy@c=[1,0.5,-0.25]:float64",
    "numpy_lib24b:larger_root@p=[1,-3,2]:float64",
    "numpy_lib24b:sandwich_trace@a=[[1,2],[3,4]]:float64",
    "numpy_lib24b:padded_curvature@x=[1,3,2,5]:float64",
    # finding M2 too: np.apply_along_axis was "a NumPy function gradcli.numpy does not have"
    "numpy_lib24b:row_norm_total@x=[[3,4],[0,0]]:float64",
    # finding F2: log(det(a)) where det underflows (1e-330) was unstable with no fix; np.linalg.slogdet(a)[1], re-checked
    "numpy_lib24b:log_det_naive@a=[[1e-110,0,0],[0,1e-110,0],[0,0,1e-110]]:float64",
    # the maximum subtracted in a softmax ties: either is subtracted, the softmax is smooth
    "numpy_lib24b:softmax_first@x=[1000,1000,-1000]:float64",
    # finding P2: arccos(z / np.sqrt(x*x + y*y + z*z)) at the pole gave no verdict: z / r, exactly 1, is arccos's
    # edge, a cone in x and y, constant in z
    "numpy_lib24b:polar_angle_naive@p=[0,0,1]:float64",
    # finding U2: unwrap(angle(exp(1j * x))) with a 2 pi shift: x[0]'s slope, exactly 0, was not proven 0 (unwrap's
    # mod had no proof rule)
    "numpy_lib24b:phase_energy@x=[0,4]:float64",
]
KNOWN_WRONG = {}
# Each known-wrong case's words for its finding, seen at a ceiling of 120 digits (`known_wrong_problems`).
SYMPTOMS = {}
test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases24b, CHOSEN, KNOWN_WRONG, SYMPTOMS)
