"""``scipy.special``'s differentiable functions."""

from ..autodiff.ops_array import logsumexp  # noqa: F401
from ..autodiff.ops_scipy import (  # noqa: F401
    beta,
    betaln,
    erfcinv,
    erfinv,
    expit,
    gamma,
    i0,
    i1,
    iv,
    ive,
    j0,
    j1,
    jn,
    log_ndtr,
    logit,
    multigammaln,
    psi,
    rgamma,
    y0,
    y1,
    yn,
)
from ..autodiff.ops_special import digamma, erf, erfc, gammaln, polygamma, xlog1py, xlogy  # noqa: F401
