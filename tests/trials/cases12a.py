"""The twelfth trial set (first half): training and inference steps written the way libraries write them. A
meta-gradient through an Adam step at a coordinate whose gradient is 0, Gaussian-process marginal likelihoods
(Cholesky and triangular solves, softplus noise near its floor), Kalman filter log-likelihoods, Poisson and
negative-binomial log-likelihoods (gammaln, xlogy, scipy.stats) at a rate that underflows and at tiny and large
dispersions, log-space Sinkhorn with costs 800 times its temperature, log-sum-exp over a fully masked row (by where
and by zero weights b), a softplus scale in its tail, angles by arccos (nearly parallel and parallel) and by arctan2
(on its branch cut and at its origin), Huber by jnp.piecewise, np.select and np.piecewise at its switch, integer
indexing with a negative label, repeated embedding ids, vmap with in_axes, jax.checkpoint, custom_jvp rules with
nondiff_argnums (right, and wrong by a temperature), float16 and bfloat16 softmaxes.

Truths are the mathematics written here in mpmath and differentiated by mpmath.diff at 2,000 digits (central
differences whose step and working precision mpmath sizes to the digits asked; every point is smooth for the
coordinates differentiated, and a coordinate with no derivative is written NaN by hand), never the user files'
code; points are the numbers the dtype holds, constants the float64 numbers the program writes.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig

J, N = "jax_lib12a.py", "numpy_lib12a.py"


def _f(v):
    return mp(float(v))


def _shape_of(value):
    return [_shape_of(v) for v in value] if isinstance(value, (list, tuple)) else None


def _flatten(value):
    return [w for v in value for w in _flatten(v)] if isinstance(value, (list, tuple)) else [value]


def _unflatten(flat, shape):
    if shape is None:
        return flat.pop(0)
    return [_unflatten(flat, s) for s in shape]


def num_grad(function, dtype="float64", **point):
    """{name: d function / d name} at the point (nested lists allowed), by mpmath.diff at 2,000 digits."""
    def truth():
        names = list(point)
        shapes = [_shape_of(point[n]) for n in names]
        flats = [_in(dtype, _flatten(point[n])) for n in names]

        def at(values):
            rest = list(values)
            args = {}
            for name, shape, flat in zip(names, shapes, flats):
                args[name] = _unflatten([rest.pop(0) for _ in flat], shape)
            return function(**args)
        base = [v for flat in flats for v in flat]
        grads = []
        for k in range(len(base)):
            def along(t, k=k):
                moved = list(base)
                moved[k] = t
                return at(moved)
            grads.append(mpmath.diff(along, base[k]))
        out = {}
        for name, shape, flat in zip(names, shapes, flats):
            out[name] = _unflatten([grads.pop(0) for _ in flat], shape)
        return out
    return hp(truth)


def renamed(truth, prefix):
    """The truth with its variables named as leaves of a parameter tree (``raw.log_ell``)."""
    return lambda: {f"{prefix}.{name}": value for name, value in truth().items()}


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def _lse(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))


def _adam_meta(w0, lr):
    eps = _f(1e-8)
    total = mp(0)
    for w in w0:
        g = 2 * w if w > 0 else mp(0)
        w1 = w - lr * g / (abs(g) + eps)  # sqrt(g^2) = |g|; (1 - b1) and (1 - b2) cancel
        total += (w1 - 1) ** 2
    return total


def _gp(log_ell, log_s, noise, x=(-1.0, 0.0, 0.7, 2.0), y=(0.3, -0.1, 0.5, 1.2)):
    xs, ys = [_f(v) for v in x], mpmath.matrix([_f(v) for v in y])
    n = len(xs)
    jitter = _softplus(noise) + _f(1e-6)
    k = mpmath.matrix(n, n)
    for i in range(n):
        for j in range(n):
            k[i, j] = mpmath.exp(2 * log_s) * mpmath.exp(-(xs[i] - xs[j]) ** 2 / (2 * mpmath.exp(2 * log_ell)))
        k[i, i] += jitter
    quad = (ys.T * mpmath.lu_solve(k, ys))[0]
    return quad / 2 + mpmath.log(mpmath.det(k)) / 2 + n * mpmath.log(2 * _f(mpmath.pi)) / 2


def _kalman(log_q, log_r):
    mean, var, total = mp(0), mp(1), mp(0)
    for obs in (0.5, -0.2, 1.1):
        obs = _f(obs)
        var = _f(0.95 * 0.95) * var + mpmath.exp(log_q)
        mean = _f(0.95) * mean
        s = var + mpmath.exp(log_r)
        total -= (mpmath.log(2 * _f(mpmath.pi) * s) + (obs - mean) ** 2 / s) / 2
        gain = var / s
        mean, var = mean + gain * (obs - mean), (1 - gain) * var
    return total


def _kalman_scipy(log_q, log_r):
    # scipy.stats.norm.logpdf uses its own log(sqrt(2 pi)); the mathematics is the same density
    mean, var, total = mp(0), mp(1), mp(0)
    for obs in (0.5, -0.2, 1.1):
        obs = _f(obs)
        var = _f(0.95 ** 2) * var + mpmath.exp(log_q)
        mean = _f(0.95) * mean
        s = var + mpmath.exp(log_r)
        total -= (mpmath.log(2 * mpmath.pi * s) + (obs - mean) ** 2 / s) / 2
        gain = var / s
        mean, var = mean + gain * (obs - mean), (1 - gain) * var
    return total


COUNTS = (0, 3, 12)


def _poisson_log_rate(log_rate):
    return -sum(c * log_rate - mpmath.exp(log_rate) - mpmath.loggamma(c + 1) for c in COUNTS)


def _digamma_step(r, c):
    """psi(c + r) - psi(r) for a whole count c: the derivative in r of log Gamma(c + r) / Gamma(r)."""
    return sum(1 / (r + k) for k in range(c))


def _negbin_logit(r, logit):
    """d/dr and d/dlogit of -sum log NB(c; r, p = sigmoid(logit)) (gammaln at 2,000 digits is too slow to diff)."""
    def truth():
        r_, z = _f(r), _f(logit)
        log_1mp = -mpmath.log1p(mpmath.exp(z))
        return {"r": -sum(_digamma_step(r_, c) + log_1mp for c in COUNTS),
                "logit": -sum(-r_ * sig(z) + c * (1 - sig(z)) for c in COUNTS)}
    return hp(truth)


def _negbin_scipy(r, p):
    """scipy.stats.nbinom's convention: p is the success probability, pmf C(c + r - 1, c) p^r (1 - p)^c."""
    def truth():
        r_, p_ = _f(r), _f(p)
        return {"r": -sum(_digamma_step(r_, c) + mpmath.log(p_) for c in COUNTS),
                "p": -sum(r_ / p_ - c / (1 - p_) for c in COUNTS)}
    return hp(truth)


