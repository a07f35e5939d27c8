"""The seventy-second round (c) of user trials (tests/trials/cases72c.py): chemistry and thermodynamics written with
gradcli.numpy (tests/trials/lib72c.py): Arrhenius rates and their log form at low T, the Gibbs energy of mixing with a
mole fraction at 0 (bare, np.where, double where, np.xlogy) and at 1e-300, Antoine vapour pressures at the pole,
Lennard-Jones at tiny and huge r and cut off by np.where, Planck's law (e^x - 1, expm1, np.where at 0, the Wien form,
SI units in float32), Fermi-Dirac by exp, tanh, sigmoid and a where cut, the partition function naive and by logsumexp,
weak-acid and strong-base equilibria by the quadratic formula and its conjugate form, pH, van der Waals at V = b,
Einstein heat capacities, Nernst potentials (cases72c.ALL: 100 cases; no finding open).
Here, cheap cases: the binary mixing energy at x = 1e-300 (1 - x absorbs x: unstable, log1p fixes it), the ideal
mixing energy at x = [0, 1] (0 ln 0: domain, x[1] keeps R T), Planck's x^3 / expm1(x) guarded by np.where at 0 (the
untaken 0 / 0: wrong), an Arrhenius rate guarded at T = 0 (exp' x Ea / (R T^2) = 0 x inf: wrong), a Fermi-Dirac
occupation cut off by np.where at x = 800 (an overflow in the dtype, not in the rule: unstable, not wrong), and the
weak-acid root in its conjugate form at Ka c << Ka^2 (the value mended, the Ka-slope still cancels: unstable).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases72c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases72c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib72c:g_mix_binary@x=1e-300,T=300.0:float64":
        "R T (x ln x + (1 - x) ln(1 - x)) at x = 1e-300: 1 - x rounds to 1 and loses (1 - x) ln(1 - x) = -x, 1/691 "
        "of the value: unstable at that line, log1p re-checked as its fix",
    "lib72c:g_mix@x=[0.0,1.0],T=300.0:float64":
        "R T sum x ln x at a pure component: 0 ln 0 is 0 x -inf, so x[0] and T have no derivative while x[1] keeps "
        "R T = 2494.2: domain",
    "lib72c:planck_where@x=[0.0,1.0]:float64":
        "np.where(x == 0, 0.0, x^3 / expm1(x)) at 0: the slope is 0 from both sides and the untaken 0 / 0 leaks NaN: "
        "wrong",
    "lib72c:arrhenius_where@T=[0.0,300.0]:float64":
        "np.where(T > 0, A exp(-Ea / (R T)), 0) at T = 0: flat to every order, the rule's exp' x Ea / (R T^2) is "
        "0 x inf even exactly: wrong",
    "lib72c:fermi_dirac_cut@E=[20.0,0.1],mu=0.0:float64":
        "np.where(x > 700, 0, 1 / (exp(x) + 1)) at x = 800: e^800 overflows only in float64, the rule is right at "
        "high precision: unstable, not wrong",
    "lib72c:h_weak_acid_conj@Ka=0.01,c=1e-12:float64":
        "2 Ka c / (Ka + sqrt(Ka^2 + 4 Ka c)) at 4 Ka c << Ka^2: the value is mended, the Ka-slope 1e-20 is the "
        "difference of two paths of 1e-10: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open: none this round
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases72c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
