"""The hundred-and-second round (c) of user trials (tests/trials/cases102c.py): transportation, traffic flow and travel
demand written with gradcli.numpy (tests/trials/lib102c.py): BPR link costs at v = 0 with integer and fractional
exponents and at c -> 0, clipped to non-negative flows, Davidson's and Akcelik's link times at and near saturation,
Webster's signal delay at x -> 1, q -> 0 and its uniform term's pole, the Beckmann objective with an unused link,
Greenshields' speed and flow (capacity), Greenberg's log model at k -> 0, multinomial logit probabilities and logsums
(naive and by softmax / logsumexp) at mu -> 0, mu = 0 and utilities of 800, an unavailable alternative masked to -inf,
a size-weighted logsum by logsumexp's b= with an empty zone, nested logit at nest scales 1, 0.01, 0.001 and 0, gravity
models with power (a zero distance) and exponential deterrence (underflow), Wilson's entropy objective by xlogy and
naively with an empty cell, M/M/1 delays at lambda -> mu, and the value of time at a zero coefficient; float64 and
float32.

Chosen here: seven cheap cases that show the round's kinds of verdicts. Known wrong: none (the finding F1, logsumexp's b=
weights at a zero weight, whose slope gradcli.scipy.special.logsumexp computed from e^0 in place of e^{a_k}, is
mended). The whole set runs case by case through the CLI as tests/trials/run.py does (cases102c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases102c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib102c:bpr_time@v=0.0,c=1000.0,t0=10.0,a=0.15,b=0.5:float64":
        "t0 (1 + a (v / c)^0.5) at zero flow: v none (an infinite slope), c's exact 0 computed inf * 0 = NaN: wrong",
    "lib102c:beckmann@v=[0.0,500.0,1200.0],c=[1000.0,800.0,1500.0],t0=[10.0,5.0,8.0],a=0.15,b=4.0:float64":
        "the Beckmann objective with an unused link: the BPR costs, b's (v / c)^5 log(v / c) term 0: ok",
    "lib102c:webster_delay@x=2.25,q=0.5,c=90.0,g=40.0:float64":
        "Webster's uniform term's pole (x g / c = 1): c, g, x none, q keeps 8.1: domain",
    "lib102c:greenberg_speed@k=0.0,vc=30.0,kj=120.0:float64":
        "vc log(kj / k) at k = 0: k and vc none, kj keeps vc / kj: domain",
    "lib102c:logit_prob@V=[800.0,810.0,790.0],mu=1.0:float64":
        "exp(mu V) / sum exp(mu V) at utilities of 800: inf / inf: unstable",
    "lib102c:logit_prob_stable@V=[800.0,810.0,790.0],mu=1.0:float64":
        "the same by special.softmax: ok",
    "lib102c:gravity_exp_stable@d=[800.0,900.0,1000.0],beta=1.0,o=1000.0,D=[200.0,300.0,500.0]:float64":
        "a gravity share by softmax at 1 - 5.6e-44: the slopes p0 (1 - p0) lost: unstable",
}
KNOWN_WRONG = {}  # case id -> the finding it shows (cases102c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases102c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