def _negbin_p(r, p):
    def truth():
        r_, p_ = _f(r), _f(p)
        return {"r": -sum(_digamma_step(r_, c) + mpmath.log1p(-p_) for c in COUNTS),
                "p": -sum(-r_ / (1 - p_) + c / p_ for c in COUNTS)}
    return hp(truth)


def _sinkhorn(a, c):
    eps = _f(0.05)
    log_a, log_b = [mpmath.log(v) for v in a], [mpmath.log(_f(0.5))] * 2
    f, g = [mp(0)] * 2, [mp(0)] * 2
    for _ in range(3):
        f = [-eps * _lse([(g[j] - c[i][j]) / eps + log_b[j] for j in range(2)]) for i in range(2)]
        g = [-eps * _lse([(f[i] - c[i][j]) / eps + log_a[i] for i in range(2)]) for j in range(2)]
    return sum(a[i] * f[i] for i in range(2)) + sum(_f(0.5) * g[j] for j in range(2))


def _masked_rows(x):
    return _lse([x[0][0], x[0][2]])  # the second row is fully masked: the function does not read it


def _log_scale_prob(rho, x):
    s = _softplus(rho)
    return sum(-mpmath.log(s) - (v / s) ** 2 / 2 for v in x)


def _angle(a, b):
    dot = sum(p * q for p, q in zip(a, b))
    return mpmath.acos(dot / (mpmath.sqrt(sum(p * p for p in a)) * mpmath.sqrt(sum(q * q for q in b))))


def _huber(r):
    return sum(v * v / 2 if abs(v) <= 1 else abs(v) - mp(1) / 2 for v in r)


def _xent(logits, labels=(0, 2, 2)):
    return -sum(row[k] - _lse(row) for row, k in zip(logits, labels)) / len(labels)


def _embed(table, ids=(1, 1, 2, 1)):
    s = [sum(table[i][d] for i in ids) for d in range(2)]
    return sum(mpmath.tanh(v) ** 2 for v in s)


