"""The tenth trial set (first half): switches that are no corner (Huber, smooth L1, ELU joined by where, lax.cond
joining two pieces with the same slope), switches that are (relu6, hard_tanh, an inf-norm at a tie, lax.switch's
jump), points just beside a switch and at tiny magnitudes, signed and masked log-sum-exp at -800, log1mexp with a
right jvp and one cut in its tail, a gradient-clipping custom_vjp and a two-argument custom_vjp wrong in one argument,
erfinv, ndtri and log_ndtr in their tails, p-norms and row normalisation whose squares or cubes underflow, an RNN over
a nested parameter tree by --wrt, jax.checkpoint, a jitted function with a static argument, a while_loop (JAX cannot
reverse it), framework-spelled fixes; plain NumPy and SciPy in three import styles (masked assignment, math.exp on a
scalar, numpy.select, in-place accumulation, xlog1py, log_expit, log_ndtr, erfcx, signed logsumexp, log_softmax over
a batch, a negative binomial's dispersion, a focal loss); gradcli.numpy's own logsumexp with weights and softmax.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds, constants the float64 numbers the program writes.
"""

import mpmath
import scipy.special

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, each, hp, sig

SQRT_PI = lambda: mpmath.sqrt(mpmath.pi)  # noqa: E731


def _f(v):
    return mp(float(v))


def _huber(xs, delta=1.0):
    return each("x", lambda x: x if abs(x) <= delta else delta * mpmath.sign(x), xs)


def _smooth_l1(xs, beta=0.5):
    return each("x", lambda x: x / _f(beta) if abs(x) < beta else mpmath.sign(x), xs)


def _signed_lse(a, b, dtype="float64"):
    def truth():
        xs = _in(dtype, a)
        e = [mp(bk) * mpmath.exp(x) for bk, x in zip(b, xs)]
        s = sum(e)
        return {"a": [v / s for v in e]}
    return hp(truth)


def _masked_lse(a, keep):
    def truth():
        xs = _in("float64", a)
        s = sum(mpmath.exp(xs[k]) for k in keep)
        return {"a": [mpmath.exp(x) / s if k in keep else mp(0) for k, x in enumerate(xs)]}
    return hp(truth)


def _log1mexp(xs, dtype="float64"):
    return each("x", lambda x: 1 / mpmath.expm1(x), xs, dtype)


def _erfinv_slope(x):
    return SQRT_PI() / 2 * mpmath.exp(mpmath.erfinv(x) ** 2)


def _ncdf(q):
    return mpmath.erfc(-q / mpmath.sqrt(2)) / 2


def _ndtri_slope(p):
    """1 / phi(q) where Phi(q) = p; q by Newton's method on log Phi(q) = log p (quadratic: 16 digits to 2,000)."""
    q = mp(float(scipy.special.ndtri(float(p))))
    for _ in range(12):
        q -= (mpmath.log(_ncdf(q)) - mpmath.log(p)) * _ncdf(q) / _npdf(q)
    return 1 / _npdf(q)


def _npdf(q):
    return mpmath.exp(-q * q / 2) / mpmath.sqrt(2 * mpmath.pi)


def _mills(x):
    """d/dx log Phi(x) = phi(x) / Phi(x)."""
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi) / (mpmath.erfc(-x / mpmath.sqrt(2)) / 2)


def _bernoulli(ps, labels=(1, 0, 1)):
    return hp(
        lambda: {"p": [-1 / p if y else 1 / (1 - p) for p, y in zip(_in("float64", ps), labels)]})


def _p_norm(xs, p=3):
    def truth():
        x = _in("float64", xs)
        n = sum(abs(v) ** p for v in x) ** (mp(1) / p)
        return {"x": [v * abs(v) ** (p - 2) / n ** (p - 1) for v in x]}
    return hp(truth)


def _normalize(xs, c=(1, 2)):
    def truth():
        x = _in("float64", xs)
        r = mpmath.sqrt(sum(v * v for v in x))
        dot = sum(ck * v for ck, v in zip(c, x))
        return {"x": [ck / r - dot * v / r ** 3 for ck, v in zip(c, x)]}
    return hp(truth)


