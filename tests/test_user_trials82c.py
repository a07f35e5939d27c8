"""The eighty-second round (c) of user trials (tests/trials/cases82c.py): sports ratings and paired comparisons written
with gradcli.numpy, gradcli.scipy.special and gradcli.scipy.stats (tests/trials/lib82c.py): Elo's expected score and
log-loss at gaps of +-5000 and beyond, a margin-of-victory multiplier at MOV = 0 and at its pole, Bradley-Terry by
exp(strengths) and by log-sigmoids at +-800, TrueSkill's v and w at t = -40 and -1e4 (pdf / cdf, erfcx, log_ndtr) with
and without a draw margin, Glicko's g(RD) and RD update at RD = 0, Thurstone's normal cdf at zero variance,
Plackett-Luce by logsumexp and written out, Dixon-Coles' tau at its rho limits, a Kelly stake at no edge and at odds of
1.0; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts.
F1, mended: gradcli.scipy.stats' norm.cdf(x, loc, scale) at scale = 0 or below was a number (1.0, or the cdf of -x)
where SciPy's is NaN: Thurstone's norm.cdf(d, scale=sqrt(2) s) at s = 0 was judged wrong and at s = -1 ok, where the
program has no value (domain, every entry NaN); every method of every distribution now checks its parameters as SciPy's.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases82c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases82c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib82c:thurstone_scale@mu_i=1.0,mu_j=0.0,s=-1.0:float64":
        "Thurstone's norm.cdf(d, scale=sqrt(2) s) at s = -1: SciPy's NaN, no value anywhere near: domain (F1, mended)",
    "lib82c:ts_v@t=-40.0:float64":
        "TrueSkill's v = N(t) / Phi(t) at t = -40: both underflow, 0 / 0 where v = 40.025: unstable, at the line",
    "lib82c:ts_w_erfcx@t=-10000.0:float64":
        "w = v (v + t) with v by erfcx at t = -1e4: v + t = 1e-4 cancels 8 digits; the program's doubles sqrt(2 / pi) "
        "and sqrt 2 make its own w' -1.882e-12 (the true constants' -2.0e-12): unstable",
    "lib82c:mov_update@ra=1500.0,rb=1500.0,mov=0.0:float64":
        "a tie between equal teams: log1p(|m|) (S(m) - 0.5) is smooth, slope 10, where abs'(0) = sign'(0) = 0 give "
        "0: wrong",
    "lib82c:mov_multiplier@mov=7.0,elo_diff=-2200.0:float64":
        "the MOV multiplier's denominator -2200 x 0.001 + 2.2 = 1.3e-16 with the doubles, 0 in float64: inf where "
        "the multiplier is 3.5e16: unstable",
    "lib82c:glicko_rd_new@rd=0.0,d2=40000.0:float64":
        "Glicko's sqrt(1 / (1/RD^2 + 1/d^2)) at RD = 0: a kink in RD, d2's exact 0 computed inf x 0: wrong, at the "
        "line",
    "lib82c:dc_loglik@lam=2.0,mu=0.5,rho=1.0,x=1,y=1:float64":
        "Dixon-Coles' tau(1, 1) = 1 - rho at rho = 1: log 0, rho has no derivative, lam and mu keep 1/lam - 1 and "
        "1/mu - 1: domain",
    "lib82c:kelly_fraction@p=0.6,odds=1.0:float64":
        "a Kelly stake at odds of 1.0: b = 0, the stake +inf just below (odds: no derivative), p's exact 0 computed "
        "g / b = 0 / 0: wrong",
    "lib82c:bt_loglik@beta=[800.0,0.0,-800.0]:float64":
        "Bradley-Terry by log_expit at strengths of +-800, where exp(strengths) overflows: ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases82c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
