"""The ninety-eighth round (c) of user trials (tests/trials/cases98c.py): psychophysics and signal detection written
with gradcli.numpy (tests/trials/lib98c.py): d' = z(H) - z(F) by ndtri and by norm.ppf at rates of 0 and 1 (+-inf),
of the least subnormal and of 1 - 2^-53, with the log-linear correction and with Macmillan and Kaplan's clip, the
criterion, the likelihood ratio beta = exp(d' c) and its logarithm, A' and its two branches (a switch at H = F), the
ROC area Phi(d' / sqrt 2), psychometric functions (logistic, Weibull at x = 0, cumulative normal at a scale of 0 and in
its far tail), their binomial log-likelihoods with lapse rates of 0 and response rates of 0 and 1, Weber-Fechner's and
Stevens' laws at I = I0 and I = 0, the drift-diffusion model's mean decision time at v = 0 and v -> 0 and its accuracy
at large |a v|; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the case of its finding F1, mended: a bound
computed from literals before it meets float32 data (1.0 - 0.5 / N, the double 0.99) and handed to np.clip is rounded
to float32 in the float32 reference as in the program, so at h = 0.99 (float32) the clipped d' sits on clip's kink
(domain), as in float64 and with the literal 0.99. The whole set runs case by case through the CLI as tests/trials/run.py does (cases98c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases98c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib98c:dprime@h=1.0,f=0.2:float64":
        "a perfect hit rate: z(1) = +inf for every f, h none, f keeps -sqrt(2 pi) e^{z(F)^2 / 2} = -3.5719: domain",
    "lib98c:likelihood_ratio_beta@h=1.0,f=0.3:float64":
        "beta = exp(d' c) at H = 1: exp(inf * -inf) = 0 for every f, f's exact slope 0, the rule's 0 * (inf - inf): "
        "wrong",
    "lib98c:a_prime@h=0.6,f=0.6:float64":
        "A' at its switch H = F: both branches 0.5 with slopes +-1 / (4 p (1 - p)) = +-1.0417 on either side: ok",
    "lib98c:a_prime@h=0.9,f=0.0:float64":
        "A' above the diagonal at F = 0: the unselected branch's 4 F (1 - H) = 0 leaks NaN through where: wrong",
    "lib98c:ddm_mean_time@a=1.2,v=1e-09:float64":
        "(a / v) tanh(a v) at v = 1e-9: the rule's two terms of 1.44e9 cancel to -(2/3) a^4 v: unstable",
    "lib98c:ddm_mean_time_guarded@a=1.2,v=0.0:float64":
        "where(v == 0, a^2, (a / v) tanh(a v)): smooth, a 2.4, v 0; the unselected 0 / 0 leaks: wrong",
    "lib98c:psychometric_weibull@x=0.0,alpha=1.5,beta=3.5,gamma=0.5,lam=0.02:float64":
        "the Weibull at x = 0: (x / alpha)^3.5 a power at a zero base, x's slope 0 on its side, gamma's 1: ok",
    "lib98c:dprime_clipped@h=0.99,f=0.2:float64":
        "the clipped d' at the bound 1 - 0.5 / 50 = 0.99: clip's kink, h none, f keeps -3.5719: domain (F1's "
        "float64 twin)",
    "lib98c:dprime_clipped@h=0.99,f=0.2:float32":
        "F1 (mended): the bound 1.0 - 0.5 / N, computed from literals and handed to np.clip, is float32(0.99) in the "
        "float32 program and its reference: h sits on clip's kink: domain",
}
KNOWN_WRONG = {}  # case id -> the finding it shows (cases98c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases98c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
