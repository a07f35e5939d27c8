"""The sixty-eighth round (c) of user trials (tests/trials/cases68c.py): neural-network layers and losses written from
scratch with gradcli.numpy (tests/trials/lib68c.py): batch / layer / RMS norm at zero variances, L2-normalize and
cosine similarity at zero and tiny vectors (with and without an eps floor), triplet, InfoNCE, label-smoothed, focal,
hinge and Huber losses at their kinks and where the naive forms overflow, an MLP, LSTM / GRU steps, masked attention,
pooling at ties, convolutions, MSE near 1e4 (cases68c.ALL: 100 cases, all agreeing with gradcli).
Here, cheap cases: F.normalize's x / max(||x||, eps) at 0 (sqrt's rule NaN at every precision: wrong), batch norm
without eps at a constant row (0 / 0: domain), InfoNCE naive at temperature 1e-3 (exp(800): unstable) and max-shifted
at a positive key (slopes e^-400 from p0 - 1: unstable), an LSTM step at 400 (a slope of 2e-174 lost: unstable), max +
min of a tied window (a + b: ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases68c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases68c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib68c:l2_normalize_eps@x=[0.0,0.0,0.0,0.0]:float64":
        "F.normalize's x / np.maximum(np.linalg.norm(x), 1e-12) at the zero vector is x / 1e-12 nearby, slope "
        "READ * 1e12, but sqrt's rule at 0 gives the upstream 0 times 0.5 / 0 = NaN at every precision: wrong",
    "lib68c:batch_norm_noeps@x=[2.0,2.0,2.0]:float64":
        "batch norm without eps at a constant row: (x - mean) / sqrt(0) = 0 / 0, no derivative: domain",
    "lib68c:info_nce_naive@q=[0.8,0.4],temp=0.001:float64":
        "InfoNCE as -l0 + log(sum(exp(K q / temp))) at temperature 1e-3: logits of 800 overflow exp: unstable",
    "lib68c:info_nce@q=[0.6,0.8],temp=0.001:float64":
        "the max-shifted InfoNCE with q on its positive key: the slopes are e^-400-small and come out of p0 - 1, "
        "where float64's p0 is 1: unstable",
    "lib68c:lstm_step@x=400.0:float64":
        "an LSTM step with sigmoid as 1 / (1 + exp(-z)): the forget gate's slope e^-399.5 = 2e-174 is lost in the "
        "rule's divide (2e-174 / 3e173 underflows): unstable",
    "lib68c:max_plus_min@x=[2.0,2.0,1.0,0.0]:float64":
        "np.max + np.min over a window of 2 tied entries is their sum, smooth through the tie: ok, slopes READ",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases68c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