def _rnn():
    def truth():
        w, u, out, target = mp("0.5"), mp("-1.25"), mp(2), mp("0.75")
        h, hw, hu = mp(0), mp(0), mp(0)
        for x in (mp("0.5"), mp(-1), mp(2)):
            new = mpmath.tanh(w * h + u * x)
            hw, hu = (1 - new ** 2) * (h + w * hw), (1 - new ** 2) * (x + w * hu)
            h = new
        r = 2 * (out * h - target)
        return {"params.rnn.w": r * out * hw, "params.rnn.u": r * out * hu, "params.out": r * h}
    return hp(truth)


def _remat(xs):
    def g(x):
        return mpmath.sin(x) * mpmath.exp(-x * x)

    def dg(x):
        return (mpmath.cos(x) - 2 * x * mpmath.sin(x)) * mpmath.exp(-x * x)
    return each("x", lambda x: dg(g(x)) * dg(x), xs)


def _cosine_sim(xs, ref=(1, 1, 1)):
    def truth():
        x = _in("float64", xs)
        nx, nr = mpmath.sqrt(sum(v * v for v in x)), mpmath.sqrt(sum(mp(v) ** 2 for v in ref))
        dot = sum(mp(r) * v for r, v in zip(ref, x))
        return {"x": [mp(r) / (nx * nr) - dot * v / (nx ** 3 * nr) for r, v in zip(ref, x)]}
    return hp(truth)


def _negbin(r, counts=(0, 3, 10), mu=4):
    def slope(r):
        return sum(mpmath.digamma(k + r) - mpmath.digamma(r) + mpmath.log(r / (r + mu)) + 1 - r / (r + mu)
                   - k / (r + mu) for k in map(mp, counts))
    return each("r", slope, [r])


def _focal(zs, targets=(1, 0)):
    def slope(z, y):
        p = sig(z)
        if y:  # d/dz -(1-p)^2 log p
            return 2 * (1 - p) * p * (1 - p) * mpmath.log(p) - (1 - p) ** 2 * (1 - p)
        return -(2 * p * p * (1 - p) * mpmath.log(1 - p) - p * p * p)  # d/dz -p^2 log(1-p)
    return hp(lambda: {"z": [slope(z, y) for z, y in zip(_in("float64", zs), targets)]})


def _logistic(w):
    def truth():
        X = [[mp(1), mp(2)], [mp(-3), mp("0.5")], [mp(2), mp(-1)]]
        Y = [mp(1), mp(-1), mp(1)]
        ws = _in("float64", w)
        g = [mp(0), mp(0)]
        for x, y in zip(X, Y):
            m = y * sum(a * b for a, b in zip(x, ws))
            g = [gk - y * xk * sig(-m) for gk, xk in zip(g, x)]
        return {"w": g}
    return hp(truth)


def _batch_ce(z, classes=(0, 2)):
    def truth():
        rows = [_in("float64", row) for row in z]
        out = []
        for row, c in zip(rows, classes):
            top = max(row)
            e = [mpmath.exp(v - top) for v in row]
            out.append([(v / sum(e) - (1 if k == c else 0)) / len(rows) for k, v in enumerate(e)])
        return {"z": out}
    return hp(truth)


def _log_erfcx(x):
    return 2 * x - 2 / SQRT_PI() / (mpmath.exp(x * x) * mpmath.erfc(x))


def _entropy(ps):
    return each("p", lambda p: -mpmath.log(p) + mpmath.log1p(-p), ps)


def _softmax_avg(s, values=(1, 2, 3)):
    def truth():
        xs = _in("float64", s)
        top = max(xs)
        e = [mpmath.exp(v - top) for v in xs]
        p = [v / sum(e) for v in e]
        mean = sum(pk * mp(v) for pk, v in zip(p, values))
        return {"s": [pk * (mp(v) - mean) for pk, v in zip(p, values)]}
    return hp(truth)


