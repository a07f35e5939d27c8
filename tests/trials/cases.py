"""The trial set: each user file's function, where to check it, and the truth worked out by hand.

A case names the file and function, the point (as typed after ``--at``) or the
``--args`` function, the dtype, the verdict a right checker gives, the exact
gradient (from an expression independent of the user's code, evaluated with
mpmath at 60 digits), the user's source line a finding must name, and the
spelling a fix must use. ``line`` is a fragment of that line; ``fix`` a
fragment of a fix's diff (``None``: no fix is required).
"""

from dataclasses import dataclass, field
from typing import Callable, Optional

import mpmath

DPS = 60


@dataclass(frozen=True)
class Case:
    """One trial: a user's function, a point, a dtype, and the truth there."""

    file: str
    function: str
    at: Optional[str]  # as typed after --at; None with args
    dtype: str
    verdict: str  # ok, unstable, wrong, domain; "input-error" for exit 2
    truth: Optional[Callable] = None  # () -> {variable: mpf or [mpf]}
    line: Optional[str] = None  # a fragment of the line a finding must name ("anchor>>fragment": the first after anchor)
    fix: Optional[str] = None  # a fragment of some re-checked fix's diff ("a|b": either)
    args: Optional[str] = None  # --args function in the same file
    wrt: Optional[str] = None
    message: tuple = field(default_factory=tuple)  # fragments of an input error's message

    @property
    def id(self):
        return f"{self.file.split('.')[0]}:{self.function}@{self.at or self.args}:{self.dtype}"


def mp(value):
    return mpmath.mpf(value)


def sigmoid(x):
    return 1 / (1 + mpmath.exp(-mp(x)))


def softmax(xs):
    xs = [mp(v) for v in xs]
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    s = sum(e)
    return [v / s for v in e]


def _one(name, value):
    return lambda: {name: value() if callable(value) else value}


def _kl():
    p, q = [mp("0.3"), mp("0.7")], [mp("0.5"), mp("0.5")]
    return {"p": [mpmath.log(a / b) + 1 for a, b in zip(p, q)], "q": [-a / b for a, b in zip(p, q)]}


def _log_softmax_first():
    p1 = sigmoid(200)  # softmax([0, 200])[1] = 1/(1+e^-200)
    return {"x": [p1, -p1]}


def _gaussian():
    mu, ls = mp("0.3"), mp("-0.5")
    r = (mp("1.3") - mu) / mpmath.exp(ls)
    return {"mu": -r / mpmath.exp(ls), "log_sigma": 1 - r * r}


# The modules' data-dependent truths are computed from their data in mpmath by the test itself
# (truths named here by a string are resolved there: "data:<name>").

