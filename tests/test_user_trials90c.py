"""The ninetieth round (c) of user trials (tests/trials/cases90c.py): epidemiology and population dynamics written with
gradcli.numpy (tests/trials/lib90c.py): SIR and SEIR models unrolled by Euler steps (at I = 0, S = 0 and N = 0, and
with N = 1e7), R0 = beta / gamma as gamma -> 0, the final-size relation by fixed-point steps (R0 = 2, the tangency R0
= 1, R0 = 0.5), logistic growth at N0 = K, N0 = 0 and N0 -> 0 (as written and without K/N0), the Ricker and
Beverton-Holt maps iterated (extinct, at equilibrium, the 2-cycle, chaos; R = 1), a strong Allee effect at its
threshold, Lotka-Volterra at its equilibrium and with no prey (plain and in log populations), a branching process's
extinction probability (Poisson and geometric offspring, super-, sub- and critical), Poisson and negative binomial
likelihoods of case counts (lambda = 0 with k = 0 and k > 0, xlogy, dispersion 1e15), the serial-interval gamma
density at t = 0, and a Leslie matrix's growth rate (eigvals and power iteration); float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the case of its one finding, open: F1,
an input that keeps its slope 0 beside a 0 * log(0) (as README's `sum(p*log(p/q))` promises, and as --wrt r alone
says) is reported with no derivative (NaN) when another term joins it to the input that makes the log 0. The whole
set runs case by case through the CLI as tests/trials/run.py does (cases90c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases90c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib90c:final_size@R0=0.5:float64":
        "the final size by 60 steps of z = 1 - exp(-R0 z) below the threshold: z_60 = 5.7e-19, but 1 - exp(-tiny) "
        "keeps nothing of it (1.1e-16 computed; expm1 would keep it): unstable",
    "lib90c:logistic_growth@K=100.0,N0=0.0,r=0.5,t=3.0:float64":
        "the logistic curve from N0 = 0: K/0 = inf and K/inf = 0 give the limit 0, but the slope e^{rt} in N0 comes "
        "out NaN from 0 * inf: wrong",
    "lib90c:logistic_growth@K=100.0,N0=1e-300,r=0.5,t=3.0:float64":
        "the logistic curve from N0 = 1e-300: K/N0 holds, K/N0^2 overflows, so N0's slope 4.48 is lost: unstable",
    "lib90c:basic_reproduction_number@beta=0.3,gamma=1e-200:float64":
        "R0 = beta / gamma at gamma = 1e-200: the value 3e199 holds, gamma's slope -3e399 does not: domain",
    "lib90c:serial_interval_pdf@t=0.0,shape=2.0,rate=0.5:float64":
        "the gamma density at t = 0 with shape 2: 0^1 = 0, slopes rate^2 in t and 0 in shape (0^a = 0, no 0 * "
        "log 0 leaked): ok",
    "lib90c:poisson_loglik_xlogy@lam=0.0,k=0.0:float64":
        "xlogy(k, lambda) - lambda at k = 0, lambda = 0 with --wrt lam: xlogy(0, y) = 0 for every y, so the slope "
        "-1 from both sides: ok",
    "lib90c:sir_euler@S0=10000000.0,I0=1.0,beta=0.3,gamma=0.1:float64":
        "SIR by 10 Euler steps with N = 1e7 + 1: S0's slope 6.7e-14 is two paths of 3.5e-7 cancelling, 4.2e-10 of "
        "it lost: unstable",
    "lib90c:beverton_holt@N0=10.0,R=1.0,M=50.0:float64":
        "Beverton-Holt over 10 generations at R = 1, where the closed form is 0/0: ok",
}

KNOWN_WRONG = {}  # F1 mended: an input's own 0 times log 0 leaves the other inputs their slopes
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases90c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
