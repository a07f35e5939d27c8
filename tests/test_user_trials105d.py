"""The hundred-and-fifth round (d) of user trials (tests/trials/cases105d.py): signed distance fields, implicit
surfaces and eikonal losses as JAX (jax_lib105d), PyTorch (torch_lib105d), TensorFlow (tf_lib105d) and plain NumPy
(np_lib105d) code writes them: SDFs of a sphere, a box, a torus and a capsule, CSG by min / max, the polynomial and
exponential smooth minima, an occupancy sigmoid(-sdf / eps), sphere tracing, SIREN layers and positional encodings,
the eikonal loss (||grad f|| - 1)^2 with grad f by jax.grad / torch.autograd.grad(create_graph=True) / a nested
tf.GradientTape inside the function, surface normals, and safe norms by custom rules, right and slipped.

Chosen here, cheap cases: the sphere SDF at its centre (domain: a cone), the box SDF inside (wrong: norm(0)'s 0 / 0
where the slope is (0, 0, 1)), on its face (wrong: slope 1 from both sides), at a three-way tie of max(q) (domain) and
outside its edge (ok), the capsule at its clip's tie (ok: C1 there), the union at its tie (domain), the polynomial
smin at its clip's edge (ok), the exponential smin past exp's range (unstable) and its logsumexp form (unstable: the
slope in k cancels), the eikonal loss inside the box (wrong) and at grad f = 0 (domain), the custom_vjp safe norm at
the box's face (wrong: minimum's tie halves the slope) and the slipped rule outside the box (wrong at its bwd); NumPy's
box at its tie (domain), torus (ok), smooth minimum (ok), sphere tracing (ok), eikonal loss with a hand-written
gradient (ok) and the naive occupancy (unstable).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases105d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib105d:sphere@p=[0.0,0.0,0.0],r=1.0:float64":
        "norm(p) - r at p = 0: the cone's tip, no derivative in p; r keeps -1: domain",
    "jax_lib105d:box@p=[0.2,0.1,0.05]:float64":
        "the box SDF inside: norm(max(q, 0)) of a zero vector, 0 / 0 in its rule where the slope is (0, 0, 1): wrong",
    "jax_lib105d:box@p=[1.0,0.1,0.05]:float64":
        "the box SDF on its face x = 1: slope 1 from both sides, NaN from norm(0): wrong",
    "jax_lib105d:box@p=[0.875,0.375,0.125]:float64":
        "inside at max(q)'s three-way tie (q = -0.125 each, exactly): domain",
    "jax_lib105d:box@p=[2.0,1.5,0.05]:float64":
        "outside the box's edge: ok",
    "jax_lib105d:capsule@p=[0.5,0.0,0.2],r=0.1:float64":
        "the capsule at its clip's tie h = 0: the SDF is C1 there: ok",
    "jax_lib105d:union@p=[0.0,0.5,0.0]:float64":
        "min of two sphere SDFs at their tie: p[0] jumps in slope, p[1] keeps its: domain",
    "jax_lib105d:smin_poly@a=0.0,b=0.5,k=0.5:float64":
        "the polynomial smin at h = 1, its clip's edge: C1: ok",
    "jax_lib105d:smin_exp@a=-10.0,b=-9.5,k=0.01:float64":
        "-k log(exp(-a/k) + exp(-b/k)) at k = 0.01: exp(1000) = inf: unstable",
    "jax_lib105d:smin_lse@a=-10.0,b=-9.5,k=0.01:float64":
        "the same by logsumexp: the slope in k, -1e-20, is the difference of two paths of 1000: unstable",
    "jax_lib105d:eikonal_box@p=[0.2,0.1,0.05]:float64":
        "the eikonal loss of the box inside: 0 near the point, NaN from norm(0) inside jax.grad: wrong",
    "jax_lib105d:eikonal_sq@p=[0.0,0.0,0.0]:float64":
        "the eikonal loss of |p|^2 - 1 where grad f = 0: (2|p| - 1)^2, a cone: domain",
    "jax_lib105d:box_safe@p=[1.0,0.1,0.05]:float64":
        "a custom_vjp safe norm in the box at its face: jnp.minimum's tie at max(q) = 0 gives half the slope 1: wrong",
    "jax_lib105d:box_slipped@p=[2.0,1.5,0.05]:float64":
        "a custom_vjp norm whose rule forgets to divide by the norm, outside the box: wrong at its bwd",
    "np_lib105d:box@p=[0.875,0.375,0.125]:float64":
        "NumPy's box SDF at max(q)'s tie: domain",
    "np_lib105d:torus@p=[1.2,0.1,0.3]:float64":
        "NumPy's torus SDF at an ordinary point: ok",
    "np_lib105d:smin_poly@a=0.5,b=0.0,k=0.5:float64":
        "NumPy's polynomial smin at h = 0: ok",
    "np_lib105d:sphere_trace@o=[0.2,0.1,0.0]:float64":
        "four sphere-tracing steps: the distance travelled in the ray's origin: ok",
    "np_lib105d:eikonal_siren@x=[0.3,-0.7]:float64":
        "the eikonal loss of a SIREN layer, its gradient by hand: ok",
    "np_lib105d:occupancy_naive@p=[1.5,0.0,0.0]:float64":
        "1 / (1 + exp(sdf / 1e-3)) at sdf = 0.5: (1 + e^500)^2 = inf: unstable",
}

KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases105d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