JAX = [
    Case("jax_losses.py", "naive_softplus", "x=100", "float32", "unstable", _one("x", lambda: sigmoid(100)),
         "jnp.log(1 + jnp.exp(x))", "softplus("),
    Case("jax_losses.py", "library_softplus", "x=100", "float32", "ok", _one("x", lambda: sigmoid(100))),
    Case("jax_losses.py", "naive_logsumexp", "x=[100,101]", "float32", "unstable",
         _one("x", lambda: softmax([100, 101])), "jnp.log(jnp.sum(jnp.exp(x)))", "logsumexp("),
    Case("jax_losses.py", "stable_logsumexp", "x=[100,101]", "float32", "ok", _one("x", lambda: softmax([100, 101]))),
    Case("jax_losses.py", "naive_sigmoid", "x=100", "float32", "unstable",
         _one("x", lambda: sigmoid(100) * (1 - sigmoid(100))), "e = jnp.exp(x)", "sigmoid("),
    Case("jax_losses.py", "log_of_softmax", "x=[0,200]", "float32", "unstable", _log_softmax_first,
         "jnp.log(p)[0]", "log_softmax("),
    Case("jax_losses.py", "log_softmax_first", "x=[0,200]", "float32", "ok", _log_softmax_first),
    Case("jax_losses.py", "log_where", "x=-1", "float64", "ok", _one("x", mp(0))),
    Case("jax_losses.py", "log_where", "x=2", "float64", "ok", _one("x", mp("0.5"))),
    Case("jax_losses.py", "squared_log_where", "x=0.5", "float64", "wrong", _one("x", mp(0)),
         "jnp.where(x < 1, 0.0, jnp.log(x - 1) ** 2)", "jnp.where(x < 1, "),
    Case("jax_losses.py", "norm", "x=[0,0]", "float64", "domain", _one("x", [mpmath.nan, mpmath.nan])),
    Case("jax_losses.py", "norm", "x=[3,4]", "float64", "ok", _one("x", [mp("0.6"), mp("0.8")])),
    Case("jax_losses.py", "smoothed_norm", "x=[0,0]", "float64", "ok", _one("x", [mp(0), mp(0)])),
    Case("jax_losses.py", "bce_naive", "z=20", "float32", "unstable", _one("z", lambda: sigmoid(20)),
         "jnp.log(1 - p)", "nn.softplus(|nn.log_sigmoid("),
    Case("jax_losses.py", "bce_stable", "z=20", "float32", "ok", _one("z", lambda: sigmoid(20))),
    Case("jax_losses.py", "kl", "p=[0.3,0.7],q=[0.5,0.5]", "float64", "ok", _kl),
    Case("jax_losses.py", "logistic_regression", None, "float64", "ok", "data:jax_logistic", args="data",
         wrt="params.w1"),
    Case("jax_losses.py", "sorted_top", "x=[1,2,3]", "float64", "ok", _one("x", [mp(0), mp(0), mp(6)])),
    Case("jax_rules.py", "wrong_vjp", "x=1", "float64", "wrong",
         _one("x", lambda: mpmath.sin(1) + mpmath.cos(1)), "def xsin_bwd"),
    Case("jax_rules.py", "right_vjp", "x=2", "float64", "ok", _one("x", mp(1))),
    Case("jax_rules.py", "tutorial_jvp", "x=-40", "float64", "unstable", _one("x", lambda: sigmoid(-40)),
         "t * (1 - 1 / (1 + jnp.exp(x)))"),
    Case("jax_rules.py", "right_jvp", "x=3", "float64", "ok", _one("x", lambda: sigmoid(3) * (1 - sigmoid(3)))),
    Case("jax_rules.py", "wrong_jvp", "x=2", "float64", "wrong", _one("x", mp(12)), "def cube_jvp"),
]

TORCH = [
    Case("torch_losses.py", "naive_softplus", "x=100", "float32", "unstable", _one("x", lambda: sigmoid(100)),
         "torch.log(1 + torch.exp(x))", "F.softplus("),
    Case("torch_losses.py", "library_softplus", "x=100", "float32", "ok", _one("x", lambda: sigmoid(100))),
    Case("torch_losses.py", "naive_logsumexp", "x=[100,101]", "float32", "unstable",
         _one("x", lambda: softmax([100, 101])), "torch.log(torch.exp(x).sum())", "torch.logsumexp("),
    Case("torch_losses.py", "stable_logsumexp", "x=[100,101]", "float32", "ok", _one("x", lambda: softmax([100, 101]))),
    Case("torch_losses.py", "bce_naive", "z=20,y=0", "float32", "unstable", _one("z", lambda: sigmoid(20)),
         "torch.log(1 - p)", "F.binary_cross_entropy_with_logits(|F.logsigmoid(|F.softplus(", wrt="z"),
    Case("torch_losses.py", "bce_stable", "z=20,y=0", "float32", "ok", _one("z", lambda: sigmoid(20)), wrt="z"),
    Case("torch_losses.py", "sqrt_where", "x=-1", "float64", "wrong", _one("x", mp(0)),
         "torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x))", "torch.where(x > 0, torch.sqrt(torch.where("),
    Case("torch_losses.py", "norm", "x=[0,0]", "float64", "domain", _one("x", [mpmath.nan, mpmath.nan])),
    Case("torch_losses.py", "entropy", "p=[0.25,0.75]", "float64", "ok",
         _one("p", lambda: [-(mpmath.log(mp(v)) + 1) for v in ("0.25", "0.75")])),
    Case("torch_losses.py", "log_of_softmax", "x=[0,200]", "float32", "unstable", _log_softmax_first,
         "torch.log(torch.softmax(x, dim=0))[0]", "log_softmax("),
    Case("torch_losses.py", "cross_entropy", None, "float64", "ok", "data:torch_ce", args="ce_data", wrt="logits"),
    Case("torch_losses.py", "wrong_backward", "x=1", "float64", "wrong", _one("x", lambda: 2 * mpmath.e),
         "class Double>>def backward(ctx, grad_output):"),
    Case("torch_losses.py", "right_backward", "x=2", "float64", "ok", _one("x", lambda: sigmoid(2) * (1 - sigmoid(2)))),
    Case("torch_losses.py", "docs_backward", "x=-40", "float64", "unstable", _one("x", lambda: sigmoid(-40)),
         "return grad_output * (1 - 1 / (1 + torch.exp(x)))"),
    Case("torch_losses.py", "mlp_loss", None, "float64", "ok", "data:torch_mlp", args="mlp_args",
         wrt="model.fc1.weight"),
    Case("torch_losses.py", "nonzero_count", "x=[1,2]", "float64", "input-error", message=("torch_losses.py:",)),
]

