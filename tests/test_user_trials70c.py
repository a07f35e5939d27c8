"""The seventieth round (c) of user trials (tests/trials/cases70c.py): economics and econometrics written with
gradcli.numpy and gradcli.scipy.special (tests/trials/lib70c.py): CRRA utility toward c = 0 and with its log limit by
np.where, CES toward Leontief and Cobb-Douglas (by powers and in logs by logsumexp), Leontief by np.minimum, present
values and the annuity factor in the discount factor, multinomial and nested logit, probit and Tobit by ndtr /
log_ndtr, Poisson regression, the Gini coefficient by absolute differences and by the Lorenz curve, Atkinson's index
at e = 1, a Bellman backup (hard and soft) and value iteration, elasticities of inverse demand (cases70c.ALL: 99
cases, all agreeing with gradcli; no finding open).
Here, cheap cases: the annuity factor's limit T at b = 1 by one np.where (its untaken 0 / 0 leaks NaN: wrong), an
inclusive value at lam = 1e-300 with tied utilities (lam's slope log 2 out of 2e300 - 2e300: unstable), the Gini
coefficient by the Lorenz curve at tied incomes (a sort at a tie: domain), a Bellman backup whose two tied actions are
one function of v (no kink: ok), Atkinson's index at e = 1 exactly (1^inf = 1: smooth in y, the power rule's inf x 0
NaN: wrong), CES in logs in float32 (np.log(0.3) a float64 NumPy value: computed in float64 from there: ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases70c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases70c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib70c:annuity_where@b=1.0:float64":
        "np.where(b == 1, T, (1 - b ** T) / (1 - b)) at b = 1: the untaken 0 / 0's rule gives NaN at every precision; "
        "the exact slope T (T - 1) / 2 = 45: wrong",
    "lib70c:inclusive@v=[2.0,2.0],lam=1e-300:float64":
        "lam * logsumexp(v / lam) at lam = 1e-300, a tie: v's slopes 0.5, lam's log 2 = lse(v / lam) - softmax . v / lam, "
        "2e300 - 2e300 in float64 (and lam^2 underflowing): unstable",
    "lib70c:gini_lorenz@y=[1.0,3.0,3.0,10.0]:float64":
        "the Gini coefficient by cumsum of np.sort(y) at tied incomes: the tied entries' ranks switch, a kink in y[1] "
        "and y[2] (y[0] and y[3] keep their slopes): domain",
    "lib70c:bellman@v=[1.0,0.0]:float64":
        "max over actions where state 1's two actions tie but are one function of v: no kink, slopes [1.35, 0.45]: ok",
    "lib70c:atkinson@y=[1.0,2.0,4.0,8.0],e=1.0:float64":
        "Atkinson's index naive at e = 1: 1 / 0 = inf, mean(y^0) = 1, 1^inf = 1, so the value 1 - 1 / mean(y) is smooth "
        "in y (slopes 1 / (n mean^2)) and jumps in e; the power rule's inf x 0 gives NaN in y: wrong",
    "lib70c:ces_logsumexp@x=2.0,y=3.0,r=-100.0:float32":
        "CES in logs in float32: np.log(0.3) is the program's float64 NumPy value (exact log of the double 0.3 in the "
        "reference, never rounded to float32), 3^-100 kept by logsumexp: ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases70c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
