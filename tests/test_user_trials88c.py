"""The eighty-eighth round (c) of user trials (tests/trials/cases88c.py): statistical mechanics and thermodynamics
written with gradcli.numpy (tests/trials/lib88c.py): the free energy -kT log Z of three levels straight, shifted by
the ground level and by logaddexp.reduce at kT -> 0 (and a degenerate ground level: min at a tie), the mean energy,
the entropy and heat capacity (also as gradients inside the function), the Gibbs entropy with a probability exactly 0
(and np.where's 0 log 0), Fermi-Dirac occupations far above and below mu (1 / (e^x + 1), the tanh form, the logaddexp
form, kT = 0), Bose-Einstein at E -> mu (exp - 1 against expm1, the pole), the Planck spectrum at 0, 1e-8, a
subnormal and past exp's overflow, the Langevin function and its series guard, the Brillouin function, the two-level,
Einstein and Debye heat capacities (the Debye integrand's 0/0 at the first node), the ideal-gas chemical potential in
reduced units and in SI (float32's underflow of 2 pi m kT), mean-field Ising iterations and free energy, the
arctanh(m)/m coupling, and the regular-solution mixing free energy at x = 0, 1 (plain, clipped, np.where); float64 and
float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts. No finding is open: every case agrees with
gradcli. The whole set runs case by case through the CLI as tests/trials/run.py does (cases88c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases88c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

E3 = "E=[1.0,2.0,3.0]"

CHOSEN = {  # case id -> what it holds
    f"lib88c:free_energy_naive@{E3},kT=0.001:float64":
        "-kT log sum exp(-E/kT) at kT = 0.001: every Boltzmann factor underflows to 0, log 0 = -inf where F = 1: "
        "unstable",
    f"lib88c:free_energy_shifted@{E3},kT=0.001:float64":
        "the same with the ground level taken out first: Z = 1 held, the slopes' e^-1000 are below the range: ok",
    f"lib88c:free_energy_shifted@{E3},kT=0.05:float32":
        "the shifted form in float32 at kT = 0.05: Z = 1 + 2.1e-9 rounds to 1, and dF/dkT = -S needs the log Z it "
        "lost: 5% off, unstable",
    "lib88c:bose_naive@E=1e-10,mu=0.0,kT=1.0:float64":
        "Bose-Einstein 1 / (exp(x) - 1) at x = 1e-10: the subtraction keeps 8 digits: unstable",
    "lib88c:langevin_series@x=0.0:float64":
        "the Langevin function's series selected by np.where at 0 (slope 1/3): the untaken coth(0) - 1/0 leaks NaN: "
        "wrong",
    "lib88c:gibbs_entropy_where@p=[0.5,0.5,0.0]:float64":
        "-sum p log p with 0 log 0 = 0 by np.where at a probability exactly 0: slope 0 from the left, -log p - 1 -> "
        "+inf from the right: domain in p[2], the others keep -log 0.5 - 1",
    "lib88c:debye_cv_where@T=100.0,theta=300.0:float64":
        "the Debye heat capacity by the trapezoid rule with the integrand's 0/0 at t = 0 replaced by np.where: the "
        "untaken branch's NaN leaks into finite slopes: wrong",
    "lib88c:mixing_free_energy@x=1e-300,chi=2.0:float64":
        "x log x + (1 - x) log(1 - x) at x = 1e-300: 1 - x rounds to 1 and log(1 - x) = 0 loses -x where x log x is "
        "only 690 x: the value 1.4e-3 off, unstable",
}

KNOWN_WRONG = {}  # no open finding in this round
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases88c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
