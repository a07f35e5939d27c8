"""The twenty-third trial set (c): naive formulas with a known stable spelling, in JAX, PyTorch, TensorFlow and plain
NumPy/SciPy, each at a point where it breaks (does gradcli offer the fix in that framework's spelling, re-checked
ok?): log(1 - exp(-x)), log(sigmoid(x)), the log of a softmax, sqrt(x*x + y*y), (exp(x) - 1)/x, (1 - cos x)/x^2,
log(cosh x), tanh by exponentials, atan(y/x), the log of a Gaussian cdf, a norm at zero and a where around a square
root or exp(-1/x); and custom rules wrong in new ways (a custom_vjp's cotangents in the wrong order, rules forgetting
the upstream, an autograd.Function saving its output and reading it as its input, a softplus rule whose exp
overflows in float32, tf.custom_gradient's variable gradients in the wrong order). A wrong rule is named at its
``def`` line, the rule's own line as earlier rounds take it.

Truths are the mathematics written here in mpmath (closed forms at 2,000 digits), never the user files' code; points
are the numbers the dtype holds. A coordinate with no derivative is written NaN by hand.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp

J, T, K, N = "jax_lib23c.py", "torch_lib23c.py", "tf_lib23c.py", "numpy_lib23c.py"


def sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _each(name, derivative, xs, dtype="float64"):
    return hp(lambda: {name: [derivative(v) for v in _in(dtype, xs)]})


def _one(name, derivative, x, dtype="float64"):
    return hp(lambda: {name: derivative(_in(dtype, [x])[0])})


def _log1mexp(x):
    """d/dx log(1 - exp(-x)) = 1 / expm1(x)."""
    return 1 / mpmath.expm1(x)


def _exprel(x):
    """d/dx (exp(x) - 1)/x = (x exp(x) - exp(x) + 1) / x^2."""
    return (x * mpmath.exp(x) - mpmath.expm1(x)) / x ** 2


def _versine(x):
    """d/dx (1 - cos x)/x^2 = (x sin x - 2 (1 - cos x)) / x^3."""
    return (x * mpmath.sin(x) - 4 * mpmath.sin(x / 2) ** 2) / x ** 3


def _log_ndtr(x):
    """d/dx log Phi(x) = phi(x) / Phi(x)."""
    return mpmath.npdf(x) / mpmath.ncdf(x)


def _log_softmax_first(xs, dtype="float64"):
    def truth():
        v = _in(dtype, xs)
        top = max(v)
        e = [mpmath.exp(a - top) for a in v]
        p = [a / sum(e) for a in e]
        return {"x": [1 - p[0]] + [-q for q in p[1:]]}
    return hp(truth)


def _radius(x, y, dtype="float64"):
    def truth():
        a, b = _in(dtype, [x, y])
        r = mpmath.sqrt(a * a + b * b)
        return {"x": a / r, "y": b / r}
    return hp(truth)


def _heading(x, y, dtype="float64"):
    """d atan(y/x) = (-y dx + x dy) / (x^2 + y^2)."""
    def truth():
        a, b = _in(dtype, [x, y])
        return {"x": -b / (a * a + b * b), "y": a / (a * a + b * b)}
    return hp(truth)


def _norm_slopes(xs):
    def truth():
        v = _in("float64", xs)
        r = mpmath.sqrt(sum(a * a for a in v))
        return {"x": [a / r for a in v]}
    return hp(truth)


def _scaled_sine(x, y):
    def truth():
        a, b = _in("float64", x), _in("float64", y)
        return {"x": [mpmath.sin(q) for q in b], "y": [p * mpmath.cos(q) for p, q in zip(a, b)]}
    return hp(truth)


def _affine_sine(xs):
    """d/dx sum sin(2 x + 0.5) = 2 cos(2 x + 0.5)."""
    return _each("x", lambda x: 2 * mpmath.cos(2 * x + mp("0.5")), xs)


def _smooth_step(x):
    return mp(0) if x <= 0 else mpmath.exp(-1 / x) / x ** 2


ALL = [
    # --- JAX ----------------------------------------------------------------------------------------------------------
    Case(J, "log_one_minus_exp", "x=[1e-10]", "float64", "unstable", _each("x", _log1mexp, [1e-10]),
         "jnp.log(1.0 - jnp.exp(-x))", fix="expm1"),
    Case(J, "log_one_minus_exp", "x=[0.5,3]", "float64", "ok", _each("x", _log1mexp, [0.5, 3])),
    Case(J, "log_prob_positive", "x=[-800]", "float64", "unstable", _each("x", lambda x: sig(-x), [-800]),
         "jnp.log(jax.nn.sigmoid(x))", fix="log_sigmoid"),
    Case(J, "log_probs_first", "x=[0,800]", "float64", "unstable", _log_softmax_first([0, 800]),
         "jnp.log(jax.nn.softmax(x))", fix="log_softmax"),
    # jnp.hypot's own slope is wrong past 1.3e154 (1.044 for 0.958 at (1e200, 3e199), JAX 0.10.2): the hypot fix is
    # rightly re-checked partial here, no fix demanded
    Case(J, "radius", "x=1e200,y=1e200", "float64", "unstable", _radius(1e200, 1e200), "jnp.sqrt(x * x + y * y)"),
    Case(J, "radius", "x=3,y=4", "float64", "ok", _radius(3, 4)),
    Case(J, "relative_growth", "x=1e-12", "float64", "unstable", _one("x", _exprel, 1e-12),
         "(jnp.exp(x) - 1.0) / x", fix="expm1"),
    Case(J, "versine_ratio", "x=1e-5", "float64", "unstable", _one("x", _versine, 1e-5),
         "(1.0 - jnp.cos(x)) / x ** 2", fix="sin("),
    Case(J, "log_cosh_loss", "x=[800]", "float64", "unstable", _each("x", mpmath.tanh, [800]),
         "jnp.log(jnp.cosh(x))", fix="sinh("),
    Case(J, "log_cosh_loss", "x=[0.5,-2]", "float32", "ok", _each("x", mpmath.tanh, [0.5, -2], "float32")),
    Case(J, "tanh_by_hand", "x=360", "float64", "unstable", _one("x", lambda x: mpmath.sech(x) ** 2, 360),
         "(jnp.exp(x) - jnp.exp(-x)) / (jnp.exp(x) + jnp.exp(-x))", fix="tanh"),
    Case(J, "heading", "x=1e-320,y=1", "float64", "unstable", _heading(1e-320, 1), "jnp.arctan(y / x)",
         fix="arctan2|atan2"),
    Case(J, "heading", "x=2,y=-1", "float64", "ok", _heading(2, -1)),
    Case(J, "log_gauss_cdf", "x=[-40]", "float64", "unstable", _each("x", _log_ndtr, [-40]),
         "jnp.log(0.5 * erfc(-x / jnp.sqrt(2.0)))", fix="log_ndtr"),
    Case(J, "log_norm_cdf", "x=[-40]", "float64", "unstable", _each("x", _log_ndtr, [-40]),
         "jnp.log(norm.cdf(x))", fix="log_ndtr|logcdf"),
    Case(J, "log_norm_cdf_stable", "x=[-40,0.5]", "float64", "ok", _each("x", _log_ndtr, [-40, 0.5])),
    Case(J, "vector_length", "x=[0,0]", "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    Case(J, "vector_length", "x=[3,-4]", "float64", "ok", _norm_slopes([3, -4])),
    Case(J, "root_or_zero", "x=[-1,4]", "float64", "wrong", hp(lambda: {"x": [mp(0), mp("0.25")]}),
         "jnp.where(x > 0, jnp.sqrt(x), 0.0)", fix="jnp.where(x > 0, x"),
    Case(J, "sine_energy", "x=[0.5],y=[1.2]", "float64", "wrong", _scaled_sine([0.5], [1.2]),
         "def _scaled_sine_bwd"),
    Case(J, "cube_loss", "x=[1.5,-0.5]", "float64", "wrong", _each("x", lambda x: 2 * x * x, [1.5, -0.5]),
         "def _soft_cube_bwd"),
    # --- PyTorch ------------------------------------------------------------------------------------------------------
    Case(T, "log_one_minus_exp", "x=[1e-10]", "float64", "unstable", _each("x", _log1mexp, [1e-10]),
         "torch.log(1 - torch.exp(-x))", fix="torch.expm1"),
    Case(T, "log_prob_positive", "x=[-800]", "float64", "unstable", _each("x", lambda x: sig(-x), [-800]),
         "torch.log(torch.sigmoid(x))", fix="logsigmoid"),
    Case(T, "log_probs_first", "x=[0,800]", "float64", "unstable", _log_softmax_first([0, 800]),
         "torch.log(torch.softmax(x, dim=0))", fix="log_softmax"),
    Case(T, "radius", "x=1e200,y=1e200", "float64", "unstable", _radius(1e200, 1e200), "torch.sqrt(x * x + y * y)",
         fix="torch.hypot"),
    Case(T, "log_cosh_loss", "x=[800]", "float64", "unstable", _each("x", mpmath.tanh, [800]),
         "torch.log(torch.cosh(x))", fix="sinh("),
    Case(T, "heading", "x=1e-320,y=1", "float64", "unstable", _heading(1e-320, 1), "torch.atan(y / x)", fix="arctan2|atan2"),
    Case(T, "log_gauss_cdf", "x=[-40]", "float64", "unstable", _each("x", _log_ndtr, [-40]),
         "torch.log(0.5 * torch.erfc(-x / math.sqrt(2)))", fix="log_ndtr"),
    Case(T, "log_gauss_cdf_stable", "x=[-40,0.5]", "float64", "ok", _each("x", _log_ndtr, [-40, 0.5])),
    Case(T, "log_gauss_cdf_stable", "x=[-10,2]", "float32", "ok", _each("x", _log_ndtr, [-10, 2], "float32")),
    Case(T, "relative_growth", "x=1e-12", "float64", "unstable", _one("x", _exprel, 1e-12),
         "(torch.exp(x) - 1) / x", fix="expm1"),
    Case(T, "cube_sum", "x=[1.5,-0.5]", "float64", "wrong", _each("x", lambda x: 3 * x * x, [1.5, -0.5]),
         "class Cube>>def backward"),
    Case(T, "softplus_sum", "x=[100,1]", "float32", "unstable", _each("x", sig, [100, 1], "float32"),
         "return grad_output * torch.exp(x) / (1 + torch.exp(x))", fix="sigmoid"),
    Case(T, "softplus_sum", "x=[100,1]", "float64", "ok", _each("x", sig, [100, 1])),
    Case(T, "square_loss", "x=[1.5]", "float64", "wrong", _each("x", lambda x: 6 * x, [1.5]), "class Square>>def backward"),
    # --- TensorFlow ---------------------------------------------------------------------------------------------------
    Case(K, "log_one_minus_exp", "x=[1e-10]", "float64", "unstable", _each("x", _log1mexp, [1e-10]),
         "tf.math.log(1.0 - tf.exp(-x))", fix="tf.math.expm1"),
    Case(K, "log_prob_positive", "x=[-800]", "float64", "unstable", _each("x", lambda x: sig(-x), [-800]),
         "tf.math.log(tf.sigmoid(x))", fix="log_sigmoid"),
    Case(K, "log_probs_first", "x=[0,800]", "float64", "unstable", _log_softmax_first([0, 800]),
         "tf.math.log(tf.nn.softmax(x))", fix="log_softmax"),
    Case(K, "relative_growth", "x=1e-12", "float64", "unstable", _one("x", _exprel, 1e-12),
         "(tf.exp(x) - 1.0) / x", fix="expm1"),
    Case(K, "log_cosh_loss", "x=[800]", "float64", "unstable", _each("x", mpmath.tanh, [800]),
         "tf.math.log(tf.cosh(x))", fix="sinh("),
    # TensorFlow has no log_ndtr (TensorFlow Probability's tfp.math.log_ndtr): no fix in its spelling is demanded
    Case(K, "log_gauss_cdf", "x=[-40]", "float64", "unstable", _each("x", _log_ndtr, [-40]),
         "tf.math.log(0.5 * tf.math.erfc("),
    Case(K, "smooth_step", "x=[0,0.5]", "float64", "wrong", _each("x", _smooth_step, [0, 0.5]),
         "tf.where(x > 0, tf.exp(-1.0 / x)", fix="tf.where(x > 0, x"),
    Case(K, "affine_sine_sum", "x=[0.3,0.7]", "float64", "wrong", _affine_sine([0.3, 0.7]), "def affine_sine>>def grad(upstream"),
    Case(K, "softplus_sum", "x=[100,1]", "float32", "unstable", _each("x", sig, [100, 1], "float32"),
         "return upstream * tf.exp(x) / (1.0 + tf.exp(x))", fix="sigmoid"),
    # --- plain NumPy and SciPy ----------------------------------------------------------------------------------------
    Case(N, "log_one_minus_exp", "x=[1e-10]", "float64", "unstable", _each("x", _log1mexp, [1e-10]),
         "np.log(1.0 - np.exp(-x))", fix="np.expm1"),
    Case(N, "relative_growth", "x=1e-12", "float64", "unstable", _one("x", _exprel, 1e-12),
         "(np.exp(x) - 1.0) / x", fix="expm1|exprel"),
    Case(N, "versine_ratio", "x=1e-5", "float64", "unstable", _one("x", _versine, 1e-5),
         "(1.0 - np.cos(x)) / x ** 2", fix="np.sin("),
    Case(N, "log_cosh_loss", "x=[800]", "float64", "unstable", _each("x", mpmath.tanh, [800]),
         "np.log(np.cosh(x))", fix="sinh("),
    Case(N, "heading", "x=1e-320,y=1", "float64", "unstable", _heading(1e-320, 1), "np.arctan(y / x)",
         fix="arctan2"),
    Case(N, "log_norm_cdf", "x=[-40]", "float64", "unstable", _each("x", _log_ndtr, [-40]),
         "np.log(norm.cdf(x))", fix="log_ndtr|logcdf"),
    Case(N, "radius", "x=1e200,y=-1e200", "float64", "unstable", _radius(1e200, -1e200), "np.sqrt(x * x + y * y)",
         fix="np.hypot"),
    Case(N, "entropy_term", "p=[1e-300,0.5]", "float64", "ok", _each("p", lambda p: mpmath.log(p) + 1, [1e-300, 0.5])),
    Case(N, "entropy_term_stable", "p=[1e-300,0.5]", "float64", "ok",
         _each("p", lambda p: mpmath.log(p) + 1, [1e-300, 0.5])),
    Case(N, "logit", "p=[1e-300,0.5]", "float64", "ok", _each("p", lambda p: 1 / (p * (1 - p)), [1e-300, 0.5])),
    Case(N, "exprel_stable", "x=1e-12", "float64", "ok", _one("x", _exprel, 1e-12)),
    Case(N, "log_gauss_cdf_erf", "x=[-40]", "float64", "unstable", _each("x", _log_ndtr, [-40]),
         "np.log(0.5 * (1.0 + special.erf(", fix="log_ndtr"),
    Case(N, "log_gauss_cdf_erfc", "x=[-40,1]", "float64", "unstable", _each("x", _log_ndtr, [-40, 1]),
         "np.log(special.erfc(", fix="log_ndtr"),
]
