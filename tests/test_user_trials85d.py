"""The eighty-fifth round (d) of user trials (tests/trials/cases85d.py): molecular mechanics force fields on two to four
atoms in reduced units, as JAX (jax_lib85d), PyTorch (torch_lib85d), TensorFlow (tf_lib85d) and plain NumPy / SciPy
(np_lib85d) code writes them: Lennard-Jones at r -> 0 and over a distance matrix masked by where, cut and shifted and
shifted-force at the cutoff, Ewald's real space by erfc (and 1 - erf) and the guarded self term at r = 0, a bond
through the minimum image at d = L / 2 (round's tie), a bond and a position restraint by a norm at coincident atoms, a
bond angle by arccos and by atan2 at a straight angle (theta0 1.9 and pi), a torsion and an improper by atan2 at planar
configurations and with a zero-length middle bond, Morse (exp and expm1), a soft-core at alpha = 0, Buckingham at
r = 0, LJ with an analytic force rule (custom_vjp, autograd.Function) right and with the force's sign, and a neighbour
list by torch.nonzero.

Chosen here, cheap cases: JAX's LJ over the full distance matrix with the diagonal masked by jnp.where (the norm's
0 / 0 at the self-distances leaks NaN: wrong, at the where's line) and the double-where version (ok), the minimum image
at d = L / 2 (a kink: domain), a position restraint by jnp.linalg.norm at its reference (slope 0, NaN: wrong),
erfc written 1 - erf at a r = 6 (cancels to 0: unstable), Morse in float32 near r0 (1 - exp cancels: unstable), an
autograd.Function returning the force for the gradient (wrong, at its backward), and the neighbour list by
torch.nonzero (refused, naming it and the line).
F1, open: at a straight angle with theta0 = jnp.pi (pi - 1.2e-16) the program's energy has a kink of slope +-7e-16;
gradcli names it in the 3-D atan2 spelling but calls the exact gradient 0 in the arccos spelling and reports one
side's slope as exact in the 2-D atan2 spelling. F2, mended (chosen here): atan2(NaN, 0) on balls was taken for a
number near 0, so a torsion with a zero-length middle bond got no verdict (domain). F3, open: TensorFlow's arccos spelling of the linear
angle gets no verdict where JAX's and PyTorch's get one.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases85d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

X3 = "x=[[0.0,0.0,0.0],[1.1,0.0,0.0],[0.3,1.2,0.4]]"
STRAIGHT = "x=[[1.0,0.0,0.0],[0.0,0.0,0.0],[-2.0,0.0,0.0]]"
ZERO_B2 = "x=[[0.0,1.0,0.0],[0.0,0.0,0.0],[0.0,0.0,0.0],[1.0,0.5,0.3]]"

CHOSEN = {  # case id -> what it holds
    f"jax_lib85d:lj_pairs@{X3}:float64":
        "LJ over a 3 x 3 distance matrix by jnp.linalg.norm, the diagonal masked by jnp.where: the self-distances' "
        "norm at 0 and lj(0) leak NaN through the untaken branch where every slope is finite: wrong, at the where",
    f"jax_lib85d:lj_pairs_safe@{X3}:float64":
        "the same with the squared distances made 1 on the diagonal before the sqrt (the double where): ok",
    "np_lib85d:mic_bond@x=[[6.0,0.5,0.0],[1.0,0.0,0.0]]:float64":
        "a bond through the minimum image d - L round(d / L) at d_x = L / 2: the image jumps from +5 to -5, the "
        "bond's slope in x flips sign: domain (y and z keep their slopes)",
    "jax_lib85d:restraint@x=[0.5,-1.0,2.0]:float64":
        "k |x - x_ref|^2 by jnp.linalg.norm at x = x_ref: the slope is 0, the norm's rule gives 0 / 0: wrong",
    "np_lib85d:ewald_real_hand@r=12.0,alpha=0.5:float64":
        "Ewald's real space written (1 - erf(a r)) / r at a r = 6: erf(6) rounds to 1, the value 0 where it is "
        "3.6e-18: unstable (scipy.special.erfc's is ok)",
    "jax_lib85d:morse@r=1.0001:float32":
        "Morse D (1 - exp(-a (r - r0)))^2 in float32 at r - r0 = 1e-4: 1 - exp cancels: unstable (expm1's is ok)",
    "torch_lib85d:lj_force@r=1.2:float64":
        "an autograd.Function whose backward returns the force -dE/dr for the gradient: wrong, at its backward",
    f"torch_lib85d:lj_neighbours@{X3}:float64":
        "a neighbour list by torch.nonzero(r < RC): refused (exit 2), naming aten.nonzero and the line",
}

LIN_J = f"jax_lib85d:linear_acos@{STRAIGHT}:float64"
LIN_2D = "jax_lib85d:linear_atan2_2d@x=[[1.0,0.0],[0.0,0.0],[-2.0,0.0]]:float64"
TOR_J = f"jax_lib85d:torsion@{ZERO_B2}:float64"
TOR_N = f"np_lib85d:torsion@{ZERO_B2}:float64"
CHOSEN[TOR_N] = "F2 (mended): a torsion about a middle bond of length 0: atan2(0 / 0, 0) has no value: domain"
# F1 (mended): the straight angle's kinks of 1e-16 beside a curvature of 1, in each spelling
CHOSEN[LIN_J] = "F1 (mended): arccos at a straight angle: kinks of -+7.3e-16 in the perpendicular entries; wrong (NaN)"
CHOSEN[LIN_2D] = "F1 (mended): atan2 in 2-D at a straight angle: the kinks, not one side's slope: domain"
KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases85d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
