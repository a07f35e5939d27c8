"""The ninety-seventh round (c) of user trials (tests/trials/cases97c.py): ecology, diversity and fisheries models
written with gradcli.numpy (tests/trials/lib97c.py): Shannon diversity with an absent species (0 log 0, guarded by
where, by xlogy), Simpson's indices, Hill numbers and Renyi entropy at q = 1 (1^inf, 0 / 0), q -> 1 (cancellation) and
q = 0 with an absent species (0^0), Pielou's evenness at S = 1 (0 / 0), Beverton-Holt and Ricker recruitment at no
stock and their maxima, Schaefer and Fox surplus production, Holling functional responses at N = 0, the logistic
solution at N0 = 0 and r = 0, Lotka-Volterra equilibria, Lincoln-Petersen and Chapman estimates at zero recaptures, a
species-accumulation curve at c = 0 and n / c -> 0, a zero-inflated Poisson likelihood at lambda = 0; float64 and
float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the cases of its findings, open: F1, at an
absent species' p log p = 0 * log 0 (p = n / sum n) the present species' counts, which never move it, lose their slopes
(exact NaN; a scratch probe's (y / x) log(y / x) + x at y = 0 keeps x's 1 with --wrt x, NaN without); F2, the Hill
number (sum p^q)^(1 / (1 - q)) at q = 1 is 1^inf with sum p = 1 exactly, but gradcli's reference sums rounded shares
and gives no verdict (error: "did not settle"). The whole set runs case by case through the CLI as tests/trials/run.py
does (cases97c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases97c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib97c:shannon_guarded@n=[10.0,0.0,5.0]:float64":
        "where(p > 0, p log p, 0) with an absent species: n[1] one-sided, but the unselected (log p + 1) = -inf leaks "
        "NaN into the present species' slopes -0.0154 and 0.0308: wrong",
    "lib97c:hill_number@n=[10.0,4.0,6.0,1.0],q=1.000000001:float64":
        "a Hill number near q = 1: sum p^q = 1 - 1e-9 H keeps 7 digits, raised to the -1e9: unstable",
    "lib97c:logistic_solution@t=5.0,n0=0.0,r=0.3,k=1000.0:float64":
        "K / (1 + (K / N0 - 1) e^{-rt}) at N0 = 0: K / inf = 0, the solution's value, N0's slope e^{1.5}; the rule "
        "multiplies -K / N0^2 = -inf by 0: wrong",
    "lib97c:ricker_log@s=0.0,a=4.0,b=0.002:float64":
        "log a + log s - b s at no stock: log 0 for every a and b, a keeps 1/4 and b 0, s none: domain",
    "lib97c:species_accumulation@n=50.0,s=120.0,c=0.0:float64":
        "S (1 - exp(-n / c)) at c = 0: S for every n > 0 (n keeps 0, S 1), c jumps; n's 0 comes out 0 * inf: wrong",
    "lib97c:zip_loglik_empty_survey@lam=0.0,pi=0.3:float64":
        "a zero-inflated Poisson over an empty survey at lambda = 0: smooth, lambda -2.8, but the unselected "
        "0 * log(0) leaks NaN through where: wrong",
    "lib97c:holling_generalised@prey=0.0,a=0.8,h=0.1,m=1.0:float64":
        "a N^(1+m) / (1 + a h N^(1+m)) at N = 0: m's N^(1+m) log N = 0 * -inf settled 0: ok",
    "lib97c:hill_number@n=[10.0,0.0,5.0],q=0.0:float64":
        "a Hill number at q = 0 with an absent species: 0^q jumps, q none; p^0 = 1, n's 0 kept: domain",
}
CHOSEN["lib97c:shannon@n=[10.0,0.0,5.0]:float64"] = (
    "F1 (mended): an absent species' 0 * log 0 stays one whatever the other counts do; they keep -0.015403 and "
    "0.030807, the logarithm's infinity losing to its 0 however the share reaches it")
KNOWN_WRONG = {  # case id -> the finding it shows (cases97c says how)
    "lib97c:hill_number@n=[10.0,4.0,6.0,1.0],q=1.0:float64":
        "F2: (sum p)^(1 / 0) with sum p = 1 exactly: no verdict (the reference's rounded shares sum to 1 +- 2^-prec); "
        "the truth: n's slopes 0, q none, the rule's NaN for n: wrong",
    "lib97c:hill_number@n=[10.0,4.0,6.0,1.0],q=1.0:float32": "F2 (float32, the same)",
}
SYMPTOMS = {
    "lib97c:hill_number@n=[10.0,4.0,6.0,1.0],q=1.0:float64": "did not settle below",
    "lib97c:hill_number@n=[10.0,4.0,6.0,1.0],q=1.0:float32": "did not settle below",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases97c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
