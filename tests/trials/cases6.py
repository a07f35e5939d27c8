"""The sixth trial set: probabilistic programming (Poisson, negative binomial, Dirichlet, multivariate normal by its
Cholesky factor, Gaussian mixtures through weighted logsumexp, truncated normals by log_ndtr, Gamma in its shape),
finance and physics numerics (Black-Scholes, bond prices and annuities at tiny rates, log-returns, Planck's law at
both limits, Arrhenius rates), learning losses (label smoothing, InfoNCE and CLIP temperatures, triplet at a zero
distance, KL between Gaussians with tiny scales, an ELBO) and layers (RMS and layer norm, masked attention, cosine
annealing), through gradcli.numpy's twins' habits: plain NumPy/SciPy, JAX, PyTorch and TensorFlow/Keras.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds, and constants a program rounds (0.1 / 3, pi) are taken as the program's float64 numbers.
"""

import mpmath
import numpy as np

from cases import Case, mp
from cases5 import _in, _softmax, each, hp, sig
from truths import load


def _f(v):
    return mp(float(v))


def npdf(x):
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)


def _poisson(mus, ks=(0, 3)):
    return hp(lambda: {"mu": [k / m - 1 for k, m in zip(ks, _in("float64", mus))]})


def _dirichlet_alpha(alphas, xs=(0.2, 0.3, 0.5)):
    def truth():
        # At 400 digits, not 2,000: there mpmath's digamma takes seconds a call (it remakes Bernoulli numbers each
        # time). 400 hold every float64 alpha here and their sum exactly (5 + 1e-300 needs some 320), and nothing
        # cancels after the sum: the truth keeps far more digits than the judge's 1e-10 reads.
        with mpmath.workdps(400):
            a, x = _in("float64", alphas), [_f(v) for v in xs]
            s = sum(a)
            return {"alpha": [mpmath.digamma(s) - mpmath.digamma(ai) + mpmath.log(xi) for ai, xi in zip(a, x)]}
    return hp(truth)


def _mixture(x, means=(0, 1), scales=(1, 2), weights=(0.3, 0.7), name="x"):
    """d/dx log sum_k w_k N(x; m_k, s_k)."""
    def truth():
        v = _in("float64", [x])[0]
        dens = [_f(w) * npdf((v - m) / s) / s for w, m, s in zip(weights, means, scales)]
        slope = [-(v - m) / (s * s) for m, s in zip(means, scales)]
        return {name: sum(d * g for d, g in zip(dens, slope)) / sum(dens)}
    return hp(truth)


def _truncnorm(b):
    def truth():
        v = _in("float64", [b])[0]
        return {"b": npdf(v) / (mpmath.ncdf(-10) - mpmath.ncdf(-v))}
    return hp(truth)


def _truncnorm_ab(b, a):
    def truth():
        vb, va = _in("float64", [b, a])
        mass = mpmath.ncdf(-va) - mpmath.ncdf(-vb)
        return {"b": npdf(vb) / mass, "a": -npdf(va) / mass}
    return hp(truth)


def _bond(r):
    def truth():
        v = _in("float64", [r])[0]
        return {"r": -sum(5 * n * (1 + v) ** (-n - 1) for n in range(1, 11)) - 1000 * (1 + v) ** -11}
    return hp(truth)


def _annuity(r):
    return hp(lambda: {"r": -sum(n * (1 + _in("float64", [r])[0]) ** (-n - 1) for n in range(1, 11))})


def _returns(ps):
    return hp(lambda: {"p": [-1 / _in("float64", ps)[0], 1 / _in("float64", ps)[1]]})


def _planck_slope(x):
    e = mpmath.expm1(x)
    return 3 * x * x / e - x ** 3 * mpmath.exp(x) / (e * e)


def _arrhenius(t):
    return 2 * mpmath.exp(-1 / t) / (t * t)


_COV = [[mp(2), mp("0.5")], [mp("0.5"), mp(1)]]
_MEAN = [mp(1), mp(-2)]


