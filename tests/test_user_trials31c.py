"""The thirty-first round (c) of user trials (tests/trials/cases31c.py, audit31c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(a Schottky heat capacity at a gap of 800 kT and 1e-300 kT, a three-level free energy at beta = 800, Planck's mean
energy and the Brillouin function where their terms cancel, a skin depth at 1e300 rad/s, a dipole's potential at
1e-106 and 1e200, Kepler's third law and the hyperbolic anomaly past float64's squares, K and E next to m = 1,
Dawson's integral at 1e10 and 1e200, Owen's T and Bessel K of order 200 in their tails, sinc at subnormals, Carlson's
R_F at 1e300, pseudo-Huber losses, a softmax at a temperature of 1e-300, a norm scaled by its largest entry, logsumexp
at a tied max, a squared hinge at its switch, clipped log-odds), and the other commands on that code: `gradcli audit
audit31c.toml` in every report format, `gradcli sweep`, `gradcli grad` on formulas.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases31c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a where's idle branch whose slope overflows the dtype
(1/tanh at 1e-300, slope -1e600) is `unstable` at the op that overflowed, while a pole there (1/tanh(0)) is the
where leak, `wrong`; the backward of x / scale at a subnormal scale overflows as PyTorch's and JAX's do, `unstable`
though the norm's value is right; ellipkm1's slope at 5e-324 (-1e323) is past float64's range, `domain`. Tested in
tests/test_trial_findings31c.py:

- D1: Dawson's integral's slope far out was an exact 0 at the working precision beside an ordinary entry, and SciPy's
  dawsn was called `wrong`; it is its asymptotic series there, its digits shown (-5e-401 at 1e200).
- U1: divide(1, inf) = 0 after (1 + e^x)^2 overflowed was said to stop short of the subnormal range; the finding says divide
  of the very numbers it was given is exactly 0, an input having overflowed before it.
- M1: minimum(1.0, 1.0) after 1e300 * 1e-300 rounded onto the bound was blamed on minimum's gradient rule; the finding says
  the rounding of its inputs put the point on the switch, the exact inputs shown apart.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases31c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib31c:free_energy@beta=800:float64":
        "a free energy by logsumexp at beta = 800: its slope e^-800-sized, no float64-sized phantom",
    "gn_lib31c:dawson_sum@x=[1e+200,3]:float64":
        "D1: Dawson's integral at 1e200 beside an ordinary entry: its slope -5e-401 by its digits, ok",
    "gn_lib31c:brillouin_series@x=[1e-300]:float64":
        "a where whose idle branch's slope overflows the dtype: unstable at the op, not a where leak",
    "gn_lib31c:schottky_by_cosh@x=[1500]:float64":
        "cosh(750)^2 overflowing: a NaN slope where the exact one is tiny, unstable with its op named",
    "formula:max(0, 1e-300 - x)**2@x=1e-300:float64":
        "a squared hinge exactly at its switch: max(0, t)^2 is smooth, slope 0",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases31c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
