"""The fifty-seventh round (c) of user trials (tests/trials/cases57c.py): issue 27's exact reference on Python
functions written with gradcli.numpy that hold values out of the derivative with stop_gradient, as libraries do:
straight-through estimators (round, floor, sign, clip, an argmax one-hot), x - stop_gradient(x) + f tricks, gradient
reversal, held normalisers (a softmax's max, layer norm's statistics, a running mean), detached targets (TD,
contrastive, distillation), held values feeding zeta, polygamma, gammaln and erfcx, and --wrt on a subset of the
arguments whose held ones sit at extremes or cancel exactly against the differentiated ones, judged against the
round's own mpmath truths at 2,000 digits (held values constant). Here, cheap cases: a rounding STE on the jumps of
round at 2.5 and -0.5 beside entries off them (domain in those two, the frozen slopes elsewhere); a hard argmax
one-hot at a tie (a jump in the tied entries alone); round(x) y at x = 0.5 with y = 0 (no jump where the jump is
multiplied by 0: ok); layer norm with held statistics at a constant vector (w / eps: ok); KL(p || q) at p = q --wrt p
(the value's 0 proven, d/dp = 1: ok).
H1, mended: a straight-through estimator's held value was unfrozen beside an entry of 1e150 (wrong where the rule is
right). H2, mended: x * stop_gradient(floor(x)) or sign(x) at x = 0 was domain beside an entry of +-1e-300, ok (the
frozen slope 0) beside 0.5.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases57c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases57c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib57c:ste_round_sq@x=[2.5,-0.5,3.0,5e-324]:float64":
        "sum w (x + sg(round(x) - x))^2 at [2.5, -0.5, 3, 5e-324]: round jumps at 2.5 and -0.5 (domain there), the "
        "slopes 2 w round(x) with the held values frozen elsewhere: [nan, nan, 1.5, 0], domain",
    "lib57c:ste_argmax@z=[1.0,1.0,0.0]:float64":
        "one_hot(argmax z) + softmax(z) - sg(softmax(z)) dotted with [1, 2, 3] at a tie z0 = z1: the one-hot's jump "
        "is the tied entries' alone, z2 has softmax's slope: domain",
    "lib57c:ste_round_mixed@x=[0.5,0.25],y=[0.0,3.0]:float64":
        "(x + sg(round(x) - x)) y at x0 = 0.5 on round's jump with y0 = 0: the value does not jump, the slopes "
        "d/dx = y, d/dy = round(x) = [0, 0]: ok",
    "lib57c:layer_norm_held@x=[2.0,2.0,2.0]:float64":
        "(x - sg(mean)) / sg(std + 1e-5) at a constant vector: the std's cone is held, d/dx = w / 1e-5: ok",
    "lib57c:kl_div@p=[1e-300,0.5,5e-324],q=[1e-300,0.5,5e-324]:float64":
        "sum xlogy(p, p) - xlogy(p, q) at p = q --wrt p (q held, cancelling exactly): the value 0 proven, d/dp = "
        "log(p/q) + 1 = 1: ok",
    "lib57c:ste_round_sq@x=[1.4,-2.6,1e+150]:float64":
        "H1, mended: sum w (x + sg(round(x) - x))^2 at [1.4, -2.6, 1e150]: moving the held values moved the sum of "
        "1e300 by less than its rounding, so they looked like choices; the frozen derivative differs from the "
        "function's own where it has no kink, so they are read by arithmetic (reference_mpmath._held_read_after_all): "
        "ok with [2, -3, 5e149]",
    "lib57c:ste_floor@x=[0.0,1e-300,-1e-300]:float64":
        "H2, mended: x sg(floor(x)) at x0 = 0 beside entries of +-1e-300: the held values' shifts move the value by "
        "1e-300 of themselves, arithmetic at that scale (reference_mpmath._held_only_choose measures against the value's "
        "own size): ok with the frozen slopes [0, 0, -1]",
    "lib57c:sign_scaled@x=[0.0,-1e-300]:float64":
        "H2, mended: x sg(sign(x)) at x0 = 0 beside -1e-300: ok with the frozen slopes [0, -1]",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases57c, CHOSEN)
