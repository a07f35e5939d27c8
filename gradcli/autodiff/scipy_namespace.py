"""The names of ``gradcli.scipy``: which op each SciPy function is, in one place the core can read.

An explicit list, as `namespace` is for NumPy: ``gradcli.scipy.special``,
``.stats.<distribution>``, ``.linalg``, ``.signal`` and ``.integrate`` re-export
these, and the catalogue (``gradcli ops``) lists them under SciPy's dotted names.
Nothing here imports SciPy: each op does on its first call.
"""

from __future__ import annotations

import functools
import sys
from types import ModuleType, SimpleNamespace

from ..errors import InputError

from . import ops as _ops
from . import ops_array as _array
from . import ops_bessel_hypergeometric as _bessel_hypergeometric
from . import ops_decompositions as _decompositions
from . import ops_elliptic as _elliptic
from . import ops_elliptic_incomplete as _elliptic_incomplete
from . import ops_integrate as _integrate
from . import ops_linalg as _linalg
from . import ops_normal_integrals as _normal_integrals
from . import ops_scipy as _scipy
from . import ops_scipy_elementary as _elementary
from . import ops_scipy_linalg as _scipy_linalg
from . import ops_scipy_losses as _losses
from . import ops_signal as _signal
from . import ops_special as _special
from . import ops_stats as _stats
from . import ops_stft as _stft
from . import scipy_windows as _scipy_windows
from . import tracer as _tracer

_SPECIAL_OWN = (
    "beta betainc betaln dawsn entr erfcinv erfcx erfinv exp1 expi expn gamma gammainc gammaincc gammasgn i0 i0e i1 i1e iv ive "
    "j0 j1 jn k0e k1e kl_div log_expit log_ndtr log_softmax logit logsumexp multigammaln ndtr ndtri rel_entr rgamma "
    "softmax spence stdtr y0 y1 yn zeta"
)
special = SimpleNamespace(**{
    **{name: getattr(_scipy, name) for name in _SPECIAL_OWN.split()},
    **{name: getattr(_special, name) for name in "digamma erf erfc gammaln polygamma xlog1py xlogy".split()},
    "psi": _special.digamma,
    "fresnel": _scipy.fresnel,
    "sici": _scipy.sici,
    "airy": _scipy.airy,
    **_scipy.SCIPY_VALUED,  # composites that answer SciPy's own number in a float dtype (expit among them)
    **_losses.SCIPY_VALUED,  # huber, pseudo_huber, boxcox, boxcox1p, inv_boxcox, inv_boxcox1p
    **_stats.SCIPY_VALUED,  # the distribution functions: pdtr, chdtrc, bdtr, fdtr, ...
    "comb": _scipy.comb,  # its float form above, SciPy's own integer with exact=True
    "exprel": _losses.exprel,
    # the complete elliptic integrals and the AGM; Lambert's W (its real branches 0 and -1), x^y - 1 and cos(x) - 1
    **{name: getattr(_elliptic, name) for name in ("agm", "ellipe", "ellipk", "ellipkm1")},
    # the incomplete elliptic integrals F(phi|m), E(phi|m), Carlson's R_C, R_D, R_F, R_G, R_J and Jacobi's functions
    **{name: getattr(_elliptic_incomplete, name)
       for name in ("ellipeinc", "ellipj", "ellipkinc", "elliprc", "elliprd", "elliprf", "elliprg", "elliprj")},
    **{name: getattr(_elementary, name) for name in ("cosm1", "powm1")},
    # NumPy's own functions SciPy spells again (legacy code calls scipy.special.expm1 for np.expm1)
    **{name: getattr(_ops, name) for name in ("expm1", "log1p", "cbrt", "exp2")},
    "lambertw": _tracer.lifting_constants(_elementary.lambertw),  # its branch's op called from gradcli's frame
    **{name: getattr(_bessel_hypergeometric, name) for name in "hyp2f1 kv kve struve wright_bessel".split()},
    **{name: getattr(_normal_integrals, name) for name in "owens_t voigt_profile".split()},
    # The reductions of a whole array on constants alone, at an exact run's precision (their ops are called from
    # gradcli's frames, which lift nothing); the elementwise ones keep their own way with constants.
    **{name: _tracer.lifting_constants(_scipy.SCIPY_VALUED[name]) for name in ("logsumexp", "softmax", "log_softmax")},
    # entropies written as xlogy's: on constants alone (a branch's exp(sum(entr(p)))) exact too, not float64's
    "entr": _tracer.lifting_constants(_scipy.SCIPY_VALUED["entr"]),
    **{name: _tracer.lifting_constants(_scipy.SCIPY_VALUED[name], data=2) for name in ("rel_entr", "kl_div")},
})

_tracer.named_as_called(vars(special), "scipy.special.")  # psi as written, not as gradcli's digamma