J = "jax_lib10a.py"
JAX = [
    # switches that are no corner: value and slope agree across them
    Case(J, "huber", "x=[1,-1,0,2]", "float64", "ok", _huber([1, -1, 0, 2])),
    Case(J, "huber", "x=[1,-1,0.25]", "float32", "ok", _huber([1, -1, 0.25])),
    Case(J, "smooth_l1", "x=[0.5,-0.5,1e-300,3]", "float64", "ok", _smooth_l1([0.5, -0.5, 1e-300, 3])),
    Case(J, "elu_joined", "x=[0,-800,1e-300]", "float64", "ok", each("x", lambda x: mpmath.exp(min(x, 0)), [0, -800, 1e-300])),
    Case(J, "cond_branch", "x=1", "float64", "ok", hp(lambda: {"x": mp(2)})),
    # switches that are corners or jumps, and points just beside them
    Case(J, "relu6_sum", "x=[6,3]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    Case(J, "relu6_sum", "x=[5.999999999999999,1e-300,-1e-300]", "float64", "ok",
         hp(lambda: {"x": [mp(1), mp(1), mp(0)]})),
    Case(J, "hard_tanh_sq", "x=[1,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    Case(J, "hard_tanh_sq", "x=[1.0000000000000002,-0.9999999999999999,0.5]", "float64", "ok",
         each("x", lambda x: 0 if abs(x) > 1 else 2 * x, [1.0000000000000002, -0.9999999999999999, 0.5])),
    Case(J, "leaky_tiny", "x=[1e-300,-1e-300,3e-308]", "float64", "ok",
         hp(lambda: {"x": [mp(1), _f(0.01), mp(1)]})),
    Case(J, "max_norm", "x=[3,-3,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(J, "max_norm", "x=[3,-5,1]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(-1), mp(0)]})),
    Case(J, "switch_branch", "x=1", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(J, "switch_branch", "x=2.5", "float64", "ok", hp(lambda: {"x": 3 * mp("2.5") ** 2})),
    # log-sum-exp with signs and masks at -800
    Case(J, "signed_lse", "a=[-800,-800.5,-801]", "float64", "ok", _signed_lse([-800, -800.5, -801], (1, -1, 0.5))),
    Case(J, "signed_lse", "a=[-800,-800,-801]", "float64", "ok", _signed_lse([-800, -800, -801], (1, -1, 0.5))),
    Case(J, "signed_lse", "a=[-80,-80.5,-81]", "float32", "ok", _signed_lse([-80, -80.5, -81], (1, -1, 0.5), "float32")),
    Case(J, "masked_lse", "a=[-800,1000,-801]", "float64", "ok", _masked_lse([-800, 1000, -801], (0, 2))),
    # custom rules: right, cut in the tail (wrong), clipping the cotangent (wrong), wrong in one argument
    Case(J, "log1mexp_sum", "x=[1e-300,0.5,800,0.6931471805599453]", "float64", "ok",
         _log1mexp([1e-300, 0.5, 800, 0.6931471805599453])),
    Case(J, "log1mexp_sum", "x=[1e-30,0.5,30]", "float32", "ok", _log1mexp([1e-30, 0.5, 30], "float32")),
    Case(J, "log1mexp_fast_sum", "x=[21,0.5]", "float64", "wrong", _log1mexp([21, 0.5]), "def _log1mexp_fast_jvp"),
    Case(J, "log1mexp_fast_sum", "x=[60,0.5]", "float64", "ok", _log1mexp([60, 0.5])),
    Case(J, "clipped_energy", "x=[0.1,2]", "float64", "wrong", hp(lambda: {"x": [6 * _f(0.1), mp(12)]}),
         "def _clip_gradient_bwd"),
    Case(J, "clipped_energy", "x=[0.1,-0.1]", "float64", "ok", hp(lambda: {"x": [6 * _f(0.1), -6 * _f(0.1)]})),
    Case(J, "scaled_sum", "x=2,y=0.5", "float64", "wrong",
         hp(lambda: {"x": mpmath.exp(mp("0.5")), "y": 2 * mpmath.exp(mp("0.5"))}), "def _scaled_product_bwd"),
    # special functions in their tails
    Case(J, "erfinv_tail", "x=[0.9999999999999999,0.5,-0.999]", "float64", "ok",
         each("x", _erfinv_slope, [0.9999999999999999, 0.5, -0.999])),
    Case(J, "ndtri_tail", "p=[1e-300,0.5]", "float64", "ok", each("p", _ndtri_slope, [1e-300, 0.5])),
    # JAX's log_ndtr rule subtracts two numbers near -5e19 at x = -1e10: precision, not a wrong rule
    Case(J, "log_ndtr_far", "x=[-1e10,-40,10]", "float64", "unstable", each("x", _mills, [-1e10, -40, 10])),
    Case(J, "log_ndtr_far", "x=[-1e3,-40,10]", "float64", "ok", each("x", _mills, [-1e3, -40, 10])),
    Case(J, "bernoulli_nll", "p=[1e-300,0.5,1e-300]", "float64", "ok", _bernoulli([1e-300, 0.5, 1e-300])),
    # norms: |x|^3 is smooth at 0; its cube underflowing is precision
    Case(J, "cube_norm", "x=[0,3,-4]", "float64", "ok", _p_norm([0, 3, -4])),
    Case(J, "cube_norm", "x=[1e-120,2e-120]", "float64", "unstable", _p_norm([1e-120, 2e-120])),
    Case(J, "normalize_rows", "x=[3e-200,4e-200]", "float64", "unstable", _normalize([3e-200, 4e-200])),
    Case(J, "normalize_rows", "x=[3e-150,4e-150]", "float64", "ok", _normalize([3e-150, 4e-150])),
    # trees, checkpoint, jit with a static argument
    Case(J, "rnn_loss", None, "float64", "ok", _rnn(), args="rnn_args", wrt="params.rnn.w,params.rnn.u,params.out"),
    Case(J, "remat_loss", "x=[0.3,-1.2]", "float64", "ok", _remat([0.3, -1.2])),
    Case(J, "jit_power", "x=[1,-2]", "float64", "ok", hp(lambda: {"x": [mp(3), mp(12)]})),
    # spellings JAX has a stable function for
    Case(J, "log_one_minus_sigmoid", "x=40", "float64", "unstable", hp(lambda: {"x": -sig(mp(40))}),
         "jnp.log(1.0 - jax.nn.sigmoid(x))", "log_sigmoid(-x)"),
    Case(J, "log_two_exps", "a=800,b=799", "float64", "unstable",
         hp(lambda: {"a": sig(mp(1)), "b": sig(mp(-1))}), "jnp.log(jnp.exp(a) + jnp.exp(b))", "logaddexp("),
    Case(J, "exp_minus_one", "x=1e-20", "float64", "unstable", each("x", mpmath.exp, [1e-20]), None, "expm1("),
]

