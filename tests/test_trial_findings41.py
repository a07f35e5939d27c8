"""Round 41's findings (tests/trials/cases41a.py, cases41b.py), each mended: truths from mpmath or closed forms.

- JAX's betaln (and beta.logpdf, betabinom.logpmf, which call it) is a where between lgamma sums below b = 8 and
  lgamma(a) plus a six-term series above; its exact reference is log B itself (gradcli's betaln), not the series,
  whose 1e-7 shortfall at b = 8 read as a jump at the where. JAX's gradient, the series' derivative, is `wrong`
  beside log B's slopes, psi(a) - psi(a + b) and psi(b) - psi(a + b), as its spence is.
- A custom rule's own arithmetic that breaks (t / (exp(x) - 1) at x = 1e-20, 1/0) was told as a NaN leaking
  through the where in the custom function's primal, which no gradient flows through under a rule; the rule's
  cancellation exp(x) - 1 = 0 is named at its line, and a where outside the custom function still leaks.
- A float64 sweep of PyTorch or TensorFlow code calling erfc, erf or lgamma stopped with an internal error: SciPy's
  ufuncs have no longdouble loop for the wider reference; the reference goes point by point there.
- An underflow to 0 inside scipy.special's kv, betainc, exp1, expn or rgamma (1/Gamma(200) = 2.5e-373) was not
  named, only the log of its 0 at the next line; rgamma's exact zeros at 0, -1, -2, ... are no underflow.
- A float32 subnormal result (exp(-102.87) = 1.4e-45, one bit) was said to amplify its inputs' rounding 2.8e6 times;
  it is said as a subnormal that holds that few bits.
"""

from __future__ import annotations

import json
import math

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

BETA = '''\
from jax.scipy import special, stats


def log_beta(a, b):
    return special.betaln(a, b)


def beta_log_density(x, a, b):
    return stats.beta.logpdf(x, a, b)
'''

RULES = '''\
import jax
import jax.numpy as jnp


@jax.custom_jvp
def log1mexp(x):
    return jnp.where(x < 0.6931471805599453, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


@log1mexp.defjvp
def _log1mexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp(x), t / (jnp.exp(x) - 1.0)


@jax.custom_vjp
def log1mexp_vjp(x):
    return jnp.where(x < 0.6931471805599453, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


def _fwd(x):
    return log1mexp_vjp(x), x


def _bwd(x, g):
    return (g / (jnp.exp(x) - 1.0),)


log1mexp_vjp.defvjp(_fwd, _bwd)


@jax.custom_jvp
def shifted_log(x):
    return jnp.log(x - 0.5)


@shifted_log.defjvp
def _shifted_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return shifted_log(x), t / (x - 0.5)


def guarded(x):
    return jnp.where(x > 1, shifted_log(x), 0.0)


@jax.custom_vjp
def cube(x):
    return x ** 3


def _cube_fwd(x):
    return x ** 3, x


def _cube_bwd(x, g):
    return (3.0 * g * x ** 3 / x,)


cube.defvjp(_cube_fwd, _cube_bwd)


def cube_beside_a_ratio(x):
    held = jax.lax.stop_gradient(x)
    ratio = held / held
    return jnp.sum(cube(x)) + jnp.sum(jnp.where(jnp.isnan(ratio), 1.0, ratio))
'''