# Each distribution's methods, by SciPy's names; `ops_stats` spells them <distribution>_<method>.
_METHODS = {
    "norm": "logpdf pdf cdf logcdf sf logsf ppf isf",
    "t": "logpdf pdf cdf logcdf sf logsf",
    "gamma": "logpdf pdf cdf logcdf sf logsf",
    "chi2": "logpdf pdf cdf logcdf sf logsf",
    "beta": "logpdf pdf cdf logcdf sf logsf",
    "poisson": "logpmf pmf cdf logcdf sf logsf",
    "nbinom": "logpmf pmf",
    "lognorm": "logpdf pdf cdf logcdf sf logsf ppf isf",
    "binom": "logpmf pmf cdf logcdf sf logsf",
    "truncnorm": "logpdf pdf cdf logcdf sf logsf",
    "dirichlet": "logpdf pdf",
    "multivariate_normal": "logpdf pdf entropy",
    "vonmises": "logpdf pdf",
    "rice": "logpdf pdf",
    "cauchy": "logpdf pdf cdf logcdf sf logsf",
    "logistic": "logpdf pdf cdf logcdf sf logsf ppf isf",
    **dict.fromkeys("weibull_min weibull_max gumbel_r gumbel_l genpareto pareto lomax laplace skewnorm invgauss genextreme".split(),
                    "logpdf pdf cdf logcdf sf logsf"),
}


def _array_like(method):
    """``method`` taking lists and tuples where it takes arrays, as SciPy's array_like parameters do
    (``nbinom.pmf([0, 1, 2], 3, p)``): each made an array first, stacked differentiably where it holds traced values."""

    @functools.wraps(method)
    def called(*args, **kwargs):
        return method(*map(_as_array, args), **{k: _as_array(v) for k, v in kwargs.items()})

    return called


def _as_array(v):
    return _array.array(v) if isinstance(v, (list, tuple)) else v


stats = {
    dist: SimpleNamespace(**{m: _array_like(_stats.parameters_checked(dist, getattr(_stats, f"{dist}_{m}")))
                             for m in methods.split()})
    for dist, methods in _METHODS.items()
}



class DistributionModule(ModuleType):
    """A module of ``gradcli.scipy.stats`` (``norm``, ``gamma``...) that is also called as SciPy's distribution
    objects are, to freeze its parameters: ``norm(loc=mu, scale=s).logpdf(x)`` is ``norm.logpdf(x, loc=mu, scale=s)``."""

    def __call__(self, *args, **kwds):
        return FrozenDistribution(self, args, kwds)


class FrozenDistribution:
    """A distribution with its parameters given once (SciPy's ``rv_frozen``): each method of the distribution's,
    called with the parameters after its own first argument (``entropy()`` and ``rvs(size=...)`` with them alone)."""

    def __init__(self, distribution, args, kwds):
        self.dist, self.args, self.kwds = distribution, args, kwds

    def __getattr__(self, name):
        method = getattr(self.dist, name, None)
        if method is None:
            if name.startswith("__"):  # a protocol NumPy or Python asks about: not there
                raise AttributeError(name)
            dist, caller = self.dist.__name__.rsplit(".", 1)[-1], sys._getframe(1)  # the user's line that asked
            raise InputError(f"{caller.f_code.co_filename}, line {caller.f_lineno}: scipy.stats.{dist}(...).{name} (the "
                             f"frozen {dist}'s {name}) is a SciPy method gradcli.scipy does not have, so gradcli cannot "
                             "differentiate it (`gradcli ops` lists what gradcli differentiates)")
        if name in ("entropy", "rvs"):
            return lambda *more, **kwds: method(*self.args, *more, **self.kwds, **kwds)
        return lambda x, **kwds: method(x, *self.args, **self.kwds, **kwds)

    def __repr__(self):
        return f"<frozen {self.dist.__name__.rsplit('.', 1)[-1]}{self.args!r} {self.kwds!r}>"


# scipy.stats' functions that are no distribution's method: robust statistics, of sorts and slices.
# A list of traced values where SciPy takes an array_like is stacked first (`tracer.accepting_sequences`).
stats_functions = SimpleNamespace(**{name: _tracer.accepting_sequences(getattr(_stats, name))
                                     for name in "iqr linregress median_abs_deviation trim_mean trimboth".split()})

linalg = SimpleNamespace(
    **{name: _tracer.accepting_sequences(getattr(_scipy_linalg, name)) for name in
       "cho_factor cho_solve cholesky eigh expm expm_frechet logm solve_banded solve_sylvester solve_triangular sqrtm".split()},
    **{name: _tracer.accepting_sequences(getattr(_decompositions, name)) for name in "eig eigvals pinv svd".split()},
    **{name: getattr(_linalg, name) for name in "det inv solve".split()},
    norm=_tracer.lifting_constants(_linalg.norm),
)
signal = SimpleNamespace(convolve=_signal.convolve, get_window=_scipy_windows.get_window, stft=_stft.stft, istft=_stft.istft)
signal_windows = SimpleNamespace(**{name: getattr(_scipy_windows, name) for name in
                                    "bartlett blackman blackmanharris boxcar cosine flattop gaussian general_cosine general_hamming hamming hann "
                                    "kaiser kaiser_bessel_derived nuttall triang tukey".split()})
integrate = SimpleNamespace(odeint=_integrate.odeint)


def modules():
    """Every namespace by its dotted name under ``scipy``: ``special``, ``stats.t``, ``linalg``..."""
    found = {"special": special, "linalg": linalg, "signal": signal, "signal.windows": signal_windows, "integrate": integrate}
    found["stats"] = stats_functions
    found.update({f"stats.{dist}": space for dist, space in stats.items()})
    return found