def _mvn(xs, name="x"):
    """-Sigma^-1 (x - mean), Sigma^-1 by the 2x2 adjugate."""
    def truth():
        x = _in("float64", xs)
        (a, b), (c, d) = _COV
        det = a * d - b * c
        inv = [[d / det, -b / det], [-c / det, a / det]]
        u = [x[k] - _MEAN[k] for k in range(2)]
        return {name: [-(inv[i][0] * u[0] + inv[i][1] * u[1]) for i in range(2)]}
    return hp(truth)


def _smoothed(xs, eps=0.1, dtype="float64"):
    """d/dlogits of -sum(t log_softmax) = sum(t) p - t, the smoothed one-hot t of class 0 made of the program's numbers:
    in float64 fl(0.9) + fl(0.1 / 3) and fl(0.1 / 3); Keras makes its constants float32 (0.9f and 0.1f), divides exactly."""
    def truth():
        p = _softmax(_in(dtype, xs))
        n = len(xs)
        if dtype == "float32":
            third = _f(np.float32(eps)) / n
            t = [_f(np.float32(1.0 - eps)) + third] + [third] * (n - 1)
        else:
            t = [_f(float(np.float64(1.0) * (1.0 - eps) + eps / n))] + [_f(eps / n)] * (n - 1)
        return {"logits": [sum(t) * pk - tk for pk, tk in zip(p, t)]}
    return hp(truth)


SIMS = (0.9, 0.5, 0.1)


def _info_nce(tau):
    """d/dtau of -(s0/tau - lse(s/tau)) = (s0 - E_p[s]) / tau^2 (negative of the mean shift)."""
    def truth():
        t = _in("float64", [tau])[0]
        s = [_f(v) for v in SIMS]
        p = _softmax([v / t for v in s])
        return {"tau": (s[0] - sum(pk * sk for pk, sk in zip(p, s))) / (t * t)}
    return hp(truth)


def _kl_scales(ss):
    def truth():
        s1, s2 = _in("float64", ss)
        return {"s": [-1 / s1 + s1 / s2 ** 2, 1 / s2 - s1 ** 2 / s2 ** 3]}
    return hp(truth)


def _elbo():
    def truth():
        params, eps = load("jax_lib6.py").elbo_args()
        mu, ls, e = ([_f(v) for v in a] for a in (params["mu"], params["log_sigma"], eps))
        out = []
        for m, l, ek in zip(mu, ls, e):
            sigma = mpmath.exp(l)
            z = m + sigma * ek
            out.append((-z * sigma * ek + 1) / 2)
        return {"params.log_sigma": out}
    return hp(truth)


def _rms(xs, w=(1, 2, 4), eps=1e-6):
    def truth():
        x = _in("float64", xs)
        m = sum(v * v for v in x) / len(x) + _f(eps)
        d = sum(wk * v for wk, v in zip(w, x))
        return {"x": [wk / mpmath.sqrt(m) - v * d / (len(x) * m ** mp("1.5")) for wk, v in zip(w, x)]}
    return hp(truth)


def _attention(xs, keep=(0, 1), values=(1, 2, 3)):
    def truth():
        x = _in("float64", xs)
        p = _softmax([x[k] for k in keep])
        mean = sum(pk * values[k] for pk, k in zip(p, keep))
        out = [mp(0)] * len(x)
        for pk, k in zip(p, keep):
            out[k] = pk * (values[k] - mean)
        return {"scores": out}
    return hp(truth)


def _cosine_lr(ts):
    pi = _f(np.pi)
    return each("t", lambda t: -(_f(1e-1) - _f(1e-5)) / 2 * mpmath.sin(pi * t / 100) * pi / 100, ts)


def _bs_delta(s, k=1000, r=0.01, sigma=0.2):
    def truth():
        v = _in("float64", [s])[0]
        d1 = (mpmath.log(v / k) + (_f(r) + _f(sigma) ** 2 / 2)) / _f(sigma)
        return {"s": mpmath.ncdf(d1)}
    return hp(truth)


def _negbin_logits(ls, r=3, ks=(0, 4)):
    return hp(lambda: {"logits": [-r * sig(v) + k * sig(-v) for v, k in zip(_in("float64", ls), ks)]})