def _vmapped(w, batch=((1.0, 1.0), (-2.0, 1.0), (0.5, -1.0))):
    return sum(_softplus(-_f(y) * (w[0] * _f(x) + w[1])) for x, y in batch) / len(batch)


def _remat(w, h):
    for _ in range(3):
        h = h + mpmath.tanh(w * h)
    return h * h


def _floored_log(x):
    return sum(mpmath.log(max(v, _f(1e-3))) for v in x)


def _tempered(x):
    return sum(2 * _softplus(v / 2) for v in x)


def _pick(x):
    return mpmath.exp(x[0]) / sum(mpmath.exp(v) for v in x)


def _segment_pool(x, ids=(0, 2, 0, 2)):
    sums = [sum(mpmath.exp(v) for v, i in zip(x, ids) if i == k) for k in range(3)]
    return sum(mpmath.log1p(v) for v in sums)


def _scatter_max(x):
    return max(mp(0), x[0], x[1]) ** 2 + max(mp(0), x[2]) ** 2


def _cum_lse(x):
    return sum(_lse(x[:k + 1]) for k in range(len(x)))


def _top2_mean(x):
    return sum(sorted(x)[-2:]) / 2


def _smoothstep(t):
    return sum(mp(0) if v < 0 else (v * v * (3 - 2 * v) if v < 1 else mp(1)) for v in t)


def _batch_scores(w, xs=((1.0, 2.0), (-1.0, 0.5), (0.0, 3.0))):
    return sum(mpmath.tanh(w[0] * _f(a) + w[1] * _f(b) + _f(0.1)) ** 2 for a, b in xs)


def _neg_log_softmax0(x):
    return _lse(x) - x[0]


def _signed_lse(x, b=(1, -1, 1)):
    return mpmath.log(sum(bk * mpmath.exp(v) for bk, v in zip(b, x)))


def _kalman2d(q):
    f = mpmath.matrix([[1, 1], [0, 1]])
    p, m, total = mpmath.eye(2), mpmath.matrix([0, 0]), mp(0)
    for obs in (0.5, 1.4, 2.2):
        m = f * m
        p = f * p * f.T + q * mpmath.eye(2)
        s = p[0, 0] + _f(0.1)
        k = mpmath.matrix([p[0, 0] / s, p[1, 0] / s])
        resid = _f(obs) - m[0]
        total += (mpmath.log(s) + resid ** 2 / s) / 2
        m = m + k * resid
        p = p - k * mpmath.matrix([[p[0, 0], p[0, 1]]])
    return total


def _cum_softplus(x):
    total, running = mp(0), mp(0)
    for v in x:
        running += _softplus(v)
        total += running ** 2
    return total


