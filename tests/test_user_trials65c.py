"""The sixty-fifth round (c) of user trials (tests/trials/cases65c.py): issue 27's exact reference on Python functions
doing LOG-SPACE PROBABILITY CODE as statistical and ML code writes it with gradcli.numpy and gradcli.scipy.special (an
HMM's forward algorithm in log and probability space, Viterbi by max, log-space matrix products, normalising with -inf
masks, log1mexp / log1pexp / logdiffexp naive and stable, beta-binomial, Dirichlet and negative binomial log-densities
by gammaln, mixtures with zero weights, log-odds, the binary entropy and KL divergences by xlogy / rel_entr, a softmax's
log-partition at temperatures 1e-300 and 1e300, np.logaddexp.reduce, logsumexp with signed b= weights), judged against
the round's own mpmath truths at 2,000 digits. Here, cheap cases: the forward algorithm in probability space at
emissions of -800 (e^-801 underflows: log 0, unstable); Viterbi under a uniform chain with equal emissions (every path
ties: domain); log(-expm1(-x)) at x = 40 (-expm1(-40) is 1.0: the value log 1 = 0 where it is -4.2e-18, unstable: why
log1mexp switches at log 2); a threshold softplus np.where(x > 33.3, x + exp(-x), log1p(exp(x))) on its threshold (the
pieces differ by 5e-30: a jump, domain); t logsumexp(x / t) at t = 1e-300 with a tied maximum (the rule's x / t^2 meets
t^2 = 0: unstable); normalising with a np.log(0) mask at +800 (ok, the masked slope exactly 0).
F1, mended: at a pole of xlogy / xlog1py / rel_entr / kl_div the exact gradient lost the slopes of the inputs that do not
move the pole (NaN where np.log's spelling keeps them).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases65c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases65c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib65c:hmm_forward_prob@e=[[-801.0,-802.0],[-800.5,-803.0],[-802.0,-801.0]]:float64":
        "the forward algorithm in probability space at emissions near -800: exp(e) underflows to 0 and log(sum alpha) "
        "is log 0 where the exact log-likelihood is finite (the log-space spelling is ok there): unstable",
    "lib65c:viterbi_uniform@e=[[0.0,0.0],[0.0,0.0],[0.0,0.0]]:float64":
        "Viterbi by np.max under a uniform chain with equal emissions: every path ties, each emission's slope is 1 "
        "from the right and 0 from the left: domain",
    "lib65c:log1mexp_expm1@x=40.0:float64":
        "log(-expm1(-x)) at x = 40: -expm1(-40) = 1 - 4.2e-18 is 1.0 in float64, so the value log 1 = 0 loses all of "
        "-4.2e-18 (the slope e^-x / (1 - e^-x) itself comes out right): unstable, the reason for the switch at log 2",
    "lib65c:log1pexp_where@x=33.3:float64":
        "np.where(x > 33.3, x + exp(-x), log1p(exp(x))) on its threshold: the two pieces differ by e^-66.6 / 2 = 5e-30, "
        "a jump: domain",
    "lib65c:log_partition@x=[3.0,3.0,1.0],t=1e-300:float64":
        "t logsumexp(x / t) at t = 1e-300 with a tied maximum: exact slopes x [0.5, 0.5, 0], t log 2; the rule's "
        "x / t^2 meets t^2 = 0: unstable",
    "lib65c:log_normalize_masked@x=[800.0,0.0,801.0]:float64":
        "x + np.log([1, 0, 1]) renormalised by logsumexp at +800: the -inf entry's slope is exactly 0, the others the "
        "two-entry softmax's: ok",
    "lib65c:xlogy_pole@q0=0.5,q2=0.0:float64":
        "F1, mended: q0 - xlogy(0.5, q2) at q2 = 0 is +inf for every q0: q0 keeps its slope 1 beside the pole, as "
        "with 0.5 log(q2) (arb_proof._xlogy: x proven nonzero, y at the pole, the product x log y): domain",
    "lib65c:kl_q@q=[0.5,0.5,0.0]:float64":
        "F1, mended: sum rel_entr(P, q) at q2 = 0 with P2 = 0.5: +inf, the finite entries' slopes -P/q = [-1, 0] kept",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases65c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