def _clip():
    """d/d logit_scale of the mean cross-entropy of e^scale * sims."""
    def truth():
        model, sims, labels = load("torch_lib6.py").clip_args()
        scale = mpmath.exp(_f(model.logit_scale.detach().numpy()))
        total = mp(0)
        for row, label in zip(sims.numpy().tolist(), labels.tolist()):
            s = [_f(v) for v in row]
            p = _softmax([scale * v for v in s])
            total += scale * (sum(pk * sk for pk, sk in zip(p, s)) - s[label])
        return {"model.logit_scale": total / len(labels)}
    return hp(truth)


def _triplet(anchor=(1, 2, 3), positive=(1, 2, 3), negative=(1.2, 2, 3), eps=1e-6):
    def truth():
        a = _in("float64", anchor)
        dp = [v - _f(p) + _f(eps) for v, p in zip(a, positive)]
        dn = [v - _f(n) + _f(eps) for v, n in zip(a, negative)]
        np_, nn_ = mpmath.sqrt(sum(v * v for v in dp)), mpmath.sqrt(sum(v * v for v in dn))
        return {"anchor": [u / np_ - w / nn_ for u, w in zip(dp, dn)]}
    return hp(truth)


NUMPY = [
    Case("numpy_lib6.py", "poisson_lp", "mu=[1e-300,1e300]", "float64", "ok", _poisson([1e-300, 1e300])),
    Case("numpy_lib6.py", "poisson_by_hand", "mu=[1e-300,1e300]", "float64", "ok", _poisson([1e-300, 1e300])),
    Case("numpy_lib6.py", "negbin_lp", "r=1e6", "float64", "ok",
         each("r", lambda r: mpmath.digamma(r + 5) - mpmath.digamma(r) + mpmath.log(mp("0.25")), [1e6])),
    Case("numpy_lib6.py", "negbin_lp", "r=1e-300", "float64", "ok",
         each("r", lambda r: mpmath.digamma(r + 5) - mpmath.digamma(r) + mpmath.log(mp("0.25")), [1e-300])),
    Case("numpy_lib6.py", "dirichlet_lp", "x=[1e-300,0.5,0.5]", "float64", "ok",
         hp(lambda: {"x": [1 / _in("float64", [1e-300])[0], mp(-1), mp(0)]})),
    Case("numpy_lib6.py", "dirichlet_alpha", "alpha=[1e-300,2,3]", "float64", "ok", _dirichlet_alpha([1e-300, 2, 3])),
    Case("numpy_lib6.py", "mixture_ll", "x=40", "float64", "ok", _mixture(40)),
    Case("numpy_lib6.py", "mixture_ll", "x=1e150", "float64", "ok", _mixture(1e150)),
    # z * z overflows for both components: logsumexp of two -inf
    # z * z overflows for the narrow component only, whose weight is e^-1e308: no loss
    Case("numpy_lib6.py", "mixture_ll", "x=1.5e154", "float64", "ok", _mixture(1.5e154)),
    # -0.5 * z halves first: the wide component's -1.125e308 stays finite, and so does the mixture
    Case("numpy_lib6.py", "mixture_ll", "x=3e154", "float64", "ok", _mixture(3e154)),
    # ndtr(11) and ndtr(10) are both 1.0: the log of 0
    Case("numpy_lib6.py", "truncnorm_naive", "b=11,a=10", "float64", "unstable", _truncnorm_ab(11, 10),
         "np.log(ndtr(b) - ndtr(a))"),
    Case("numpy_lib6.py", "truncnorm_stable", "b=11", "float64", "ok", _truncnorm(11)),
    Case("numpy_lib6.py", "bond_price", "r=1e-300", "float64", "ok", _bond(1e-300)),
    # 1 - (1 + r)^-10 is 0 at r = 1e-300, and the slope's r^2 underflows
    Case("numpy_lib6.py", "annuity", "r=1e-300", "float64", "unstable", _annuity(1e-300),
         "return (1.0 - (1.0 + r) ** -10.0) / r"),
    Case("numpy_lib6.py", "log_return_ratio", "p=[1e-300,1e300]", "float64", "unstable", _returns([1e-300, 1e300]),
         "np.log(p[1:] / p[:-1])"),
    Case("numpy_lib6.py", "log_return_diff", "p=[1e-300,1e300]", "float64", "ok", _returns([1e-300, 1e300])),
    # x^3 underflows at 1e-300 (slope 2x lost); at 800 expm1 overflows and the quotient rule gives inf / inf
    Case("numpy_lib6.py", "planck", "x=1e-300", "float64", "unstable", each("x", _planck_slope, [1e-300]),
         "x ** 3 / np.expm1(x)"),
    Case("numpy_lib6.py", "planck", "x=800", "float64", "unstable", each("x", _planck_slope, [800]),
         "x ** 3 / np.expm1(x)"),
    Case("numpy_lib6.py", "planck_wien", "x=800", "float64", "ok", each("x", _planck_slope, [800])),
    Case("numpy_lib6.py", "planck_wien", "x=[700,1e-3]", "float64", "ok", each("x", _planck_slope, [700, 1e-3])),
    Case("numpy_lib6.py", "arrhenius", "t=[1e-3,300]", "float64", "ok", each("t", _arrhenius, [1e-3, 300])),
    # scipy.stats.nbinom and lognorm were refused ("a SciPy function gradcli.scipy does not have"): now in the core
    Case("numpy_lib6.py", "nbinom_lp", "p=[1e-300,0.5]", "float64", "ok",
         hp(lambda: {"p": [3 / p - k / (1 - p) for p, k in zip(_in("float64", [1e-300, 0.5]), (0, 5))]})),
    Case("numpy_lib6.py", "lognorm_lp", "x=[1e-300,2]", "float64", "ok",
         each("x", lambda x: -(1 + mpmath.log(x) / mp("0.25")) / x, [1e-300, 2])),
]