TF = [
    Case("tf_losses.py", "naive_softplus", "x=100", "float32", "unstable", _one("x", lambda: sigmoid(100)),
         "tf.math.log(1 + tf.exp(x))", "tf.math.softplus("),
    Case("tf_losses.py", "library_softplus", "x=100", "float32", "ok", _one("x", lambda: sigmoid(100))),
    Case("tf_losses.py", "docs_stable", "x=-40", "float64", "unstable", _one("x", lambda: sigmoid(-40)),
         "return dy * (1 - 1 / (1 + e))"),
    Case("tf_losses.py", "wrong_rule", "x=1", "float64", "wrong", _one("x", lambda: mpmath.cosh(1)),
         "def sinh_bad>>def grad(dy):"),
    Case("tf_losses.py", "right_rule", "x=1.5", "float64", "ok", _one("x", mp(9))),
    # TensorFlow's own Sqrt gradient gives 0 (not NaN) for a 0 upstream: this where is sound in TensorFlow.
    Case("tf_losses.py", "sqrt_where", "x=-1", "float64", "ok", _one("x", mp(0))),
    Case("tf_losses.py", "squared_log_where", "x=0.5", "float64", "wrong", _one("x", mp(0)),
         "tf.where(x > 1, tf.math.log(x - 1) ** 2, 0.0)", "tf.where(x > 1, "),
    Case("tf_losses.py", "norm", "x=[0,0]", "float64", "domain", _one("x", [mpmath.nan, mpmath.nan])),
    Case("tf_losses.py", "bce_naive", "z=20", "float32", "unstable", _one("z", lambda: sigmoid(20)),
         "-tf.math.log(1 - p)", "tf.nn.sigmoid_cross_entropy_with_logits(|tf.math.log_sigmoid(|tf.math.softplus("),
    Case("tf_losses.py", "bce_stable", "z=20", "float32", "ok", _one("z", lambda: sigmoid(20))),
    Case("tf_losses.py", "naive_logsumexp", "x=[100,101]", "float32", "unstable",
         _one("x", lambda: softmax([100, 101])), "tf.math.log(tf.reduce_sum(tf.exp(x)))", "tf.math.reduce_logsumexp("),
    Case("tf_losses.py", "stable_logsumexp", "x=[100,101]", "float32", "ok", _one("x", lambda: softmax([100, 101]))),
    Case("tf_losses.py", "entropy", "p=[0.25,0.75]", "float64", "ok",
         _one("p", lambda: [-(mpmath.log(mp(v)) + 1) for v in ("0.25", "0.75")])),
]

NUMPY = [
    # The data are float64, so NumPy computes in float64 whatever the dtype of w: overflow needs a margin below -709.
    Case("numpy_legacy.py", "logistic_loss", "w=[100,-100]", "float32", "ok", "data:np_logistic"),
    Case("numpy_legacy.py", "logistic_loss", "w=[1000,-1000]", "float64", "unstable", "data:np_logistic",
         "np.mean(np.log(1 + np.exp(-margins)))", "np.logaddexp(0, "),
    Case("numpy_legacy.py", "logistic_loss_stable", "w=[1000,-1000]", "float64", "ok", "data:np_logistic"),
    Case("numpy_legacy.py", "logistic_loss", "w=[0.5,-0.25]", "float64", "ok", "data:np_logistic"),
    Case("numpy_legacy.py", "sigmoid", "z=-800", "float64", "unstable", _one("z", lambda: sigmoid(-800) * sigmoid(800)),
         "return 1.0 / (1.0 + np.exp(-z))"),
    Case("numpy_legacy.py", "log_where", "x=-1", "float64", "wrong", _one("x", mp(0)),
         "np.where(x > 0, np.sqrt(x), 0.0)", "np.where(x > 0, np.sqrt(np.where("),
    Case("numpy_legacy.py", "sinc", "x=0", "float64", "wrong", _one("x", mp(0)), "np.sin(x) / x"),
    Case("numpy_legacy.py", "gaussian_nll", "mu=0.3,log_sigma=-0.5", "float64", "ok", _gaussian),
    # np.interp is gradcli.numpy's: (2x)^2 on the table's one segment
    Case("numpy_legacy.py", "interpolated", "x=0.5", "float64", "ok", _one("x", mp(4))),
]

