"""The thirty-third round (c) of user trials (tests/trials/cases33c.py, audit33c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(a Schottky heat capacity, Bose-Einstein occupancies, the 1D Ising chain's free energy, Buckingham and Mie potentials,
the Goldman-Hodgkin-Katz current, a Nernst potential, Tukey's biweight, Cauchy's loss and a trimmed square, the
Tsallis q-logarithm, scipy.special's entropy-like functions, logsumexp with weights, log_softmax, norms, where, xlogy
and xlog1py at subnormals, 1e+-300 and +-800, a slogdet near singularity, a Frobenius norm, the exponential of a
nilpotent matrix, eigenvalues with a near-repeated irrational pair, a resistor network solved with a conductance of
1e-300), and the other commands on that code: `gradcli audit audit33c.toml` in every report format, `gradcli sweep`.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases33c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: 1 / expm1(x) at x = 700 has a slope of -e^-700 = -1e-304,
a float64 number, that the program cannot reach (1 / expm1(x)^2 underflows on the way): `unstable`, not `ok`; and a
q-logarithm by powm1 keeps its value at q = 1 - 1e-12 while its q-slope, x^t log x / t - powm1 / t^2, cancels two
9e11s. Tested in tests/test_trial_findings33c.py:

- S1: a difference step beside a 0 coordinate that a sum loses (3 - G[1, 0] x[0] in a solve with a conductance of
  1e-300) bounded that slope "within 0.0 of 0" and left the check with no exact reference; the lost terms are bounded
  at the stepped points too, and the slope is exact.
- H1: Huber's and the pseudo-Huber loss (SciPy's and gradcli.scipy's) and linalg.norm squared by r * r, whose product
  rule halves a subnormal r and loses its last bit (`unstable` at 5e-324); they square by square.
- B1: J1' and I1' were 0/0 at x = 0 (`wrong` on a drum's modes at its centre) and off at subnormal x, J0' and I0'
  carried SciPy's subnormal J1 and I1, the scaled I1's slope a subnormal quotient and 1/Gamma's inf times a
  subnormal; near 0 they are 1/2, x/2 and 1. Open (strict xfail): 1/Gamma's slope at Gamma's poles is NaN.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases33c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib33c:node_voltages@conductance=[[2,0,0],[0,1e-300,0],[0.5,0,1]],injected=[1,2e-300,3]:float64":
        "S1: a solve whose zero entries' steps a sum loses: ok, every slope exact",
    "gn_lib33c:schottky@x=[800,-800,1e-300,2,9300]:float64":
        "a Schottky heat capacity by sigmoids: ok, slopes of e^-800 and 1e-4030 by their digits",
    "gn_lib33c:cauchy_loss_scaled@r=[1e+200,-1e+300,5e-324,-1e-300,0.5,-3]:float64":
        "abs, maximum, minimum and where at subnormals and 1e300, far from their switches: ok",
    "gn_lib33c:bose_occupancy@x=[700]:float64":
        "a representable slope the program cannot reach (1/expm1^2 underflows): unstable at its line",
    "gn_lib33c:ghk_current_naive@v=[5e-324],inside=[0.5],outside=[2]:float64":
        "the Goldman-Hodgkin-Katz current at 5e-324: 0/0, unstable at its line",
    "numpy_lib33c:huber_loss@r=[5e-324,-2.5e-322,1e-300,-3]:float64":
        "H1: SciPy's huber at subnormal residuals: ok, each slope its residual",
    "gn_lib33c:membrane_modes@r=[0,5e-324,1e-310,-1e-300,0.3]:float64":
        "B1: a drum's order-1 modes at its centre and at subnormal radii: ok, J1'(0) = 1/2",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases33c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
