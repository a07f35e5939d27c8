"""The sixty-seventh round (c) of user trials (tests/trials/cases67c.py): dynamic programming and recurrences written
with gradcli.numpy (tests/trials/lib67c.py): an HMM's forward algorithm over 200 steps in probability, log and rescaled
form, Viterbi at and beside a tie of paths, soft-DTW and soft / hard edit distances as gamma shrinks, a Kalman
filter's variance recursion in three forms, Euler and RK4 steps, the moment recurrence I_n = 1/a - (n/a) I_{n-1}
forward and backward, running products in probability and log space, Adam's bias correction, a running max / argmax
by np.maximum / np.where at ties, discounted returns at gamma = 1 (cases67c.ALL: 85 cases, 82 agreeing with gradcli).
Here, cheap cases: the probability-space HMM over 200 steps (p(obs) = e^-850 underflows: unstable), the moment
recurrence forward at n = 20 (error times 20!: unstable), Viterbi's all-0 / all-1 tie (domain), the Kalman information
form at r = 1e-12 (accurate value, cancelling d/dq: unstable), Adam's step at g = 0 (sqrt'(0) NaN at every precision:
wrong), discounted returns at gamma = 1 exactly (ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases67c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases67c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib67c:hmm_forward_prob@mu=[0.0,0.5],n=200:float64":
        "the forward algorithm in probability space over 200 steps (n a held int): p(obs) = e^-850 underflows to 0 "
        "and log gives -inf where log p = -849.6: unstable",
    "lib67c:moments_forward@a=1.0,n=20:float64":
        "I_k = 1/a - (k/a) I_{k-1} from I_0 = (1 - e^-a)/a run forward to 20: the first rounding grows by 20!, the "
        "exact slope I_21 - I_20 (by quadrature): unstable",
    "lib67c:viterbi_score@mu=[0.3,0.3]:float64":
        "Viterbi's max-product score under a symmetric chain with equal means: the all-0 and all-1 paths tie, each "
        "mean's slope differs from each side: domain",
    "lib67c:kalman_var_info@q=0.1,r=1e-12:float64":
        "the information form P_pred r / (P_pred + r) is accurate in value, but its d/dP_pred = r^2 / (P_pred + r)^2 "
        "= 1e-22 is two reverse-mode paths cancelling (3e-8 off): unstable",
    "lib67c:adam_update@g=[0.0,0.5,1.0],t=1:float64":
        "Adam's step m_hat / (sqrt(v_hat) + eps) at g = 0: g / (|g| + eps) has slope 1e8 there, but sqrt's rule at "
        "v_hat = 0 gives NaN at every precision: wrong",
    "lib67c:soft_dtw@x=[0.2,0.9,2.1,1.3]:float64":
        "soft-DTW with R padded by np.inf (np.minimum(np.inf, np.inf) at the corners): smooth, ok; it had no exact "
        "reference (RecursionError) until an op on infinite constants alone stayed NumPy's",
    "lib67c:discounted_returns@r=[1.0,0.0,2.0,-1.0,0.5],gamma=1.0:float64":
        "sum_t G_t with G_t = r_t + gamma G_{t+1} at gamma = 1 exactly: ok, d/dgamma = sum of (s - t) r_s",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases67c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