def _check(path, function, at, dtype="float64"):
    args = ["check", f"{path}:{function}", "--at", at, "--dtype", dtype, "--json", "--max-time", "inf"]
    (result,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    return result


def _log_beta_slopes(a, b):
    with mpmath.workdps(40):
        a, b = mpmath.mpf(a), mpmath.mpf(b)
        return {"a": mpmath.psi(0, a) - mpmath.psi(0, a + b), "b": mpmath.psi(0, b) - mpmath.psi(0, a + b)}


@pytest.mark.parametrize("a, b, verdict", [(4.0, 8.0, "wrong"), (2.5, 8.0, "wrong"), (2.5, 3.0, "ok")])
def test_jax_betaln_is_judged_against_log_beta_not_its_series(tmp_path, a, b, verdict):
    pytest.importorskip("jax")
    path = tmp_path / "beta41.py"
    path.write_text(BETA)
    result = _check(path, "log_beta", f"a={a!r},b={b!r}")
    assert result["status"] == verdict, result["findings"]
    with mpmath.workdps(40):
        assert abs(mpmath.mpf(result["exact_value_text"]) - mpmath.log(mpmath.beta(a, b))) < 1e-15
        for name, slope in _log_beta_slopes(a, b).items():
            assert abs(mpmath.mpf(result["exact_gradient_text"][name]) / slope - 1) < 1e-12
    assert not any(f["kind"] == "kink" or "jumps" in f["message"] for f in result["findings"])


def test_jax_beta_logpdf_past_b_8_has_log_betas_slopes(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "beta41.py"
    path.write_text(BETA)
    x, a, b = 0.6, 4.0, 9.0
    result = _check(path, "beta_log_density", f"x={x},a={a},b={b}")
    slopes = _log_beta_slopes(a, b)
    with mpmath.workdps(40):
        assert abs(mpmath.mpf(result["exact_gradient_text"]["a"]) / (mpmath.log(x) - slopes["a"]) - 1) < 1e-12
        assert abs(mpmath.mpf(result["exact_gradient_text"]["b"]) / (mpmath.log1p(-x) - slopes["b"]) - 1) < 1e-12


@pytest.mark.parametrize("function", ["log1mexp", "log1mexp_vjp"])
def test_a_rules_own_cancellation_is_named_not_a_leak_through_the_primals_where(tmp_path, function):
    pytest.importorskip("jax")
    path = tmp_path / "rules41.py"
    path.write_text(RULES)
    assert math.exp(1e-20) - 1.0 == 0.0  # the rule's 1/0 is its own cancellation's
    result = _check(path, function, "x=1e-20")
    assert result["status"] == "unstable"
    words = " ".join(f["message"] for f in result["findings"])
    assert "leaks through" not in words and not any(f["kind"] == "where-nan" for f in result["findings"]), words
    rule_line = RULES.splitlines().index("    return log1mexp(x), t / (jnp.exp(x) - 1.0)" if function == "log1mexp"
                                         else "    return (g / (jnp.exp(x) - 1.0),)") + 1
    (cancelled,) = [f for f in result["findings"] if f["kind"] == "cancellation"]
    assert cancelled["phase"] == "backward" and cancelled["location"].endswith(f"rules41.py:{rule_line}")
    assert "cancelled to exactly 0.0" in cancelled["message"]


def test_a_where_outside_a_custom_function_still_leaks_through_its_rule(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "rules41.py"
    path.write_text(RULES)
    result = _check(path, "guarded", "x=0.5")  # log(0) untaken; the rule's 0 / 0 under the where's 0 cotangent
    assert float(result["exact_gradient"]["x"]) == 0.0 and result["status"] != "ok"
    assert any(f["kind"] == "where-nan" for f in result["findings"]), result["findings"]


def test_a_rules_own_step_is_not_taken_for_a_forward_op_of_like_shaped_arrays(tmp_path):
    """The rule's 0/0 at x = 0 is its own step, named at its line, though a forward divide of five entries (another
    one's numbers) sits beside it: a step is the forward's op again only on the very same numbers."""
    pytest.importorskip("jax")
    path = tmp_path / "rules41.py"
    path.write_text(RULES)
    result = _check(path, "cube_beside_a_ratio", "x=[0,1,2,3,4]")
    rule_line = RULES.splitlines().index("    return (3.0 * g * x ** 3 / x,)") + 1
    assert any(f["phase"] == "backward" and f["location"].endswith(f"rules41.py:{rule_line}")
               and "in _cube_bwd() of cube" in f["message"] for f in result["findings"]), result["findings"]


TORCH_TAILS = "import torch\n\n\ndef tail(x):\n    return torch.erfc(x) + torch.lgamma(x + 1) + torch.erf(x)\n"
TF_TAILS = "import tensorflow as tf\n\n\ndef tail(x):\n    return tf.math.erfc(x) + tf.math.erf(x)\n"


@pytest.mark.parametrize("framework, source", [("torch", TORCH_TAILS), ("tensorflow", TF_TAILS)])
def test_a_float64_sweep_of_scipy_backed_ops_in_a_framework_runs_to_its_end(tmp_path, framework, source):
    pytest.importorskip(framework)
    path = tmp_path / f"tails41_{framework}.py"
    path.write_text(source)
    swept = gradcli.sweep(f"{path}:tail", {"x": (0.5, 20.0, 9)}, dtypes=("float64",), fixes=False, max_time=600)
    run = swept.dtypes["float64"]
    assert run.out_of_time == 0 and run.intervals
    assert {str(i.status) for i in run.intervals} == {"ok"}  # smooth, and float64 holds every value and slope here


def test_a_subnormal_float32_result_is_said_as_one_not_as_an_amplified_rounding(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "shortage41.py"
    path.write_text("import torch\n\n\ndef tail(z):\n    return torch.exp(-z * z / 2)\n")
    z = 14.34  # e^-102.8 = 1.7e-45 in float32: one bit of a subnormal
    result = _check(path, "tail", f"z={z}", "float32")
    (finding,) = [f for f in result["findings"] if "exp" in f["op"] and f["kind"] == "underflow"]
    message = " ".join(finding["message"].split())
    assert "is a subnormal float32" in message and "amplifies" not in message, message
    held = float(np.exp(np.float32(-np.float32(z) * np.float32(z) / np.float32(2))))
    bits = math.floor(math.log2(held / float(np.finfo(np.float32).smallest_subnormal))) + 1
    assert f"which holds {bits} of its 24 bits" in message, message


KERAS = '''\
import keras
import tensorflow as tf


class Gain(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(dtype="float64", **kwargs)

    def build(self, input_shape):
        self.alpha = self.add_weight(shape=(), name="alpha", initializer=keras.initializers.Constant(2.0))

    def call(self, x):
        return tf.math.log1p(self.alpha * x)


def response(layer, x):
    return layer(x)


def response_offset(layer, x, offset=0.0):
    return layer(x + offset)


def fresh():
    return {"layer": Gain(), "x": tf.constant(3.0, dtype=tf.float64)}
'''


@pytest.mark.parametrize("function", ["response", "response_offset"])  # a default the build call leaves alone
def test_a_keras_layer_given_as_constructed_is_built_so_its_weights_can_be_named(tmp_path, function):
    pytest.importorskip("tensorflow")
    path = tmp_path / "gain41.py"
    path.write_text(KERAS)
    args = ["check", f"{path}:{function}", "--args", f"{path}:fresh", "--wrt", "layer.alpha,x", "--dtype", "float64",
            "--json"]
    done = CliRunner().invoke(cli, args)
    (result,) = json.loads(done.stdout)["results"]
    assert result["status"] == "ok", result
    alpha, x = 2.0, 3.0
    assert abs(float(result["exact_gradient"]["layer.alpha"]) - x / (1 + alpha * x)) < 1e-15
    assert abs(float(result["exact_gradient"]["x"]) - alpha / (1 + alpha * x)) < 1e-15


SPECIAL_TAILS = '''\
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def log_k1(z):
    k = sps.kv(1, z)
    return gnp.sum(gnp.log(k))


def log_order_cdf(x):
    cdf = sps.betainc(3.0, 3.0, x)
    return gnp.sum(gnp.log(cdf))


def log_e2(z):
    tail = sps.expn(2, z)
    return gnp.sum(gnp.log(tail))


def log_reciprocal_gamma(z):
    weight = sps.rgamma(z)
    return gnp.sum(gnp.log(weight))
'''


@pytest.mark.parametrize("function, at, truth", [
    ("log_k1", "z=[800]", lambda: mpmath.besselk(1, 800)),
    ("log_order_cdf", "x=[1e-120]", lambda: mpmath.betainc(3, 3, 0, mpmath.mpf(1e-120), regularized=True)),
    ("log_e2", "z=[800]", lambda: mpmath.expint(2, 800)),
    ("log_reciprocal_gamma", "z=[200]", lambda: mpmath.rgamma(200)),
])
def test_a_special_functions_underflow_is_named_at_its_own_line(tmp_path, function, at, truth):
    with mpmath.workdps(50):
        exact = truth()
        assert 0 < exact < 5e-324  # nonzero, below float64's least number: the function's own underflow
    path = tmp_path / "tails41.py"
    path.write_text(SPECIAL_TAILS)
    result = _check(path, function, at)
    lines = SPECIAL_TAILS.splitlines()
    start = lines.index(f"def {function}({at.split('=')[0]}):")
    (underflow,) = [f for f in result["findings"] if f["kind"] == "underflow"]
    assert underflow["location"].endswith(f"tails41.py:{start + 2}") and "underflowed to [0]" in underflow["message"]