JAX = [
    Case("jax_lib6.py", "poisson_lp", "mu=[1e-300,1e300]", "float64", "ok", _poisson([1e-300, 1e300])),
    Case("jax_lib6.py", "lgamma_far", "x=[1e300,1e-300]", "float64", "ok", each("x", mpmath.digamma, [1e300, 1e-300])),
    # at the mean the gradient is exactly 0
    Case("jax_lib6.py", "mvn_lp", "x=[1,-2]", "float64", "ok", _mvn([1, -2])),
    Case("jax_lib6.py", "mvn_lp", "x=[1e-300,1e-300]", "float64", "ok", _mvn([1e-300, 1e-300])),
    Case("jax_lib6.py", "mvn_chol", "x=[1,-2]", "float64", "ok", _mvn([1, -2])),
    Case("jax_lib6.py", "mvn_chol", "x=[1e150,3]", "float64", "ok", _mvn([1e150, 3])),
    Case("jax_lib6.py", "mixture_ll", "x=40", "float64", "ok", _mixture(40)),
    # norm.logpdf squares x - loc before dividing by the scale: 2.25e308 overflows in both components
    Case("jax_lib6.py", "mixture_ll", "x=1.5e154", "float64", "unstable", _mixture(1.5e154),
         "norm.logpdf(x, means, scales)"),
    Case("jax_lib6.py", "mixture_ll", "x=3e154", "float64", "unstable", _mixture(3e154), "norm.logpdf(x, means, scales)"),
    Case("jax_lib6.py", "smoothed_ce", "logits=[800,-800,0]", "float64", "ok", _smoothed([800, -800, 0])),
    Case("jax_lib6.py", "info_nce", "tau=0.1", "float64", "ok", _info_nce(0.1)),
    Case("jax_lib6.py", "info_nce_naive", "tau=1e-3", "float64", "unstable", _info_nce(1e-3),
         "e = jnp.exp(SIMS / tau)"),
    # s2 ** 2 underflows to 0: the quotient is inf where the KL is log 2 - 1/4
    Case("jax_lib6.py", "kl_gauss", "s=[1e-200,2e-200]", "float64", "unstable", _kl_scales([1e-200, 2e-200]),
         "s1 ** 2 / (2.0 * s2 ** 2)"),
    # the forward holds (s2^2 = 4e-200) but the quotient rule's (2 s2^2)^2 underflows: d/ds2 is inf
    Case("jax_lib6.py", "kl_gauss", "s=[1e-100,2e-100]", "float64", "unstable", _kl_scales([1e-100, 2e-100]),
         "s1 ** 2 / (2.0 * s2 ** 2)"),
    Case("jax_lib6.py", "kl_gauss", "s=[1e-60,2e-60]", "float64", "ok", _kl_scales([1e-60, 2e-60])),
    Case("jax_lib6.py", "kl_gauss_log", "log_s1=-460", "float64", "ok",
         hp(lambda: {"log_s1": -1 + mpmath.exp(mp(-2))})),
    Case("jax_lib6.py", "truncated", "x=[10.5,10.999]", "float64", "ok", each("x", lambda x: -x, [10.5, 10.999])),
    Case("jax_lib6.py", "probit", "p=[1e-300,0.5]", "float64", "ok",
         each("p", lambda p: 1 / npdf(mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1)), [1e-300, 0.5])),
    Case("jax_lib6.py", "elbo", None, "float64", "ok", _elbo(), args="elbo_args", wrt="params.log_sigma"),
    Case("jax_lib6.py", "rms_norm", "x=[1e-200,1e-200,1e-200]", "float64", "ok", _rms([1e-200] * 3)),
    # the kept scores are 1600 apart: both slopes are e^-1600, beyond float64 (reported as text)
    Case("jax_lib6.py", "attention", "scores=[800,-800,5]", "float64", "ok", _attention([800, -800, 5])),
    Case("jax_lib6.py", "log_softmax_where", "x=[800,-800,5]", "float64", "ok",
         hp(lambda: {"x": [1 / (1 + mpmath.exp(mp(1600))), -1 / (1 + mpmath.exp(mp(1600))), mp(0)]})),
    Case("jax_lib6.py", "cosine_lr", "t=[1e-300,50]", "float64", "ok", _cosine_lr([1e-300, 50])),
    # at t = T the slope is sin(fl(pi)) sized (1.9e-19); fl(fl(pi) * 100) / 100 is an ulp off fl(pi): wrong sign,
    # but within what moving the program's rounded data (pi's float) by 2 ulps moves that slope (1.4e-18): the
    # data-rounding rule makes it ok
    Case("jax_lib6.py", "cosine_lr", "t=100", "float64", "ok", _cosine_lr([100])),
    # the phi(d1) and phi(d2) terms cancel to 172 N(d1): JAX keeps the delta to 1.6e-11
    Case("jax_lib6.py", "bs_call", "s=1", "float64", "ok", _bs_delta(1)),
]

