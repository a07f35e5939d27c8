"""The ninety-third round (c) of user trials (tests/trials/cases93c.py): information theory and coding written with
gradcli.numpy (tests/trials/lib93c.py): the binary entropy written out and by xlogy at p = 0, 1/2, 1 and 1e-300, the
BSC capacity 1 - H2(p) at its double zero p = 1/2 and beside it, Shannon, Renyi (a = 0, 1/2, 1, 1 + 1e-9, 2, with a
zero probability) and Tsallis (q = 1, 1 + 1e-9) entropies, the Jensen-Shannon divergence with disjoint supports, the
cross-entropy by xlogy with q = 0 under p = 0, the min-entropy at a tie, perplexity at e^705 and beyond the range, the
Gaussian channel 0.5 log(1 + snr) against log1p at small snr, water-filling at a level equal to a noise, three unrolled
Blahut-Arimoto steps at a zero-probability input, the BPSK LLR 2 y / sigma^2 (and from the likelihoods' ratio, e^-800
= 0), the binary erasure channel's LLR (an infinity), the sum-product check node 2 atanh(prod tanh(L / 2)) at product
+-1 and with an L = 0, the boxplus in Jacobian-log form at ties, min-sum at a tie and at L = 0, and the Gaussian
rate-distortion max(0, 0.5 log(s^2 / D)) at D = s^2; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the case of its finding, open: F1,
gradcli's exact reference gives the derivative 0 to an input of log(0 * ...) / log(0 / ...), a value that is -inf
however the input moves (the binary erasure channel's LLR of a received 1 at the symbol 0's likelihood 0), and says
the NaN gradient rule is wrong there, where the same -inf reached otherwise (-log(x / 0)) and the +inf of log(x / 0)
have no derivative (NaN) in its own reference. The whole set runs case by case through the CLI as tests/trials/run.py
does (cases93c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases93c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib93c:bsc_capacity@p=0.500000001:float64":
        "the BSC capacity 1 - H2(p) beside its double zero: 2.9e-18 bits from two 1s, and the slope log2(p / (1 - "
        "p)) from log p - log(1 - p): unstable",
    "lib93c:renyi_entropy@p=[0.25,0.75],a=1.0:float64":
        "the Renyi entropy at a = 1: log(1) / 0 = 0 / 0, and moving p makes it x / 0: no value and no slope, though "
        "its limit in a is Shannon's: domain",
    "lib93c:blahut_arimoto@r=[0.0,0.5,0.5]:float64":
        "three Blahut-Arimoto steps from r[0] = 0: r[1], r[2] keep their slopes (r[0] stays 0), but the posterior's "
        "log(0) = -inf meets the upstream 0 of exp(-inf) and leaks NaN into them: wrong",
    "lib93c:bpsk_llr_from_likelihoods@y=1.0,sigma=0.05:float64":
        "the BPSK LLR as the log of the likelihoods' ratio: e^-800 = 0 and log(1 / 0) = inf for 800: unstable",
    "lib93c:check_node_llr@L=[40.0,40.0]:float64":
        "the sum-product check node at L = 40, 40: tanh(20) = 1, atanh(1) = inf for 39.3: unstable",
    "lib93c:min_sum@L=[0.0,2.0,3.0]:float64":
        "min-sum at L[0] = 0: sign(L0) |L0| = L0, slope 1, for sign'(0) |0| + sign(0) abs'(0) = 0: wrong",
    "lib93c:boxplus@a=2.0,b=2.0:float64":
        "the boxplus in Jacobian-log form at a tie |a| = |b|: smooth, and min's split and abs'(0) = 0 are the kinks' "
        "one-sided means, so the gradient is the derivative: ok",
    "lib93c:awgn_capacity_log1p@snr=1e-10:float64":
        "the Gaussian channel's 0.5 log1p(snr) at snr = 1e-10: no digits lost (0.5 log(1 + snr) is unstable): ok",
}

KNOWN_WRONG = {}  # F1 declined by the README's doctrine of poles (cases93c says why)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases93c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
