"""The eighty-fifth round (c) of user trials (tests/trials/cases85c.py): psychometrics and item response models
written with gradcli.numpy (tests/trials/lib85c.py): the Rasch and 2PL log-likelihoods (a hand-made sigmoid, np.where
on the response, logaddexp) at discrimination 0 and at logits where the sigmoid rounds to 1, the 3PL at guessing
floors 0 and 1 and its item information, the graded response model's differences of adjacent sigmoids at equal and
disordered thresholds, the generalised partial credit model's softmax of cumulative sums (naive and by logsumexp), the
normal-ogive and Thurstonian probit models by norm.cdf and norm.logcdf, ideal points by np.linalg.norm, test
information and the standard error of an ability, three Newton steps of an ability estimate, Cronbach's alpha at zero
total variance and k = 1, Spearman-Brown at its pole, a correlation corrected for attenuation at rxx = 0 and where
rxx ryy underflows; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts.
F1, mended: 0 * log(0) at a 3PL item's floor c = 1 (the response y = 1 times log P plus 0 times log(1 - P), P = c +
(1 - c) sigmoid(z)): the inputs that meet it without moving it keep their slopes (theta, a, b: 0), as the README says.
F2, open: the graded response model's log(sigmoid(z1) - sigmoid(z2)) at a pole of log: the inputs that do not move the
pole (theta and a at b1 = b2; b1 and b2 at a = 0) get NaN where the README keeps their slopes (the limits of their
slopes, a (1 - 2 s), 1 / a + ..., -1 and 1), as gradcli does for log(a * b) but not for log(sin(a * b)).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases85c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases85c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

B5 = "b=[-1.5,-0.5,0.0,0.5,1.5]"
NAN_WHY = "no derivative: the function's exact value here is nan"
INF_WHY = "no derivative: the function's exact value here is -inf"

CHOSEN = {  # case id -> what it holds
    f"lib85c:twopl_where@theta=40.0,a=[1.0,0.01,1.0,1.0,0.01],{B5}:float64":
        "the 2PL by np.where(y == 1, log p, log(1 - p)) where the right answers' p rounds to 1: the untaken log(1 - p) "
        "= -inf has the slope -inf and where's 0 times it is NaN; exactly 1 - p > 0, the rule is sound: unstable",
    f"lib85c:gpcm_logprob_stable@theta=300.0,a=1.5,b=[-1.0,0.0,1.0],k=3:float64":
        "the partial credit model by logsumexp at its dominant category: log P = -2.5e-196 comes out 0 and its slopes "
        "z_3' - sum p_j z_j' = 4.5 - 4.5 lose their sign: unstable, logsumexp notwithstanding",
    "lib85c:ideal_point_loglik@theta=[0.3,0.3],b=[0.3,0.3],alpha=1.0,y=1:float64":
        "an ideal point at the item's own location: |theta - b|^2 by np.linalg.norm(..) ** 2 is smooth (slopes 0), "
        "norm's rule 0 / 0 is NaN: wrong",
    "lib85c:normal_ogive@theta=-38.0,a=1.0,b=0.0:float64":
        "log Phi(-38): Phi = 2.9e-316 and phi are subnormal, the slope phi / Phi keeps 7 digits: unstable",
    "lib85c:cronbach_alpha@X=[[1.0,0.0],[0.0,1.0],[1.0,0.0],[0.0,1.0]]:float64":
        "Cronbach's alpha of two items that trade off exactly: every total 1, sum var_i / 0: domain",
    "lib85c:disattenuated@r=1e-201,rxx=1e-200,ryy=1e-200:float64":
        "r / sqrt(rxx ryy) with rxx ryy = 1e-400 underflowing: inf where it is 0.1: unstable",
    "lib85c:spearman_brown@r=-1.0,n=2.0:float64":
        "Spearman-Brown at 1 + (n - 1) r = 0: a pole, domain",
    "lib85c:twopl_item@theta=0.5,a=0.0,b=-0.3,y=0:float32":
        "a 2PL item of discrimination 0 in float32: p = 1/2 for every theta and b, a's slope -(theta - b) / 2: ok",
}

F2 = ("F2: log(s(z1) - s(z2)) at a pole of log: the inputs that do not move the pole keep the limits of their slopes "
      "(the README's 'at a pole, the inputs that do not move it keep their slopes'); gradcli says NaN")

KNOWN_WRONG = {  # case id -> the finding, open
    "lib85c:grm_logprob@theta=0.2,a=1.5,b1=0.0,b2=0.0,k=1:float64":
        F2 + " at b1 = b2 for theta (a (1 - 2 s(z1)) = -0.2233) and a (1 / a + theta (1 - 2 s(z1)) = 0.6369)",
    "lib85c:grm_logprob@theta=0.2,a=1.5,b1=0.0,b2=0.0,k=1:float32": F2 + " (float32, the same)",
    "lib85c:grm_logprob@theta=0.2,a=0.0,b1=-0.5,b2=0.5,k=1:float64":
        F2 + " at a = 0 for b1 and b2 (-1 / (b2 - b1) = -1 and 1), while theta keeps its 0",
}
SYMPTOMS = {
    "lib85c:grm_logprob@theta=0.2,a=1.5,b1=0.0,b2=0.0,k=1:float64": f'"theta": "{INF_WHY}"',
    "lib85c:grm_logprob@theta=0.2,a=1.5,b1=0.0,b2=0.0,k=1:float32": f'"theta": "{INF_WHY}"',
    "lib85c:grm_logprob@theta=0.2,a=0.0,b1=-0.5,b2=0.5,k=1:float64": f'"b1": "{INF_WHY}"',
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases85c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