def _gelu_grad(xs):
    return lambda: {"x": [mpmath.ncdf(mp(v)) + mp(v) * mpmath.npdf(mp(v)) for v in xs]}


def _expm1_quotient():
    x = mp("1e-10")
    return {"x": ((x - 1) * mpmath.exp(x) + 1) / x ** 2}


MORE = [
    Case("jax_model.py", "loss", None, "float64", "ok", "data:jax_model", args="example", wrt="params.w"),
    Case("jax_model.py", "relu_sum", "x=[0,1]", "float64", "domain", _one("x", [mpmath.nan, mp(1)])),
    # -(log p + 1) grows to +inf as p falls to 0, the only side where xlogy(p, p) is a number
    Case("jax_model.py", "entropy_at_zero", "p=[0,1]", "float64", "domain", _one("p", [mpmath.inf, mp(-1)])),
    Case("jax_model.py", "gelu_sum", "x=[0.5,-1.5]", "float64", "ok", _gelu_grad(["0.5", "-1.5"])),
    Case("jax_model.py", "spiral", "x=[0.5,2]", "float64", "ok",
         _one("x", lambda: [[2 * mpmath.exp(mp("0.5")), mpmath.exp(mp("0.5"))], [mp(0), mpmath.cos(2)]])),
    Case("torch_kinks.py", "relu_sum", "x=[0,1]", "float64", "domain", _one("x", [mpmath.nan, mp(1)])),
    Case("torch_kinks.py", "abs_sum", "x=[0,-2]", "float64", "domain", _one("x", [mpmath.nan, mp(-1)])),
    Case("torch_kinks.py", "gelu_sum", "x=[0.5,-1.5]", "float64", "ok", _gelu_grad(["0.5", "-1.5"])),
    Case("torch_kinks.py", "log_clamped", "p=[0.5,1e-9]", "float64", "ok", _one("p", [mp(2), mp(0)])),
    Case("torch_kinks.py", "log_where", "x=0.5", "float64", "wrong", _one("x", mp(0)),
         "torch.where(x > 1, torch.log(x - 1) ** 2, torch.zeros_like(x))", "torch.where(x > 1, "),
    Case("torch_kinks.py", "bce", None, "float32", "ok", "data:torch_bce", args="data", wrt="model.0.weight"),
    Case("torch_kinks.py", "bce", None, "float64", "ok", "data:torch_bce", args="data", wrt="model.0.weight"),
    Case("tf_params.py", "loss", None, "float64", "ok", "data:tf_params", args="example_args", wrt="params.w1"),
    Case("tf_params.py", "relu_sum", "x=[0,1]", "float64", "domain", _one("x", [mpmath.nan, mp(1)])),
    Case("tf_params.py", "jitted_naive", "x=100", "float32", "unstable", _one("x", lambda: sigmoid(100)),
         "return tf.math.log(1 + tf.exp(x))", "tf.math.softplus("),
    Case("tf_params.py", "clipped", "x=2", "float64", "wrong", _one("x", mp(4)), "def clip_grad_identity>>def grad(dy):"),
    Case("tf_params.py", "clipped", "x=0.1", "float64", "ok", _one("x", mp("0.2"))),
    Case("numpy_alias.py", "logcosh", "x=[800,1,-2]", "float64", "unstable", "data:np_logcosh",
         "return onp.sum(WEIGHTS * log(onp.cosh(x)))"),
    Case("numpy_alias.py", "expm1_naive", "x=1e-10", "float64", "unstable", _expm1_quotient,
         "return (exp(x) - 1) / x", "expm1("),
    Case("numpy_alias.py", "hinge", "x=1", "float64", "domain", _one("x", mpmath.nan)),
    Case("numpy_alias.py", "hinge", "x=2", "float64", "ok", _one("x", mp(0))),
]

def _mul_exp():
    return {"x": mpmath.exp(mp("0.5")), "y": 2 * mpmath.exp(mp("0.5"))}


TWO = [
    Case("two_inputs.py", "with_jax", "x=2,y=0.5", "float64", "wrong", _mul_exp, "def jax_mul_bwd"),
    Case("two_inputs.py", "with_torch", "x=2,y=0.5", "float64", "wrong", _mul_exp, "class TorchMul>>def backward(ctx, g):"),
    Case("two_inputs.py", "with_tf", "x=2,y=0.5", "float64", "wrong", _mul_exp, "def tf_mul>>def grad(g):"),
]

ALL = JAX + TORCH + TF + NUMPY + MORE + TWO