def _boxcox_slope(lmbda, data=(mp("0.5"), mp(2), mp(7))):
    """d/dlmbda of the sum of (x^lmbda - 1)/lmbda over numpy_sc10a's DATA."""
    return sum(x**lmbda * mpmath.log(x) / lmbda - (x**lmbda - 1) / lmbda**2 for x in data)


S, I, T = "numpy_sc10a.py", "numpy_imports10a.py", "numpy_star10a.py"
NUMPY = [
    Case(S, "logistic_loss", "w=[400,-200]", "float64", "ok", _logistic([400, -200])),
    Case(S, "log_expit_naive", "z=[-800,2]", "float64", "unstable", each("z", lambda z: sig(-z), [-800, 2]),
         "onp.log(sc.expit(z))", "log_expit(|logaddexp(0, -z)"),
    Case(S, "gauss_tail", "x=[-1e5,3]", "float64", "ok", each("x", _mills, [-1e5, 3])),
    Case(S, "log_erfcx", "x=[3,-3]", "float64", "ok", each("x", _log_erfcx, [3, -3])),
    Case(S, "weighted_lse", "a=[-800,-800.5,-801]", "float64", "ok", _signed_lse([-800, -800.5, -801], (1, -1, 0.5))),
    Case(S, "batch_ce", "z=[[-800,-799,-801],[1000,0,1001]]", "float64", "ok",
         _batch_ce([[-800, -799, -801], [1000, 0, 1001]])),
    Case(S, "boxcox_ll", "lmbda=0.5", "float64", "ok", each("lmbda", _boxcox_slope, [0.5])),
    Case(I, "cosine_sim", "x=[1e200,2e200,0]", "float64", "unstable", _cosine_sim([1e200, 2e200, 0])),
    Case(I, "cosine_sim", "x=[1,2,0]", "float64", "ok", _cosine_sim([1, 2, 0])),
    Case(I, "relu_setitem", "x=[-1,2,0]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(4), mp(0)]})),
    Case(I, "math_scalar", "x=2", "float64", "ok", each("x", lambda x: (1 - x) * mpmath.exp(-x), [2])),
    Case(I, "select_cost", "x=[-0.5,0.5,3]", "float64", "ok", hp(lambda: {"x": [mp(-1), mp(1), mp(2)]})),
    Case(I, "select_cost", "x=[0,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    Case(I, "accumulate", "x=[1.5,-2,3]", "float64", "ok", hp(lambda: {"x": [mp(2) + 2 * mp(-2), 2 * mp("1.5"), mp(2)]})),
    Case(I, "binary_entropy", "p=[1e-300,0.5,0.999]", "float64", "ok", _entropy([1e-300, 0.5, 0.999])),
    Case(T, "focal_loss", "z=[2,-3]", "float64", "ok", _focal([2, -3])),
    Case(T, "focal_loss", "z=[2,40]", "float64", "unstable", _focal([2, 40])),
    Case(T, "negbin_ll", "r=2", "float64", "ok", _negbin(2)),
    Case(T, "negbin_ll", "r=1e15", "float64", "unstable", _negbin(1e15)),
]

G = "gn_lib10a.py"
GRADCLI = [
    Case(G, "signed_lse", "a=[-800,-800.5,-801]", "float64", "ok", _signed_lse([-800, -800.5, -801], (1, -1, 0.5))),
    Case(G, "attention_avg", "s=[800,-800,799]", "float64", "ok", _softmax_avg([800, -800, 799])),
    Case(G, "cube_norm", "x=[0,3,-4]", "float64", "ok", _p_norm([0, 3, -4])),
    Case(G, "abs_max_tiny", "x=[1e-300,-1e-300,5e-324]", "float64", "ok",
         hp(lambda: {"x": [mp(2), mp(-1), mp(2)]})),
]

ERRORS = [
    Case(J, "rnn_loss", None, "float32", "input-error", args="rnn_args", wrt="params.rnn.v", message=("params.rnn.w",)),
]

def _sinc(xs):
    return each("x", lambda x: (mpmath.cos(x) * x - mpmath.sin(x)) / x ** 2 if x else mp(0), xs)


def _scale_lp(s, x=1e-300):
    return each("s", lambda s: -1 / s + _f(x) ** 2 / s ** 3, [s])


def _gelu(xs):
    return each("x", lambda x: _ncdf(x) + x * _npdf(x), xs)


def _onehot_ce(z, classes=(0, 2)):
    batch = _batch_ce(z, classes)
    return lambda: {"logits": batch()["z"]}


MORE = [
    # JAX cannot reverse a while_loop: an input error naming the loop's line and a loop JAX can reverse
    Case(J, "newton_sqrt", "a=2", "float64", "input-error", message=("jax_lib10a.py:194", "lax.scan", "jax.jacfwd")),
    # scale**2 underflows at 1e-300; the exact slope -1/s + x^2/s^3 is 0 there exactly (x and s the same number)
    Case(J, "scale_logpdf", "s=1e-300", "float64", "unstable", _scale_lp(1e-300)),
    # ...and at 1e-100 the backward's 1/scale**2 is inf times (1e-300)**2 = 0: JAX's gradient is NaN
    Case(J, "scale_logpdf", "s=1e-100", "float64", "unstable", _scale_lp(1e-100)),
    Case(J, "sinc_where", "x=[0,0.5]", "float64", "ok", _sinc([0, 0.5])),
    # beside 0 (no switch there): the quotient rule's x**2 underflows
    Case(J, "sinc_where", "x=[0,1e-300]", "float64", "unstable", _sinc([0, 1e-300])),
    Case(J, "trimmed_mean", "x=[1,1,5,3]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0), mp("0.5")]})),
    Case(J, "trimmed_mean", "x=[1,2,5,3]", "float64", "ok", hp(lambda: {"x": [mp(0), mp("0.5"), mp(0), mp("0.5")]})),
    Case(J, "gelu_exact", "x=[-10,3,-30]", "float64", "ok", _gelu([-10, 3, -30])),
    Case(J, "frobenius", "w=[[1e200,2e200],[0,2e200]]", "float64", "unstable",
         hp(lambda: {"w": [[mp(1) / 3, mp(2) / 3], [mp(0), mp(2) / 3]]})),
    Case(J, "onehot_ce", None, "float64", "ok", _onehot_ce([[2, -1, 0.5], [-800, 0, 800]]), args="onehot_ce_args",
         wrt="logits"),
    # the dropout mask is data drawn by JAX's PRNG (kept: w[0], w[1]); the shape derivative of the regularised
    # incomplete gamma function; cumprod through a zero; the entropy's slope at p = 0 is +inf from the right (the only side)
    Case(J, "dropout_loss", "w=[1,2,3,4]", "float64", "ok", hp(lambda: {"w": [mp(8), mp(16), mp(0), mp(0)]})),
    Case(J, "gammainc_shape", "a=[0.5,3]", "float64", "ok",
         each("a", lambda a: mpmath.diff(lambda s: mpmath.gammainc(s, 0, 2, regularized=True), a), [0.5, 3])),
    Case(J, "cumprod_sum", "x=[0,2,3]", "float64", "ok", hp(lambda: {"x": [mp(9), mp(0), mp(0)]})),
    Case(J, "entropy_at_zero", "p=[0,0.5,0.5]", "float64", "domain",
         hp(lambda: {"p": [mpmath.inf, -mpmath.log(mp("0.5")) - 1, -mpmath.log(mp("0.5")) - 1]})),
    # plain NumPy: a safe log by clip at its bound (a corner, slopes 0 | 1/c), just beside it, and slopes of
    # exp(-x^2), erfc and tanh far below float64 (as text)
    Case(I, "clip_floor", "x=[1e-300,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2)]})),
    Case(I, "clip_floor", "x=[1.0000000000000002e-300,0.5]", "float64", "ok",
         each("x", lambda x: 1 / x, [1.0000000000000002e-300, 0.5])),
    # the same corner by maximum; at [0.5, 2] the value log(0.5) + log(2) is exactly 0 as well
    Case(I, "max_floor", "x=[0.5,3]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1) / 3]})),
    Case(I, "max_floor", "x=[0.5,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp("0.5")]})),
    Case(I, "erfc_tail", "x=[27,26.5,-3]", "float64", "ok",
         each("x", lambda x: -2 / SQRT_PI() * mpmath.exp(-x * x), [27, 26.5, -3])),
    Case(S, "gauss_bump", "x=[100,1000]", "float64", "ok", each("x", lambda x: -2 * x * mpmath.exp(-x * x), [100, 1000])),
    Case(S, "tanh_far", "x=[800,-400]", "float64", "ok", each("x", lambda x: 1 / mpmath.cosh(x) ** 2, [800, -400])),
]

ALL = JAX + NUMPY + GRADCLI + ERRORS + MORE
