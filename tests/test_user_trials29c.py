"""The twenty-ninth round (c) of user trials (tests/trials/cases29c.py, audit29c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(free energies and mean energies at kT = 1e-3, the 1D Ising chain's eigenvalue at a coupling of 800, mutual information
and Bernoulli KL divergences at subnormal probabilities, the Renyi entropy an order 1e-10 from 1, log gamma, digamma,
erfc, erfcx, the dilogarithm and Rician likelihoods at their extremes, Kahan's and Neumaier's sums, Lambert's continued
fraction for tan at pi/2, great-circle distances a hair apart, at antipodes and at one point, sRGB and CIELAB transfer
functions at 0 and 1e-300, CIELAB hues at 1e-300 and CIEDE2000's hue difference at 180 degrees, compound interest,
annuities and doubling times at rates of 1e-300 and 1e-150, clip and Huber kinks at tiny points, a free energy over a
parameter tree by --args), and the other commands on that code: `gradcli audit audit29c.toml` in every report format,
`gradcli sweep`, `gradcli grad` and `gradcli diff` on formulas.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases29c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a mutual information of 8e-40 computed as
1.386 - 0.693 - 0.693 is `unstable` (its value has no digit left) though its slopes are fine; Kahan's compensated sum
loses [1e300, 1, -1e300]'s 1 where Neumaier's keeps it; a Rician likelihood with e^z moved into the exponent (i0e) is
right where z is large and cancels its slope in nu (2 - 2 for 1e-300) where z is tiny, as the plain i0 form does not;
SciPy's erfc gives 0 for erfc(27) = 5.2e-319, a subnormal float64 holds; trigamma at 1e-300 is 1e600, past float64's
range (`domain`, as for every derivative no float64 program can return). Tested in tests/test_trial_findings29c.py:

- W1: the double where offered for a formula guarded the first branch reading x, not the unsafe one: sRGB's encoding
  at 0 (the power branch second) got no fix ("better nowhere"); each branch whose slope can be infinite is now guarded,
  and a Python branch the formula cannot read (np.power) is guarded by the Python reader's double where.
- E1: an underflow in several entries was described by its first entry (erfc(30) = 2.6e-393, "below the smallest
  float64"), not by the subnormal one the dtype held (erfc(27) = 5.2e-319); it now names that entry.
- H1: a where whose condition sits exactly on its switch through pi (CIEDE2000's hue difference,
  degrees(arctan2(0, -1)) - degrees(arctan2(0, 1)) = 180 against 180): no ball parts the two sides, so the point's
  branches are decided on proof numbers (a tie, proven) and each side's piece is judged there: `domain`, Delta H'
  jumping from 2 to -2 in b1 and b2, slopes 1 and -1 in a1 and a2 (the class: tests/test_switch64_proven_ties.py).
These trials run in the long mode (`make trials`, `pytest --long`); the finding classes run in every run.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases29c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib29c:free_energy@energy=[0,1,2],kt=0.001:float64":
        "a free energy by logsumexp at kT = 1e-3: slopes e^-1000 and e^-2000 that float64 holds as 0, by their digits",
    "gn_lib29c:vincenty_by_hypot@lat1=[0],lon1=[0],lat2=[1e-300],lon2=[0]:float64":
        "Vincenty's distance by hypot 1e-300 apart: ok, the slopes +-R (the sqrt of squares underflows there)",
    "gn_lib29c:rice_log_likelihood@nu=[1e-300],sigma=[1],x=[2]:float64":
        "the i0e spelling of a Rician likelihood at nu = 1e-300: its nu slope is 2 - 2 for 1e-300, unstable",
    "gn_lib29c:exp_ratio_switched@x=[0]:float64":
        "W1: a where leaking 0/0 from its second branch: wrong, and the double where guarding that branch, re-checked",
    "gn_lib29c:annuity_factor@r=[1e-300]:float64":
        "an annuity factor by expm1 at a rate of 1e-300: the value right, the slope two terms of 3e301 cancelling",
    "gn_lib29c:hue_difference@a1=[1],b1=[0],a2=[-1],b2=[0]:float64":
        "H1: CIEDE2000's Delta H' at a hue difference of exactly 180 degrees, the wrap's where on its switch: domain, "
        "jumps in b1 and b2, slopes 1 and -1 in a1 and a2",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases29c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
