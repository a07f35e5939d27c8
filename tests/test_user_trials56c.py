"""The fifty-sixth round (c) of user trials (tests/trials/cases56c.py): issue 27's exact reference on Python functions
written with gradcli.numpy as libraries write them, multi-argument and vector: losses, information measures (xlogy,
xlog1py), the softmax family (logsumexp with b and along an axis, softmax, log_softmax), norms, moments, cumsum,
prod, max, stable idioms (log1mexp, softplus inverse, huber, smooth-L1, log_cosh, focal loss, logit, log_ndtr, GELU's
tanh form), at vectors mixing scales ([1e-300, 1, 1e300], [5e-324, -800, 3]) and with --wrt on a subset of the
arguments, judged against the round's own mpmath truths at 2,000 digits. Here, cheap cases: the entropy with xlogy at
p = [1e-300, 0.5, 0.5] (the issue's example: ok, d/dp0 = 689.78); GELU's tanh form at [-30, -40, 1e-300] (exact
slopes -1.87e-854 and -1.32e-2007, float64's 0 their rounding: ok); the cosine similarity at x = [1e200, 2e200, 0]
--wrt y (the norm's square overflows: unstable); a softmax written with exp(z - max(z)) at a tie of the max (the
max's kink cancels out of the function: ok); y e^(x-y) / x - y through where(x > y) at x == y (a jump: domain).
And the round's finding, mended: F1, --wrt on a subset of the arguments lost a 0 that cancels between identical
terms: log(x) - log(y) at x = y = 0.5 --wrt y (the value 0) and KL(p || q) at p = q on p's support --wrt q were "no
exact reference ... not proven 0" (error), where the same checks without --wrt were ok with the 0 proven.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases56c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases56c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib56c:entropy@p=[1e-300,0.5,0.5]:float64":
        "-sum(xlogy(p, p)) at p = [1e-300, 0.5, 0.5] (issue 27's example): d/dp0 = -(log(1e-300) + 1) = 689.78: ok",
    "lib56c:gelu_tanh@x=[-30.0,-40.0,1e-300]:float64":
        "GELU's tanh form at [-30, -40, 1e-300]: exact slopes -1.87e-854 and -1.32e-2007 by their digits, float64's 0 "
        "their rounding: ok",
    "lib56c:cosine@x=[1e+200,2e+200,0.0],y=[1.0,1.0,1.0]:float64":
        "cosine similarity --wrt y at x = [1e200, 2e200, 0]: the norm's square overflows, the gradient NaN: unstable, "
        "the exact d/dy [0, 0.258, -0.258]",
    "lib56c:softmax_manual@z=[3.0,3.0,1.0],c=[1.0,2.0,3.0]:float64":
        "softmax as exp(z - max(z)) / sum at a tie of the max: the max's kink cancels out of the function: ok",
    "lib56c:where_ratio@x=[1e-300,-800.0,3.0],y=[0.0,0.0,3.0]:float64":
        "where(x > y, x - y, y e^(x - y)) at x == y = 3: the branches' values 0 and 3, a jump: domain in x[2], y[2]",
    "lib56c:log_ratio@x=0.5,y=0.5:float64":
        "F1, mended: log(x) - log(y) at x = y --wrt y: x held reaches the proof as the exact number it is, so the "
        "value 0 is proven, as without --wrt (tests/test_held_inputs_in_proofs.py): ok",
    "lib56c:kl_div@p=[0.0,0.5,0.5],q=[1e-300,0.5,0.5]:float64":
        "F1, mended: KL(p || q) at p = q on p's support --wrt q: the value 0 proven, d/dq = [0, -1, -1]: ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases56c, CHOSEN)