TORCH = [
    Case("torch_lib6.py", "poisson_lp", "rate=[1e-300,1e300]", "float64", "ok",
         hp(lambda: {"rate": [k / m - 1 for k, m in zip((0, 3), _in("float64", [1e-300, 1e300]))]})),
    Case("torch_lib6.py", "negbin_lp", "logits=[-800,800]", "float64", "ok", _negbin_logits([-800, 800])),
    Case("torch_lib6.py", "dirichlet_lp", "x=[1e-300,1]", "float64", "ok",
         hp(lambda: {"x": [1 / _in("float64", [1e-300])[0], mp(2)]})),
    Case("torch_lib6.py", "mvn_lp", "x=[1e-300,1e-300]", "float64", "ok", _mvn([1e-300, 1e-300])),
    Case("torch_lib6.py", "mixture_ll", "x=40", "float64", "ok", _mixture(40)),
    Case("torch_lib6.py", "triplet", "anchor=[1,2,3]", "float64", "ok", _triplet()),
    # k - n sigmoid(l): +-10 e^-800, beyond float64 (text)
    Case("torch_lib6.py", "binomial_lp", "logits=[-800,800]", "float64", "ok",
         hp(lambda: {"logits": [-10 * sig(mp(-800)), 10 - 10 * sig(mp(800))]})),
    Case("torch_lib6.py", "poisson_nll_full", "log_rate=[-800,700]", "float64", "ok",
         hp(lambda: {"log_rate": [mpmath.exp(mp(-800)), mpmath.exp(mp(700)) - 5]})),
    Case("torch_lib6.py", "lognormal_lp", "x=[1e-300,2]", "float64", "ok",
         each("x", lambda x: -(1 + mpmath.log(x) / mp("0.25")) / x, [1e-300, 2])),
    # the ratio s1 / s2 keeps tiny scales finite, where JAX's hand-written s1^2 / s2^2 underflows (jax_lib6:kl_gauss)
    Case("torch_lib6.py", "kl_normals", "s=[1e-200,2e-200]", "float64", "ok", _kl_scales([1e-200, 2e-200])),
    # a clamp's kink is at its bound only: 2e-300 gets 1/x, the subnormal below it the clamped 0
    Case("torch_lib6.py", "log_clamped", "x=[2e-300,1e-310]", "float64", "ok",
         hp(lambda: {"x": [1 / _in("float64", [2e-300])[0], mp(0)]})),
    Case("torch_lib6.py", "smoothed_ce", "logits=[800,-800,0]", "float64", "ok", _smoothed([800, -800, 0])),
    Case("torch_lib6.py", "rms_norm", "x=[1e-200,1e-200,1e-200]", "float64", "ok", _rms([1e-200] * 3)),
    # log(x) - digamma(a) cancels 13.8 to 5e-7: 1.3e-9 relative off
    Case("torch_lib6.py", "gamma_shape", "a=1e6", "float64", "unstable",
         each("a", lambda a: mpmath.log(mp(1e6)) - mpmath.digamma(a), [1e6]), "D.Gamma(a, torch.tensor(1.0"),
    # CLIP's clamped scale e^4.6: 1 - p_label is 4e-18, lost as 1 - exp(log p) in the backward (wrong sign)
    Case("torch_lib6.py", "clip_loss", None, "float64", "unstable", _clip(), "F.cross_entropy(self.logit_scale",
         args="clip_args", wrt="model.logit_scale"),
    # torch.special.ndtr is (1 + erf(x / sqrt 2)) / 2: 0 at d1 = -34.4, where N(d1) = 1.9e-259
    Case("torch_lib6.py", "bs_call", "s=1", "float64", "unstable", _bs_delta(1), "s * torch.special.ndtr(d1)"),
]

