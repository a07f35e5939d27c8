"""The eleventh trial set (first half): probabilistic models written the way libraries write them. A Gaussian mixture
over a parameter tree, Student-t in x and in its degrees of freedom (at 1e200 and 1e300), gamma and beta
log-likelihoods in their shapes at 1e-300 and 1e300, von Mises through i0e, Gaussian log-likelihoods whose
log-determinant comes from a Cholesky factor or slogdet (well conditioned, and with the jitter absorbed), a
softplus-scaled flow at -800, masked attention (-inf and -1e30), explicit Euler steps in lax.scan, fori_loop and a
Python loop (a chaotic one), a gradient penalty with jax.grad inside the loss, quantile losses at and beside their
kink, custom rules (right; right but cancelling; a dict-valued rule wrong in one leaf), the tanh GELU at -30; plain
NumPy and SciPy in two import styles: Poisson and beta-binomial likelihoods, ufunc reductions, a log-sum-exp and a
masked softmax whose max sits at a tie (a kink of an op, not of the function), Huber by minimum and abs.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds, constants the float64 numbers the program writes.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, each, hp, sig

psi = mpmath.digamma


def _f(v):
    return mp(float(v))


def _gmm(x=(-1.5, 0.25, 2.0, 40.0), logits=(0.3, -0.2), mu=(-1.0, 2.5), log_s=(0.1, -0.4), dtype="float64"):
    def truth():
        xs, lg, ms, ls = (_in(dtype, v) for v in (x, logits, mu, log_s))
        w = [mpmath.exp(v) / sum(mpmath.exp(u) for u in lg) for v in lg]
        s = [mpmath.exp(v) for v in ls]
        g_mu, g_ls, g_lg = [mp(0)] * 2, [mp(0)] * 2, [len(xs) * wk for wk in w]
        for xn in xs:
            dens = [w[k] * mpmath.npdf(xn, ms[k], s[k]) for k in range(2)]
            r = [d / sum(dens) for d in dens]
            for k in range(2):
                g_mu[k] -= r[k] * (xn - ms[k]) / s[k] ** 2
                g_ls[k] -= r[k] * ((xn - ms[k]) ** 2 / s[k] ** 2 - 1)
                g_lg[k] -= r[k]
        return {"params.logits": g_lg, "params.mu": g_mu, "params.log_sigma": g_ls}
    return hp(truth)


def _student(xs, df):
    """d/dx and d/d(df) of -sum log t_df(x)."""
    def truth():
        x, n = _in("float64", xs), _f(df)
        dx = [(n + 1) * v / (n + v * v) for v in x]
        dn = -sum(psi((n + 1) / 2) / 2 - psi(n / 2) / 2 - 1 / (2 * n) - mpmath.log1p(v * v / n) / 2
                  + (n + 1) * v * v / (2 * n * (n + v * v)) for v in x)
        return {"x": dx, "df": dn}
    return hp(truth)


def _gamma_shape(a, data=(0.5, 2.0)):
    return hp(lambda: {"a": sum(mpmath.log(_f(d)) - psi(_f(a)) for d in data)})


def _beta(a, b, data=(1e-300, 0.3)):
    def truth():
        a_, b_ = _f(a), _f(b)
        xs = [_f(d) for d in data]
        return {"a": sum(mpmath.log(x) - psi(a_) + psi(a_ + b_) for x in xs),
                "b": sum(mpmath.log1p(-x) - psi(b_) + psi(a_ + b_) for x in xs)}
    return hp(truth)


def _vonmises(kappa, sign=-1, angles=(0.1, -2.0, 3.0)):
    """d/dkappa of sign * sum(kappa cos(a - 0.5) - log I0(kappa) - log 2pi)."""
    def truth():
        k = _f(kappa)
        ratio = mpmath.besseli(1, k) / mpmath.besseli(0, k)
        return {"kappa": sign * sum(mpmath.cos(_f(a) - mp("0.5")) - ratio for a in angles)}
    return hp(truth)


def _inv2(m):
    (a, b), (c, d) = m
    det = a * d - b * c
    return [[d / det, -b / det], [-c / det, a / det]]


def _gauss_w(w, y, jitter):
    """0.5 y' C^-1 y + 0.5 log det C, C = W W' + jitter I: d/dW = (C^-1 - alpha alpha') W, d/dy = alpha."""
    def truth():
        W = [[_f(v) for v in row] for row in w]
        ys = [_f(v) for v in y]
        C = [[sum(W[i][k] * W[j][k] for k in range(2)) + (_f(jitter) if i == j else 0) for j in range(2)]
             for i in range(2)]
        inv = _inv2(C)
        alpha = [sum(inv[i][j] * ys[j] for j in range(2)) for i in range(2)]
        M = [[inv[i][j] - alpha[i] * alpha[j] for j in range(2)] for i in range(2)]
        gW = [[sum(M[i][k] * W[k][j] for k in range(2)) for j in range(2)] for i in range(2)]
        return {"w": gW, "y": alpha}
    return hp(truth)


def _gauss_v(w, y=(1.0, -2.0), jitter=0.5):
    """The same with C = w w' + jitter I for a vector w: d/dw = C^-1 w - (alpha . w) alpha."""
    def truth():
        ws, ys = [_f(v) for v in w], [_f(v) for v in y]
        C = [[ws[i] * ws[j] + (_f(jitter) if i == j else 0) for j in range(2)] for i in range(2)]
        inv = _inv2(C)
        alpha = [sum(inv[i][j] * ys[j] for j in range(2)) for i in range(2)]
        aw = sum(a * v for a, v in zip(alpha, ws))
        return {"w": [sum(inv[i][j] * ws[j] for j in range(2)) - aw * alpha[i] for i in range(2)]}
    return hp(truth)


def _corr(name, a):
    return each(name, lambda r: -2 * r / (1 - r * r), [a])


def _flow(raw, xs):
    """-0.5 ((x - 0.5)/s)^2 - log s summed, s = log(1 + e^raw)."""
    def truth():
        r, x = _f(raw), _in("float64", xs)
        s = mpmath.log1p(mpmath.exp(r))
        ds = sig(r)
        return {"raw": ds * sum((v - mp("0.5")) ** 2 / s ** 3 - 1 / s for v in x),
                "x": [-(v - mp("0.5")) / s ** 2 for v in x]}
    return hp(truth)


def _attention(scores, keep=(0, 2, 3), values=(1, 2, 3, 4), name="scores"):
    def truth():
        s = _in("float64", scores)
        top = max(s[k] for k in keep)
        e = [mpmath.exp(s[k] - top) if k in keep else mp(0) for k in range(len(s))]
        w = [v / sum(e) for v in e]
        avg = sum(wk * mp(v) for wk, v in zip(w, values))
        return {name: [wk * (mp(v) - avg) for wk, v in zip(w, values)]}
    return hp(truth)


def _euler(k, y0=1, n=100, h=0.01):
    """y_N = y0 (1 - h k)^N with h the float64 0.01: d/dk = -N h y0 (1 - h k)^(N - 1)."""
    return each("k", lambda k: -n * _f(h) * y0 * (1 - _f(h) * k) ** (n - 1), [k])


def _penalty(w, xs=(0.5, -1.0, 2.0)):
    """sum_x (w sech^2(w x))^2: d/dw = sum 2 g (sech^2(wx) - 2 w x sech^2(wx) tanh(wx))."""
    def slope(w):
        total = mp(0)
        for x in map(_f, xs):
            s2 = 1 / mpmath.cosh(w * x) ** 2
            g = w * s2
            total += 2 * g * (s2 - 2 * w * x * s2 * mpmath.tanh(w * x))
        return total
    return each("w", slope, [w])


def _pinball(qs, y=(1.0, 2.0, 3.0), tau=0.9):
    def truth():
        out = []
        for q, yk in zip(_in("float64", qs), y):
            r = _f(yk) - q
            out.append(NAN if r == 0 else (-_f(tau) if r > 0 else 1 - _f(tau)))
        return {"q": out}
    return hp(truth)


def _gelu_tanh(xs):
    c, k = _f(0.7978845608028654), _f(0.044715)

    def slope(x):
        u = c * (x + k * x ** 3)
        # (1 + tanh u)/2 as the sigmoid of 2u: 1 + tanh(-2315) cancels past 2,000 digits
        return sig(2 * u) + x / 2 / mpmath.cosh(u) ** 2 * c * (1 + 3 * k * x * x)
    return each("x", slope, xs)


def _softmax_avg(name, xs, values):
    def truth():
        s = _in("float64", xs)
        top = max(s)
        e = [mpmath.exp(v - top) for v in s]
        w = [v / sum(e) for v in e]
        avg = sum(wk * mp(v) for wk, v in zip(w, values))
        return {name: [wk * (mp(v) - avg) for wk, v in zip(w, values)]}
    return hp(truth)


def _softmax(name, xs):
    def truth():
        s = _in("float64", xs)
        top = max(s)
        e = [mpmath.exp(v - top) for v in s]
        return {name: [v / sum(e) for v in e]}
    return hp(truth)


def _beta_binomial(conc, k=2.0, n=5.0, m=0.3):
    def slope(c):
        ma, mb = _f(m), _f(1.0 - m)  # the program computes 1 - m in float64: 0.7 exactly as written
        a, b = c * ma, c * mb
        return (ma * (psi(k + a) - psi(n + a + b) + psi(a + b) - psi(a))
                + mb * (psi(n - k + b) - psi(n + a + b) + psi(a + b) - psi(b)))
    return each("conc", slope, [conc])


def _mixture(means, x=(0.0, 1.5, 900.0), b=(0.25, 0.75)):
    def truth():
        ms = _in("float64", means)
        g = [mp(0)] * len(ms)
        for xn in map(_f, x):
            terms = [_f(bk) * mpmath.exp(-(xn - mk) ** 2 / 2) for bk, mk in zip(b, ms)]
            for k, mk in enumerate(ms):
                g[k] += terms[k] / sum(terms) * (xn - mk)
        return {"means": g}
    return hp(truth)


def _growth(r, steps=50, y0=0.01, h=0.1):
    """y <- y + h r y (1 - y), and its derivative in r carried alongside (forward mode by hand). The first step's
    1.0 - y is Python's float arithmetic on two constants (fl(0.99)), done before r is met: the program's number."""
    def slope(r):
        y, dy = _f(y0), mp(0)
        hh = _f(h)
        for step in range(steps):
            rest = _f(1.0 - y0) if step == 0 else 1 - y
            y, dy = y + hh * r * y * rest, dy + hh * (y * rest + r * dy * rest - r * y * dy)
        return dy
    return each("r", slope, [r])


def _huber(rs):
    return each("r", lambda r: r if abs(r) <= 1 else mpmath.sign(r), rs)


J, S, T = "jax_lib11a.py", "numpy_sp11a.py", "numpy_styles11a.py"
JAX = [
    # a mixture over a parameter tree; the datum at 40 is ~700 and ~1570 nats below both components
    Case(J, "gmm_nll", None, "float64", "ok", _gmm(), args="gmm_args",
         wrt="params.logits,params.mu,params.log_sigma"),
    Case(J, "gmm_nll", None, "float32", "ok", _gmm(dtype="float32"), args="gmm32_args",
         wrt="params.logits,params.mu,params.log_sigma"),
    Case(J, "student_nll", "x=[0.5,-3,10],df=3", "float64", "ok", _student([0.5, -3, 10], 3)),
    # x^2 / df overflows: log1p(inf), NaN/inf in df's slope
    Case(J, "student_nll", "x=[0.5,1e200],df=3", "float64", "unstable", _student([0.5, 1e200], 3)),
    # gammaln((df+1)/2) - gammaln(df/2) with df = 1e300: both arguments are the same float64
    Case(J, "student_nll", "x=[0.5,-3],df=1e300", "float64", "unstable", _student([0.5, -3], 1e300)),
    Case(J, "gamma_shape_ll", "a=1e-300", "float64", "ok", _gamma_shape(1e-300)),
    Case(J, "gamma_shape_ll", "a=1e300", "float64", "ok", _gamma_shape(1e300)),
    Case(J, "beta_ll", "a=2,b=3", "float64", "ok", _beta(2, 3)),
    Case(J, "vonmises_nll", "kappa=1e-300", "float64", "ok", _vonmises(1e-300)),
    Case(J, "vonmises_nll", "kappa=1e4", "float64", "ok", _vonmises(1e4)),
    Case(J, "chol_gauss_nll", "w=[[1,0.5],[0.2,2]],y=[1,-2]", "float64", "ok",
         _gauss_w([[1, 0.5], [0.2, 2]], [1, -2], 1e-3)),
    Case(J, "slogdet_gauss_nll", "w=[[1,0.5],[0.2,2]],y=[1,-2]", "float64", "ok",
         _gauss_w([[1, 0.5], [0.2, 2]], [1, -2], 1e-3)),
    # W W' = 2e16 [[1,1],[1,1]]: the jitter 1e-3 is absorbed, the factor meets a 0 pivot in float64
    Case(J, "chol_gauss_nll", "w=[[1e8,1e8],[1e8,1e8]],y=[1,-2]", "float64", "unstable",
         _gauss_w([[1e8, 1e8], [1e8, 1e8]], [1, -2], 1e-3), "chol = jnp.linalg.cholesky("),
    Case(J, "corr_logdet", "a=0.5", "float64", "ok", _corr("a", 0.5)),
    Case(J, "corr_logdet", "a=0.9999999999999999", "float64", "ok", _corr("a", 0.9999999999999999)),
    Case(J, "flow_logprob", "raw=0.3,x=[1.5,-0.5]", "float64", "ok", _flow(0.3, [1.5, -0.5])),
    # softplus(-800) is e^-800 ~ 3.7e-348: 0 in float64; the value and slopes are ~e^1600: beyond float64 (domain)
    Case(J, "flow_logprob", "raw=-800,x=[1.5,-0.5]", "float64", "domain", _flow(-800, [1.5, -0.5])),
    Case(J, "masked_attention", "scores=[800,-800,799,0]", "float64", "ok", _attention([800, -800, 799, 0])),
    Case(J, "masked_attention_big", "scores=[800,-800,799,0]", "float64", "ok", _attention([800, -800, 799, 0])),
    Case(J, "masked_attention", "scores=[80,-80,79,0]", "float32", "ok", _attention([80, -80, 79, 0])),
    Case(J, "euler_decay", "k=50", "float64", "ok", _euler(50)),
    Case(J, "euler_decay", "k=150", "float64", "ok", _euler(150)),
    # (1 - 1e298)^100 overflows at the second step; the slope is ~1e29502: beyond float64, `domain` by the README
    Case(J, "euler_decay", "k=1e300", "float64", "domain", _euler(1e300)),
    Case(J, "euler_fori", "k=50", "float64", "ok", _euler(50, y0=2)),
    Case(J, "grad_penalty", "w=0.7", "float64", "ok", _penalty(0.7)),
    # JAX's tanh rule 1 - tanh^2 at w x = 15 keeps 3 digits (its square's derivative: fewer)
    Case(J, "grad_penalty", "w=30", "float64", "unstable", _penalty(30)),
    Case(J, "pinball", "q=[1,2,3]", "float64", "domain", _pinball([1, 2, 3])),
    Case(J, "pinball", "q=[0.9999999999999999,2.0000000000000004,3.5]", "float64", "ok",
         _pinball([0.9999999999999999, 2.0000000000000004, 3.5])),
    Case(J, "pinball_where", "q=[1,2,3]", "float64", "domain", _pinball([1, 2, 3])),
    Case(J, "pinball_where", "q=[0.9999999999999999,2.0000000000000004,3.5]", "float64", "ok",
         _pinball([0.9999999999999999, 2.0000000000000004, 3.5])),
    Case(J, "logcosh_loss", "x=[800,-800,1e-300,0.5]", "float64", "ok",
         each("x", mpmath.tanh, [800, -800, 1e-300, 0.5])),
    Case(J, "logcosh_loss", "x=[80,-80,1e-30,0.5]", "float32", "ok",
         each("x", mpmath.tanh, [80, -80, 1e-30, 0.5], "float32")),
    # the rule 1 - 1/(1 + e^x) is the sigmoid as mathematics; at -40 it cancels to 0 (4.2e-18)
    Case(J, "softplus_vjp_loss", "x=[-40,2]", "float64", "unstable", each("x", sig, [-40, 2]),
         "(g * (1.0 - 1.0 / (1.0 + jnp.exp(x))),)"),
    Case(J, "softplus_vjp_loss", "x=[-5,2]", "float64", "ok", each("x", sig, [-5, 2])),
    # the rule forgets the scale in v's cotangent: (s n)^2 has d/dv = 2 s^2 v, the rule gives 2 s v
    Case(J, "scaled_norm_loss", None, "float64", "wrong",
         hp(lambda: {"params.scale": mp(54), "params.v": [mp(18), mp(-36), mp(36)]}), "def _scaled_norm_bwd",
         args="scaled_norm_args", wrt="params.scale,params.v"),
    Case(J, "per_example", "w=[0.5,1]", "float64", "ok", hp(lambda: _per_example([0.5, 1]))),
    # issue 27's GELU: JAX's 0 (value and slope) is float64's nearest to -1.9e-854
    Case(J, "gelu_tanh", "x=[-30,-40,1.5]", "float64", "ok", _gelu_tanh([-30, -40, 1.5])),
    Case(J, "log_gamma_ratio", "a=[3,1e-300]", "float64", "ok",
         each("a", lambda a: psi(a + mp("0.5")) - psi(a), [3, 1e-300])),
    # digamma(a + 0.5) - digamma(a) ~ 0.5 / a at a = 1e10: two numbers near 23 cancel to 5e-11
    Case(J, "log_gamma_ratio", "a=[1e10]", "float64", "unstable",
         each("a", lambda a: psi(a + mp("0.5")) - psi(a), [1e10])),
]


def _masked_softmax(scores, keep=(0, 2, 3)):
    def truth():
        s = _in("float64", scores)
        top = max(s[k] for k in keep)
        e = [mpmath.exp(s[k] - top) if k in keep else mp(0) for k in range(len(s))]
        return {"s": [v / sum(e) for v in e]}
    return hp(truth)


def _mvn_slope(mean, dtype="float64", x=(0.5, -0.5), rho=0.999999):
    m, r = _in(dtype, mean), _in(dtype, [rho])[0]
    inv = _inv2([[mp(1), r], [r, mp(1)]])
    d = [_f(xk) - mk for xk, mk in zip(x, m)]
    return [-sum(inv[i][j] * d[j] for j in range(2)) for i in range(2)]


def _logdet_w(w, jitter):
    """sum log eig(W W' + jitter I) = log det: d/dW = 2 C^-1 W."""
    def truth():
        W = [[_f(v) for v in row] for row in w]
        C = [[sum(W[i][k] * W[j][k] for k in range(2)) + (_f(jitter) if i == j else 0) for j in range(2)]
             for i in range(2)]
        inv = _inv2(C)
        return {"w": [[2 * sum(inv[i][k] * W[k][j] for k in range(2)) for j in range(2)] for i in range(2)]}
    return hp(truth)


MORE = [
    Case(J, "softmax_masked_arg", "scores=[800,-800,799,0]", "float64", "ok", _attention([800, -800, 799, 0])),
    # both pieces meet at 1 with slope 2: no corner
    Case(J, "vmapped_cond", "x=[1,2,0.5]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(4), mp(2)]})),
    Case(J, "eigh_logdet", "w=[[1,0.5],[0.2,2]]", "float64", "ok", _logdet_w([[1, 0.5], [0.2, 2]], 0.1)),
    # a repeated eigenvalue (C = 1.1 I): the sum of log-eigenvalues is log det, smooth; JAX's eigh rule gives the
    # right 2 C^-1 W there (checked in a shell after writing the truth: I had guessed its 1/(l_i - l_j) breaks)
    Case(J, "eigh_logdet", "w=[[1,0],[0,1]]", "float64", "ok", _logdet_w([[1, 0], [0, 1]], 0.1)),
    # piecewise linear through knots 0, 1, 3 with slopes 2 and 0.5: a corner at the knot 1, ordinary elsewhere
    Case(J, "interp_cost", "x=[0.5,2,1]", "float64", "domain", hp(lambda: {"x": [mp(2), mp("0.5"), NAN]})),
    Case(J, "interp_cost", "x=[0.5,2,1.0000000000000002]", "float64", "ok", hp(lambda: {"x": [mp(2), mp("0.5"), mp("0.5")]})),
    Case(S, "interp_cost", "x=[0.5,2,1]", "float64", "domain", hp(lambda: {"x": [mp(2), mp("0.5"), NAN]})),
    Case(S, "interp_cost", "x=[0.5,2,0.9999999999999999]", "float64", "ok", hp(lambda: {"x": [mp(2), mp("0.5"), mp(2)]})),
    # the median of [3, 1, 2] is x[2]; of [1, 1, 2] two entries tie for it (a corner in each)
    Case(J, "median_loss", "x=[3,1,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(4)]})),
    Case(J, "median_loss", "x=[1,1,2]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(S, "median_loss", "x=[3,1,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(4)]})),
    Case(S, "median_loss", "x=[1,1,2]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    # log(sum(where(mask, exp(s), 0))) overflows at 800: JAX's spelling is logsumexp(where(mask, s, -inf)) (or b=mask)
    Case(J, "naive_masked_lse", "s=[800,-800,799,0]", "float64", "unstable", _masked_softmax([800, -800, 799, 0]),
         "jnp.exp(s)", "logsumexp("),
    Case(S, "naive_masked_lse", "s=[800,-800,799,0]", "float64", "unstable", _masked_softmax([800, -800, 799, 0]),
         "np.exp(s)", "logsumexp("),
    # d/dmean of -log N(x; mean, C) is -C^-1 (x - mean); in float32 JAX builds C from 0.999999 as float32 holds it
    # (0.99999899...), the program's number, so C^-1 is ~4.9e5 there, not 5.0e5
    Case(J, "mvn_nll", "mean=[0.1,0.2]", "float64", "ok", hp(lambda: {"mean": _mvn_slope([0.1, 0.2])})),
    Case(J, "mvn_nll", "mean=[0.1,0.2]", "float32", "ok", hp(lambda: {"mean": _mvn_slope([0.1, 0.2], "float32")})),
    Case(T, "eigh_logdet", "w=[[1,0],[0,1]]", "float64", "ok", _logdet_w([[1, 0], [0, 1]], 0.1)),
    Case(T, "eigh_logdet", "w=[[1,0.5],[0.2,2]]", "float64", "ok", _logdet_w([[1, 0.5], [0.2, 2]], 0.1)),
]


def _per_example(w):
    xs = [[mp(1), mp(2)], [mp(-800), mp("0.5")], [mp(3), mp(-1)]]
    ys = [1, 0, 1]
    ws = _in("float64", w)
    g = [mp(0), mp(0)]
    for x, y in zip(xs, ys):
        z = sum(a * b for a, b in zip(x, ws))
        g = [gk + (sig(z) - y) * xk / 3 for gk, xk in zip(g, x)]
    return {"w": g}


NUMPY = [
    Case(S, "poisson_ll", "rate=[1e-300,2,0.5]", "float64", "ok", hp(lambda: {"rate": [mp(-1), mp("0.5"), mp(1)]})),
    Case(S, "beta_binomial_ll", "conc=4", "float64", "ok", _beta_binomial(4)),
    Case(S, "beta_binomial_ll", "conc=1e-300", "float64", "ok", _beta_binomial(1e-300)),
    Case(S, "vonmises_ll", "kappa=1e-300", "float64", "ok", _vonmises(1e-300, sign=1)),
    Case(S, "vonmises_ll", "kappa=1e4", "float64", "ok", _vonmises(1e4, sign=1)),
    Case(S, "student_df_ll", "df=3", "float64", "ok",
         hp(lambda: {"df": -_student([0.5, -3.0, 10.0], 3)()["df"]})),
    Case(S, "mixture_lse", "means=[0,1]", "float64", "ok", _mixture([0, 1])),
    Case(S, "masked_softmax_avg", "s=[800,-800,799,0]", "float64", "ok", _attention([800, -800, 799, 0], name="s")),
    # the max sits at a tie (800 twice): the max has a kink there, the softmax it is subtracted from has none
    Case(S, "masked_softmax_avg", "s=[800,-800,800,0]", "float64", "ok", _attention([800, -800, 800, 0], name="s")),
    Case(S, "chol_nll", "w=[1,2]", "float64", "ok", _gauss_v([1, 2])),
    # w w' + 0.5 I with w = 1e8: 1e16 + 0.5 is 1e16, the covariance singular in float64
    Case(S, "chol_nll", "w=[1e8,1e8]", "float64", "unstable", _gauss_v([1e8, 1e8])),
    Case(S, "quantile_loss", "q=[1,2,3]", "float64", "domain", _pinball([1, 2, 3])),
    Case(S, "quantile_loss", "q=[0.9999999999999999,2.0000000000000004,3.5]", "float64", "ok",
         _pinball([0.9999999999999999, 2.0000000000000004, 3.5])),
    Case(S, "logistic_growth", "r=0.5", "float64", "ok", _growth(0.5)),
    # h r = 3: the logistic map at 4, chaotic: 50 steps amplify rounding ~2^50
    Case(S, "logistic_growth", "r=30", "float64", "unstable", _growth(30)),
    Case(S, "lse_reduce", "x=[-800,-801,-799]", "float64", "ok", _softmax("x", [-800, -801, -799])),
    Case(S, "max_reduce", "x=[1,-3,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(-6), mp(0)]})),
    Case(S, "max_reduce", "x=[1,-2,2]", "float64", "domain", hp(lambda: {"x": [mp(0), NAN, NAN]})),
    Case(T, "gamma_shape", "a=1e-300", "float64", "ok", _gamma_shape(1e-300)),
    Case(T, "gamma_shape", "a=1e300", "float64", "ok", _gamma_shape(1e300)),
    Case(T, "beta_tiny_data", "a=2", "float64", "ok", hp(lambda: {"a": _beta(2, 2)()["a"]})),
    Case(T, "beta_tiny_data", "a=1e-300", "float64", "ok", hp(lambda: {"a": _beta(1e-300, 2)()["a"]})),
    Case(T, "corr_logdet", "rho=0.5", "float64", "ok", _corr("rho", 0.5)),
    Case(T, "corr_logdet", "rho=0.9999999999999999", "float64", "ok", _corr("rho", 0.9999999999999999)),
    Case(T, "hand_lse", "x=[1,2,3]", "float64", "ok", _softmax("x", [1, 2, 3])),
    # a tie at the max: m + log(sum(exp(x - m))) is logsumexp, smooth, whichever maximum is picked
    Case(T, "hand_lse", "x=[800,800,-800]", "float64", "ok", _softmax("x", [800, 800, -800])),
    # minimum(|r|, 1) ties at |r| = 1 and abs has its corner at 0; Huber is smooth at both
    Case(T, "huber_minimum", "r=[1,-1,0,0.5,2]", "float64", "ok", _huber([1, -1, 0, 0.5, 2])),
    Case(T, "entropy", "p=[5e-324,0.5,1e-300]", "float64", "ok",
         each("p", lambda p: -mpmath.log(p) - 1, [5e-324, 0.5, 1e-300])),
    Case(T, "softplus_flow", "raw=-30", "float64", "ok", hp(lambda: {"raw": _flow(-30, [1.5])()["raw"]})),
    Case(T, "softplus_flow", "raw=-800", "float64", "domain", hp(lambda: {"raw": _flow(-800, [1.5])()["raw"]})),
    Case(T, "softplus_flow_stable", "raw=-800", "float64", "domain",
         hp(lambda: {"raw": _flow(-800, [1.5])()["raw"]})),
]

ALL = JAX + NUMPY + MORE
