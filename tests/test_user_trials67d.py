"""The sixty-seventh round (d) of user trials (tests/trials/cases67d.py): the frameworks' special functions and
cumulative ops, called as users call them: torch.special (log_ndtr, ndtr, ndtri, erfcx, i0e / i1e, xlogy, xlog1py,
entr, logit with eps, sinc, lgamma / gammaln, digamma, multigammaln, log_softmax), torch.cumsum / cumprod (zeros,
underflow) / logcumsumexp (+-800, a -inf mask) / cummax (ties); jax.scipy.special (log_ndtr, ndtri, erfcx, i0e, i1e,
xlogy, xlog1py, entr, gammaln, digamma, betaln, logit), jnp.cumprod, lax.cumlogsumexp, lax.cummax, jnp.sinc;
tf.math (ndtri, a log-CDF by log(erfc), bessel_i0e / i1e, xlogy / xlog1py, lgamma, digamma, lbeta, cumsum exclusive /
reverse, cumprod with a zero, cumulative_logsumexp); plain NumPy (cumprod, sinc, logaddexp.accumulate,
maximum.accumulate) and scipy.special (log_ndtr, erfcx).
Here, cheap cases: NumPy's cumprod at a zero and with an underflowing running product, np.sinc at 0,
np.logaddexp.accumulate at +-800, np.maximum.accumulate at a tie, and jax.lax.cummax at a tie.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases67d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases67d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib67d:logcumsumexp_masked@x=[0.5,1,-1]:float64":
        "F2, mended: logcumsumexp(x + [-inf, 0, 0])[1:]: PyTorch's backward forms lowest - (-inf) = inf, then "
        "inf + -inf = NaN for the masked entry at every precision: wrong (no infinite anchor cancels on balls)",
    "tf_lib67d:cumlogsumexp_masked@x=[0.5,1,-1]:float64":
        "F2, mended: the same in tf.math.cumulative_logsumexp's gradient (dtype.min - (-inf)): wrong",
    "np_lib67d:cumprod_sum@x=[2,0,3]:float64":
        "sum(np.cumprod(x)) at a zero entry: slopes [1, 2 + 6, 0] = [1, 8, 0], no division by the 0: ok",
    "np_lib67d:cumprod_sum@x=[1e-200,1e-200,1e300]:float64":
        "the running product 1e-200, 1e-400, 1e-100 underflows at its middle: the value and x[0]'s slope 1e100 lost: "
        "unstable",
    "np_lib67d:sinc@x=[0,0.5]:float64":
        "np.sinc at 0: even, slope 0 (and -4/pi at 0.5): ok",
    "np_lib67d:logcumsumexp@x=[-800,800,-800]:float64":
        "np.logaddexp.accumulate at +-800: slopes e^(x_j - y_k) summed, [1, 2, e^-1600]: ok",
    "np_lib67d:running_max@x=[1,3,3,2]:float64":
        "np.maximum.accumulate with a tie at the running maximum (x[1] = x[2] = 3): a kink in both: domain",
    "jax_lib67d:cummax_sum@x=[1,3,3,2]:float64":
        "jax.lax.cummax with the same tie: domain, x[0] slope 1, x[3] slope 0",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases67d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
