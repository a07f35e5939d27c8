"""The eighty-fourth round (c) of user trials (tests/trials/cases84c.py): solid mechanics and constitutive models
written with gradcli.numpy (tests/trials/lib84c.py): a compressible neo-Hookean energy in plane strain and in 3D (det,
Sarrus, a quadratic volumetric term) at J -> 0, J = 0 and J < 0, its decoupled form at J = 0, Mooney-Rivlin by
invariants and by principal stretches, Ogden and Hencky energies from a closed-form eigenvalue at equal stretches, in
3D by eigvalsh and svd (an as-rigid-as-possible energy) at repeated and zero stretches, principal stresses by the Lode
angle, von Mises at zero deviatoric stress, Drucker-Prager's apex, Tresca's ties, a J2 return-mapping step on the
yield surface and a radial return behind a where, Hencky log strains at lambda -> 1, exponential damage at eps = eps0
and ef = 0, Mazars' form unloaded, Macaulay brackets, the Gent model near its locking limit, thermal expansion with a
tiny coefficient; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts.
F1, open: the principal stretches of a flattened element (F = diag(1, 1, 0)) by eigvalsh(F^T F): the 0 eigenvalue
is exact for every F near along F[0, 2] and F[1, 2] (F^T F is positive semidefinite, of rank 2), but gradcli reads the
rounding of its high-precision eigenvalues as a function undefined on both sides (domain, NaN slopes where they are
0), and with mu and alpha as inputs gets no verdict at all.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases84c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases84c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

SING3 = "F=[[1.0,0.0,0.0],[0.0,1.0,0.0],[0.0,0.0,0.0]]"

CHOSEN = {  # case id -> what it holds
    "lib84c:mooney_rivlin_stretches@F11=1.0,F12=0.0,F21=0.0,F22=1.0,C10=0.4,C01=0.1:float64":
        "Mooney-Rivlin by principal stretches from (tr +- sqrt(disc)) / 2 at F = I: disc = 0, sqrt's slope inf times "
        "disc's 0s is NaN, but the energy is symmetric in the stretches, C10 (tr C - 2) + C01 (tr C / det C - 2), "
        "smooth: wrong",
    "lib84c:von_mises@sig=[0.1,0.1,0.1,0.0,0.0,0.0]:float64":
        "von Mises at a hydrostatic stress of 0.1: the program's deviator is -1.4e-17 (0.1 + 0.1 + 0.1 rounds), the "
        "held point's exactly 0: the cone's apex, no derivative: domain",
    "lib84c:radial_return_energy@s=[0.0,0.0,0.0,0.0,0.0,0.0],G=80000.0,H=1000.0,sy0=250.0:float64":
        "a radial return at a hydrostatic trial state: elastic, every slope 0, the untaken branch's n = s / |s| = "
        "0 / 0 leaks NaN through np.where: wrong",
    "lib84c:gent@I1=5.999999999999,mu=1.0,Jm=3.0:float64":
        "Gent 1e-12 from locking with Jm = 3: (I1 - 3) / 3 rounds beside 1 - x = 3.3e-13, the slope ~ 1 / (1 - x) "
        "keeps 12 digits: unstable (with Jm = 2 every step is exact: ok)",
    "lib84c:j2_return@q_trial=350.0,sy0=250.0,H=1600.0,G=80000.0,ep=0.0625:float64":
        "a J2 return-mapping step exactly on the yield surface: q_trial, sy0, H, ep change slope (1 below, "
        "1 - 3G / (3G + H) above), G keeps 0: domain",
    "lib84c:neo_hookean_isochoric@F11=1.0,F12=0.0,F21=0.0,F22=0.0,mu=1.5,kappa=10.0:float64":
        "the decoupled neo-Hookean at J = 0: J^(-2/3) = inf, no slope but kappa's, which does not move the pole and "
        "keeps (J - 1)^2 / 2 = 0.5: domain",
    "lib84c:tresca_plane@sx=100.0,sy=0.0,txy=0.0:float64":
        "plane-stress Tresca at uniaxial stress: |s1 - s2| = |s1| tie; sx keeps 1, txy 0, sy jumps: domain",
    "lib84c:thermal_energy@J=1.0,alpha=1.2e-05,dT=0.001,kappa=10000.0:float32":
        "a thermal volumetric energy in float32: alpha dT = 1.2e-8 is lost in 1 + alpha dT, J's slope comes out 0 "
        "where it is -3.6e-4: unstable",
}

KNOWN_WRONG = {  # case id -> the finding, open
    f"lib84c:stretch_cubes_3d@{SING3}:float64":
        "F1 (narrowed: no false domain): sum(eigvalsh(F^T F) ** 1.5) at F = diag(1, 1, 0): the 0 eigenvalue stays "
        "exactly 0 along F[0, 2] and F[1, 2] (the stretches sqrt(1 + h^2), 1, 0), slopes diag(3, 3, 0) and 0: ok; "
        "gradcli's high-precision eigenvalue there is a rounding of either sign: at its default 4000 digits it has "
        "no exact reference and says that rounding decides whether the function is a number beside the point; at "
        "the 120 digits this test holds it to, every rounding of the difference steps is NaN, and it says domain",
    f"lib84c:stretch_cubes_3d@{SING3}:float32":
        "F1 in float32: the same, domain at 120 digits where the truth is ok",
    f"lib84c:ogden_3d@{SING3},mu=1.0,alpha=3.0:float64":
        "F1 with mu and alpha inputs: mu/alpha (sum e^(alpha/2) - 3) at diag(1, 1, 0) is ok (F diag(1, 1, 0), mu "
        "-1/3, alpha 1/9, as computed); gradcli gets no verdict, rounding deciding whether the function is a number",
}
SYMPTOMS = {
    f"lib84c:stretch_cubes_3d@{SING3}:float64": '"status": "domain"',
    f"lib84c:stretch_cubes_3d@{SING3}:float32": '"status": "domain"',
    f"lib84c:ogden_3d@{SING3},mu=1.0,alpha=3.0:float64": "rounding decides whether the function is a number",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases84c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
