"""The ninety-ninth round (d) of user trials (tests/trials/cases99d.py): hyperbolic and manifold embeddings as JAX
(jax_lib99d), PyTorch (torch_lib99d), TensorFlow (tf_lib99d) and plain NumPy (np_lib99d) code writes them: the
Poincare-ball distance (arccosh at 1, the boundary, a max-norm projection, a clamp), the Mobius distance, the
exponential and logarithmic maps at 0 (where and eps guards), the Lorentz distance (cancellation, the clamp at 1), the
sphere (normalize at 0, the arccos geodesic at x = +-y and near x), von Mises-Fisher log-normalisers (i0, i0e, i1e,
sinh) at small and large kappa, the Stiefel manifold's QR and Cayley retractions, a Riemannian SGD step at the
boundary, and custom arccosh rules (right, and wrong on purpose).

Chosen here, cheap cases: arccosh(1 + ...) at u = v (a cone: domain); the where-guarded exponential map at 0 (NaN
leaks: wrong) and geoopt's clamp_min(1e-15) guard (wrong in JAX, whose norm's rule is 0/0 at 0; ok in PyTorch, whose
norm backward is 0 there); the Lorentz distance at |a| = 1e4 (x0 y0 - a.b cancels: unstable); arccos of a dot product
clipped to 1 near x (unstable) and its atan2 form (ok); log I_0 by i0 at kappa = 1000 (overflow: unstable) and by i0e
(ok); the Cayley retraction (ok); a custom_vjp arccosh with the arcsinh's derivative (wrong, at its bwd).
Mended: F1, JAX's arccos / arccosh at x = y reading 1 - 2^-53 from XLA's fused dot product: called wrong "at any
precision" where the value is lost to the rounding XLA's compiled program makes (unstable, every input without a
derivative); cases99d says how.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases99d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib99d:poincare_dist@u=[0.1,0.2],v=[0.1,0.2]:float64":
        "arccosh(1 + 2 |u - v|^2 / ((1 - |u|^2)(1 - |v|^2))) at u = v: a cone (slopes -+2.105 each side): domain",
    "jax_lib99d:expmap0_where@v=[0.0,0.0]:float64":
        "where(|v| > 0, tanh(|v|) v / |v|, v) at 0: the map is smooth (slope W), the idle branch's 0/0 leaks NaN: "
        "wrong",
    "jax_lib99d:expmap0_eps@v=[0.0,0.0]:float64":
        "geoopt's guard max(|v|, 1e-15) in JAX: jnp.linalg.norm's rule at 0 is 0/0, times the max's 0: NaN: wrong",
    "torch_lib99d:expmap0@v=[0.0,0.0]:float64":
        "the same guard in PyTorch (norm().clamp_min(1e-15)): its norm backward is 0 at 0: ok, slope W (1 - 3e-31)",
    "jax_lib99d:lorentz_dist@a=[10000.0,0.0],b=[10000.0,1.0]:float64":
        "arccosh(x0 y0 - a.b) at |a| = 1e4: 1e8 - 1e8 cancels to 1.5: unstable",
    "jax_lib99d:sphere_dist@x=[1.0,0.0,0.0],y=[1.0,1e-09,0.0]:float64":
        "arccos(clip(<x/|x|, y/|y|>, -1, 1)) at an angle of 1e-9: the cosine rounds to 1: unstable",
    "jax_lib99d:sphere_dist_atan2@x=[1.0,0.0,0.0],y=[1.0,1e-09,0.0]:float64":
        "atan2(|x cross y|, x.y) at the same point: ok",
    "jax_lib99d:vmf_lognorm2_naive@kappa=1000.0:float64":
        "-log(2 pi i0(kappa)) at kappa = 1000: I_0 overflows: unstable",
    "jax_lib99d:vmf_lognorm2@kappa=1000.0:float64":
        "-log(2 pi) - (log i0e(kappa) + kappa): ok",
    "jax_lib99d:cayley_retraction@x=[[1.0,0.0],[0.0,1.0],[0.0,0.0]],xi=[[0.0,0.5],[0.25,0.0],[0.5,-0.5]]:float64":
        "the Cayley retraction (I - A/2)^-1 (I + A/2) X by jnp.linalg.solve: ok",
    "jax_lib99d:poincare_dist_custom_bad@u=[0.1,0.2],v=[-0.3,0.4]:float64":
        "a custom_vjp arccosh whose bwd divides by sqrt(z^2 + 1): wrong, at its bwd's def",
    "jax_lib99d:sphere_dist@x=[1.0,2.0,2.0],y=[1.0,2.0,2.0]:float64":
        "F1 (mended): the angle at x = y, XLA's fused cosine 1 - 2^-53: the value 1.5e-8 lost to compiling, every "
        "input at a cone's tip: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open (F1 mended: cases99d says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases99d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
