"""detach / stop_gradient: the exact derivative holds the detached value constant, as the user's gradient does, and says where."""

import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gsp

GNP = """
import gradcli.numpy as gnp
from gradcli import stop_gradient


def square(x):
    return gnp.sum(x * stop_gradient(x))
"""

JAX = """
import jax.numpy as jnp
from jax import lax


def square(x):
    return jnp.sum(x * lax.stop_gradient(x))


def straight_through(x):
    y = x + lax.stop_gradient(jnp.round(x) - x)
    return jnp.sum(y * y)
"""

TORCH = """
import torch


class BadSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x


def square(x):
    return (x * x.detach()).sum()


def straight_through(x):
    y = x + (torch.round(x) - x).detach()
    return (y * y).sum()


def wrong_elsewhere(x):
    y = x * x.detach()
    return (BadSquare.apply(x) + y).sum()


def overflow_detached(x):
    r = (torch.exp(x) / torch.exp(x)).detach()
    return (x * r).sum()
"""

TF = """
import tensorflow as tf


def square(x):
    return tf.reduce_sum(x * tf.stop_gradient(x))


def straight_through(x):
    y = x + tf.stop_gradient(tf.round(x) - x)
    return tf.reduce_sum(y * y)
"""

_FILES = {GNP: "gnp", JAX: "jax", TORCH: "torch", TF: "tf"}
# (source, function, the detach's line as written, the exact gradient at x = 1.3: the user's own gradient)
HELD = [
    (GNP, "square", "return gnp.sum(x * stop_gradient(x))", 1.3),
    (JAX, "square", "return jnp.sum(x * lax.stop_gradient(x))", 1.3),
    (JAX, "straight_through", "y = x + lax.stop_gradient(jnp.round(x) - x)", 2.0),
    (TORCH, "square", "return (x * x.detach()).sum()", 1.3),
    (TORCH, "straight_through", "y = x + (torch.round(x) - x).detach()", 2.0),
    (TF, "square", "return tf.reduce_sum(x * tf.stop_gradient(x))", 1.3),
    (TF, "straight_through", "y = x + tf.stop_gradient(tf.round(x) - x)", 2.0),
]


def _line_of(source, text):
    return next(n for n, line in enumerate(textwrap.dedent(source).splitlines(), 1) if line.strip() == text)


def _checked(tmp_path, source, function, point, dtypes=("float64",)):
    path = tmp_path / f"{_FILES[source]}_held.py"
    path.write_text(textwrap.dedent(source))
    return gradcli.check(f"{path}:{function}", [point], dtypes=dtypes)


def _held_note(result):
    return [note for note in result.notes if "held constant in the exact derivative" in note]


@pytest.mark.parametrize("source, function, line, exact", HELD, ids=[f"{_FILES[c[0]]}-{c[1]}" for c in HELD])
def test_a_detached_value_is_held_constant_and_the_note_names_its_line(tmp_path, source, function, line, exact):
    report = _checked(tmp_path, source, function, {"x": 1.3})
    (result,) = report.results
    assert result.status.value == "ok", (result.findings, result.notes)
    assert float(result.exact_gradient["x"]) == pytest.approx(exact, rel=1e-12)
    where = f"{_FILES[source]}_held.py:{_line_of(source, line)}"
    assert _held_note(result) == [f"stop_gradient at {where}: held constant in the exact derivative"]


def test_a_wrong_rule_beside_a_detach_is_still_wrong(tmp_path):
    (result,) = _checked(tmp_path, TORCH, "wrong_elsewhere", {"x": 1.3}).results
    assert result.status.value == "wrong"
    # BadSquare's true derivative 2x plus the held product's x: 3.9, not 5.2 (its rule) nor 5.2 (x * x differentiated)
    assert float(result.exact_gradient["x"]) == pytest.approx(3.9, rel=1e-12)
    assert any(f.kind == "wrong-rule" and f.location and f.location.endswith(f"torch_held.py:{_line_of(TORCH, 'def backward(ctx, g):')}") for f in result.findings), result.findings


def test_an_overflow_inside_a_detached_value_is_still_unstable(tmp_path):
    (result,) = _checked(tmp_path, TORCH, "overflow_detached", {"x": 800.0}).results
    assert result.status.value == "unstable"
    # exp(x) / exp(x) is 1 whatever x: holding it changes no derivative, and no note says it did
    assert not _held_note(result)


def test_many_inputs_hold_the_value_along_the_random_direction(tmp_path):
    # Above the per-coordinate limit the exact derivative is one direction's: differences would move the held value.
    x = 1 + np.arange(80) / 7
    (result,) = _checked(tmp_path, GNP, "square", {"x": x}).results
    assert result.status.value == "ok", (result.findings, result.notes)
    assert _held_note(result)


def test_a_wrong_rule_in_the_tensorflow_probability_form_is_still_wrong():
    # TFP's form builds its rule with stop_gradient (fx and gx on the stopped input, as TFP documents):
    # those stops make the rule, and the rule is judged by the derivative through them.
    def doubled(x):
        xs = gradcli.stop_gradient(x)
        return gradcli.custom_gradient(xs * xs * xs, 6 * xs * xs, x)

    (result,) = gradcli.check(doubled, [{"x": 1.5}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "wrong"
    assert float(result.exact_gradient["x"]) == pytest.approx(6.75, rel=1e-12)


def test_where_jets_cannot_run_the_differences_hold_the_held_value_frozen():
    # Riemann's zeta has no jet: differences that moved the held value would judge the user's own gradient wrong;
    # with it frozen at the point's they give zeta'(1.5) 1.5, the slope the stop_gradient defines.
    def held_beside_zeta(x):
        return gsp.zeta(x) * gradcli.stop_gradient(x)

    (result,) = gradcli.check(held_beside_zeta, [{"x": 1.5}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", [f.message for f in result.findings]
    with mpmath.workdps(40):
        assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.zeta(1.5, derivative=1) * 1.5), rel=1e-13)