JAX = [
    # a meta-gradient through Adam: the second weight's inner gradient is 0 (relu), where sqrt(v) has slope inf and
    # v has slope 0; the update g/(|g|+eps) is smooth there (slope 1/eps) and its input g is locally constant, so
    # d/dw0[1] is the plain 2(w0 - 1); JAX's NaN is a NaN at any precision: the composition of rules is wrong
    Case(J, "adam_meta", "w0=[0.5,-0.3],lr=0.1", "float64", "wrong", num_grad(_adam_meta, w0=[0.5, -0.3], lr=0.1),
         "jnp.sqrt(v_hat) + EPS"),
    Case(J, "adam_meta", "w0=[0.5,0.3],lr=0.1", "float64", "ok", num_grad(_adam_meta, w0=[0.5, 0.3], lr=0.1)),
    Case(J, "gp_nll", None, "float64", "ok", renamed(num_grad(_gp, log_ell=0.2, log_s=-0.1, noise=-2.0), "raw"),
         args="gp_args", wrt="raw.log_ell,raw.log_s,raw.noise"),
    Case(J, "gp_nll", None, "float64", "ok", renamed(num_grad(_gp, log_ell=0.2, log_s=-0.1, noise=-40.0), "raw"),
         args="gp_tiny_noise_args", wrt="raw.log_ell,raw.log_s,raw.noise"),
    Case(J, "kalman_loglik", "log_q=-1,log_r=-0.5", "float64", "ok", num_grad(_kalman, log_q=-1, log_r=-0.5)),
    Case(J, "poisson_nll", "log_rate=-700", "float64", "ok", num_grad(_poisson_log_rate, log_rate=-700)),
    # exp(-750) underflows to 0: xlogy(3, 0) = -inf; the exact slope is -(15 - 3 e^-750)
    Case(J, "poisson_nll", "log_rate=-750", "float64", "unstable", num_grad(_poisson_log_rate, log_rate=-750),
         "rate = jnp.exp(log_rate)"),
    Case(J, "negbin_nll", "r=2,logit=0.3", "float64", "ok", _negbin_logit(2, 0.3)),
    Case(J, "negbin_nll", "r=1e-300,logit=0.3", "float64", "ok", _negbin_logit(1e-300, 0.3)),
    Case(J, "sinkhorn_cost", "a=[0.3,0.7],c=[[0,1],[1,0]]", "float64", "ok",
         num_grad(_sinkhorn, a=[0.3, 0.7], c=[[0, 1], [1, 0]])),
    Case(J, "sinkhorn_cost", "a=[0.3,0.7],c=[[0,40],[40,0]]", "float64", "ok",
         num_grad(_sinkhorn, a=[0.3, 0.7], c=[[0, 40], [40, 0]])),
    # a fully masked row: logsumexp of -infs is -inf; the outer where drops it and the inner where stops the NaN
    Case(J, "masked_row_lse", None, "float64", "ok",
         hp(lambda: {"x": [[1 - sig(_f(2.0) - _f(0.5)), mp(0), sig(_f(2.0) - _f(0.5))], [mp(0)] * 3]}),
         args="masked_rows_args", wrt="x"),
    Case(J, "scale_log_prob", "rho=-30,x=[0.5]", "float64", "ok", num_grad(_log_scale_prob, rho=-30, x=[0.5])),
    # softplus(-746) = e^-746 = 1.0e-324 rounds to 0 in float64: -log(0) and 0/0
    Case(J, "scale_log_prob", "rho=-746,x=[0]", "float64", "unstable",
         num_grad(_log_scale_prob, rho=-746, x=[0.0]), "scale = jax.nn.softplus(rho)"),
    # nearly parallel: the cosine is 1 - 1.7e-17, which float64 rounds; arccos's slope there is -1/sin = -1e8
    Case(J, "angle_acos", "a=[1,2,3],b=[1,2,3.0000001]", "float64", "unstable",
         num_grad(_angle, a=[1, 2, 3], b=[1, 2, 3.0000001])),
    # parallel: the angle is a cone in b (no derivative in any coordinate of a or b)
    Case(J, "angle_acos", "a=[1,2,3],b=[2,4,6]", "float64", "domain",
         hp(lambda: {"a": [NAN] * 3, "b": [NAN] * 3})),
    # antiparallel in the plane: arctan2(+0, -1) = pi sits on the branch cut; a[1] and b[1] move the cross product
    # off 0 (a jump to -pi on one side), a[0] and b[0] keep it 0 (pi stays)
    Case(J, "angle_atan2", "a=[1,0],b=[-1,0]", "float64", "domain",
         hp(lambda: {"a": [mp(0), NAN], "b": [mp(0), NAN]})),
    Case(J, "heading", "y=0,x=-1", "float64", "domain", hp(lambda: {"y": NAN, "x": mp(0)})),
    Case(J, "heading", "y=1e-300,x=-1", "float64", "ok", hp(lambda: {"y": mp(-1) / (1 + _f(1e-300) ** 2),
                                                                    "x": -_f(1e-300) / (1 + _f(1e-300) ** 2)})),
    # Huber is C1: at |r| = 1 both pieces have slope +-1
    Case(J, "huber_piecewise", "r=[1,-1,0.3,2.5]", "float64", "ok", num_grad(_huber, r=[1, -1, 0.3, 2.5])),
    Case(J, "indexed_xent", None, "float64", "ok",
         num_grad(_xent, logits=[[2.0, -1.0, 0.5], [0.1, 0.2, -3.0], [1.5, 1.5, -0.5]]),
         args="indexed_xent_args", wrt="logits"),
    Case(J, "embed_loss", None, "float64", "ok",
         num_grad(_embed, table=[[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]]), args="embed_args", wrt="table"),
    Case(J, "vmapped_logistic", None, "float64", "ok", num_grad(_vmapped, w=[0.7, -0.3]), args="vmapped_args",
         wrt="w"),
    Case(J, "remat_net", "w=0.5,h=0.3", "float64", "ok", num_grad(_remat, w=0.5, h=0.3)),
    Case(J, "floored_log_loss", "x=[1e-4,0.5]", "float64", "ok", num_grad(_floored_log, x=[1e-4, 0.5])),
    # the rule forgets the temperature: sigmoid(x) where the slope is sigmoid(x/2)
    Case(J, "tempered_loss", "x=[0.5,-3]", "float64", "wrong", num_grad(_tempered, x=[0.5, -3]),
         "def _tempered_softplus_jvp"),
    Case(J, "softmax_pick", "x=[12,0]", "float16", "unstable", num_grad(_pick, "float16", x=[12, 0])),
    Case(J, "softmax_pick", "x=[2,0]", "float16", "ok", num_grad(_pick, "float16", x=[2, 0])),
    Case(J, "softmax_pick", "x=[2,0]", "bfloat16", "ok", num_grad(_pick, "float32", x=[2, 0])),
    Case(J, "softmax_pick", "x=[100,0]", "bfloat16", "unstable", num_grad(_pick, "float32", x=[100, 0]), None,
         "jax.nn.softmax"),
    Case(J, "angle_atan2", "a=[1,0],b=[0.6,0.8]", "float32", "ok",
         num_grad(lambda a, b: mpmath.atan2(a[0] * b[1] - a[1] * b[0], a[0] * b[0] + a[1] * b[1]), "float32",
                  a=[1, 0], b=[0.6, 0.8])),
    Case(J, "masked_where_lse", None, "float64", "ok",
         hp(lambda: {"x": [[1 - sig(_f(2.0) - _f(0.5)), mp(0), sig(_f(2.0) - _f(0.5))], [mp(0)] * 3]}),
         args="masked_rows_args", wrt="x"),
    Case(J, "segment_pool", None, "float64", "ok", num_grad(_segment_pool, x=[0.5, -1.0, 2.0, 0.3]),
         args="segment_args", wrt="x"),
    Case(J, "scatter_max_loss", "x=[1.5,0.5,-2]", "float64", "ok", num_grad(_scatter_max, x=[1.5, 0.5, -2])),
    # a tie inside the scatter-max: pooled[0] = max(0, x0, x1) has a kink in x0 and x1; max(0, x2) is flat at -2
    Case(J, "scatter_max_loss", "x=[1.5,1.5,-2]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(J, "cum_lse", "x=[0.5,-1,800]", "float64", "ok", num_grad(_cum_lse, x=[0.5, -1, 800])),
    Case(J, "top2_mean", "x=[0.3,2,-1,1.5]", "float64", "ok", num_grad(_top2_mean, x=[0.3, 2, -1, 1.5])),
    # a tie between the two kept values is no kink: the kept set {x0, x1} is the same on every side
    Case(J, "top2_mean", "x=[2,2,1]", "float64", "ok", hp(lambda: {"x": [mp(1) / 2, mp(1) / 2, mp(0)]})),
    # smoothstep: C1 at both switches (slope 0 from each side)
    Case(J, "select_piecewise", "t=[0,1,0.5,-0.3,1.2]", "float64", "ok",
         hp(lambda: {"t": [mp(0), mp(0), mp(3) / 2, mp(0), mp(0)]})),
    Case(J, "switch_loss", None, "float64", "ok", hp(lambda: {"x": 3 * _f(0.7) ** 2}), args="switch_args", wrt="x"),
    # a log-sum-exp over an empty slice is -inf (the max over nothing is JAX's identity, -inf), and
    # logaddexp(0, -inf) = 0: the loss is sum(x^2)
    Case(J, "tail_lse", "x=[1,2,3]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(4), mp(6)]})),
    Case(J, "batch_scores", None, "float64", "ok", num_grad(_batch_scores, w=[0.5, -0.25]), args="batch_args",
         wrt="w"),
]


NUMPY = [
    Case(N, "gp_nll", "log_ell=0.2,log_s=-0.1,noise_raw=-2", "float64", "ok",
         num_grad(lambda log_ell, log_s, noise_raw: _gp(log_ell, log_s, noise_raw), log_ell=0.2, log_s=-0.1,
                  noise_raw=-2.0)),
    Case(N, "kalman_loglik", "log_q=-1,log_r=-0.5", "float64", "ok", num_grad(_kalman_scipy, log_q=-1, log_r=-0.5)),
    Case(N, "poisson_nll", "rate=1e-300", "float64", "ok",
         hp(lambda: {"rate": -sum(c / _f(1e-300) - 1 for c in COUNTS)})),
    Case(N, "poisson_nll", "rate=2.5", "float64", "ok", hp(lambda: {"rate": -sum(c / _f(2.5) - 1 for c in COUNTS)})),
    Case(N, "poisson_xlogy", "log_rate=-750", "float64", "unstable", num_grad(_poisson_log_rate, log_rate=-750),
         "rate = np.exp(log_rate)"),
    Case(N, "negbin_nll", "r=2,p=0.4", "float64", "ok", _negbin_p(2, 0.4)),
    Case(N, "negbin_nll", "r=1e-300,p=0.4", "float64", "ok", _negbin_p(1e-300, 0.4)),
    Case(N, "negbin_stats", "r=2,p=0.4", "float64", "ok", _negbin_scipy(2, 0.4)),
    Case(N, "sinkhorn_cost", "a=[0.3,0.7],c=[[0,40],[40,0]]", "float64", "ok",
         num_grad(_sinkhorn, a=[0.3, 0.7], c=[[0, 40], [40, 0]])),
    # zero weights on the whole second row: logsumexp gives -inf there; its rule drops the entries of weight 0 as
    # SciPy's value does, so the row's entries get slope 0 (not 0/0) and the outer where's drop leaks no NaN
    Case(N, "weighted_row_lse", "x=[[0.5,-1,2],[3,0.1,-0.4]]", "float64", "ok",
         hp(lambda: {"x": [[1 - sig(_f(2.0) - _f(0.5)), mp(0), sig(_f(2.0) - _f(0.5))], [mp(0)] * 3]}),
         "lse = logsumexp(x, axis=1, b=mask)"),
    Case(N, "huber_select", "r=[1,-1,0.3,2.5]", "float64", "ok", num_grad(_huber, r=[1, -1, 0.3, 2.5])),
    Case(N, "huber_piecewise", "r=[1,-1,0.3,2.5]", "float64", "ok", num_grad(_huber, r=[1, -1, 0.3, 2.5])),
    Case(N, "angle_acos", "a=[1,2,3],b=[1,2,3.0000001]", "float64", "unstable",
         num_grad(_angle, a=[1, 2, 3], b=[1, 2, 3.0000001])),
    Case(N, "angle_atan2", "a=[1,2,3],b=[1,2,3.0000001]", "float64", "ok",
         num_grad(_angle, a=[1, 2, 3], b=[1, 2, 3.0000001])),
    Case(N, "heading", "y=0,x=-1", "float64", "domain", hp(lambda: {"y": NAN, "x": mp(0)})),
    Case(N, "heading", "y=0,x=0", "float64", "domain", hp(lambda: {"y": NAN, "x": NAN})),
    Case(N, "indexed_xent", "logits=[[2,-1,0.5],[0.1,0.2,-3],[1.5,1.5,-0.5]]", "float64", "ok",
         num_grad(_xent, logits=[[2.0, -1.0, 0.5], [0.1, 0.2, -3.0], [1.5, 1.5, -0.5]])),
    Case(N, "take_xent", "logits=[[2,-1,0.5],[0.1,0.2,-3],[1.5,1.5,-0.5]]", "float64", "ok",
         num_grad(_xent, logits=[[2.0, -1.0, 0.5], [0.1, 0.2, -3.0], [1.5, 1.5, -0.5]])),
    Case(N, "scale_log_prob", "rho=-746,x=[0]", "float64", "unstable", num_grad(_log_scale_prob, rho=-746, x=[0.0]),
         "scale = np.log1p(np.exp(rho))"),
    # the first entry's slope is -e^-800 (1e-348, beyond float64: its 0 is the rounded truth)
    Case(N, "log_softmax_pick", "x=[800,0,-800]", "float64", "ok", num_grad(_neg_log_softmax0, x=[800, 0, -800])),
    Case(N, "signed_lse", "x=[1,0.5,2]", "float64", "ok", num_grad(_signed_lse, x=[1, 0.5, 2])),
    Case(N, "signed_lse", "x=[1,1,-30]", "float64", "ok", num_grad(_signed_lse, x=[1, 1, -30])),
    Case(N, "kalman2d", "q=0.1", "float64", "ok", num_grad(_kalman2d, q=0.1)),
    Case(N, "cumulative_softplus", "x=[800,-800,0.5]", "float64", "ok",
         num_grad(_cum_softplus, x=[800, -800, 0.5])),
    Case(N, "tail_lse", "x=[1,2,3]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(4), mp(6)]})),
    Case(N, "smoothstep_select", "t=[0,1,0.5,-0.3,1.2]", "float64", "ok",
         hp(lambda: {"t": [mp(0), mp(0), mp(3) / 2, mp(0), mp(0)]})),
]

ALL = JAX + NUMPY