TF = [
    # Keras clips the prediction at 1e-7: the slope is exactly 0 below it
    Case("tf_lib6.py", "keras_kl", "pred=[1e-30,0.5]", "float32", "ok", hp(lambda: {"pred": [mp(0), mp(-1)]})),
    Case("tf_lib6.py", "log_poisson", "log_rate=[-800,700]", "float64", "ok",
         hp(lambda: {"log_rate": [mpmath.exp(mp(-800)), mpmath.exp(mp(700)) - 2]})),
    Case("tf_lib6.py", "lgamma_far", "x=[1e300,3]", "float64", "ok", each("x", mpmath.digamma, [1e300, 3])),
    Case("tf_lib6.py", "layer_norm", "x=[5,5,5]", "float64", "ok",
         hp(lambda: {"x": [(w - mp(7) / 3) / mpmath.sqrt(_f(1e-3)) for w in (1, 2, 4)]})),
    Case("tf_lib6.py", "mixture_ll", "x=40", "float64", "ok", _mixture(40)),
    Case("tf_lib6.py", "mixture_ll", "x=1.5e154", "float64", "ok", _mixture(1.5e154)),
    Case("tf_lib6.py", "mixture_ll", "x=3e154", "float64", "unstable", _mixture(3e154), "log_pdf = -0.5 * ((x - "),
    Case("tf_lib6.py", "arrhenius", "t=[1e-3,300]", "float64", "ok", each("t", _arrhenius, [1e-3, 300])),
    Case("tf_lib6.py", "bs_call", "s=1", "float64", "ok", _bs_delta(1)),
]

ALL = NUMPY + JAX + TORCH + TF
