"""A function that differentiates itself through a leaking where is judged against its mathematics, not its NaN.

phi_m = 1 - zeta psi_m'(zeta), psi_m' taken inside the function by
``torch.func.grad``, ``jax.grad`` or a ``tf.GradientTape``, and psi_m written
with one where whose idle branch takes the quarter power of 1 - 16 zeta: at
zeta = 0.5 that branch's local derivative is NaN, the where's backward sends it
a cotangent of exactly 0, and 0 * NaN makes phi_m NaN in every framework. The
exact replay took the same 0 * NaN at high precision and said `domain` (an
exact value NaN). The function is 1 + 5 zeta there (3.5, slope 5): the exact
replay now takes a derivative the value computes with the chain rule's exact
zeros, the verdict is `wrong`, the finding names the where, and the double where
is offered and re-checked.
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.capture.inner_derivatives import exact_zero_products

SOURCES = {
    "torch": '''
        import math

        import torch


        def psi_m(zeta):
            x = (1 - 16 * zeta) ** 0.25
            unstable = 2 * torch.log((1 + x) / 2) + torch.log((1 + x * x) / 2) - 2 * torch.atan(x) + math.pi / 2
            return torch.where(zeta < 0, unstable, -5 * zeta)


        def phi_m(zeta):
            slope = torch.func.grad(lambda z: psi_m(z).sum())(zeta)
            return (1 - zeta * slope).sum()
    ''',
    "jax": '''
        import jax
        import jax.numpy as jnp


        def psi_m(zeta):
            x = (1 - 16 * zeta) ** 0.25
            unstable = 2 * jnp.log((1 + x) / 2) + jnp.log((1 + x * x) / 2) - 2 * jnp.arctan(x) + jnp.pi / 2
            return jnp.where(zeta < 0, unstable, -5 * zeta)


        def phi_m(zeta):
            slope = jax.grad(lambda z: psi_m(z).sum())(zeta)
            return (1 - zeta * slope).sum()
    ''',
    "tensorflow": '''
        import math

        import tensorflow as tf


        def psi_m(zeta):
            x = (1 - 16 * zeta) ** 0.25
            unstable = 2 * tf.math.log((1 + x) / 2) + tf.math.log((1 + x * x) / 2) - 2 * tf.math.atan(x) + math.pi / 2
            return tf.where(zeta < 0, unstable, -5 * zeta)


        def phi_m(zeta):
            with tf.GradientTape() as tape:
                tape.watch(zeta)
                psi = tf.reduce_sum(psi_m(zeta))
            slope = tape.gradient(psi, zeta)
            return tf.reduce_sum(1 - zeta * slope)
    ''',
}


def _where_line(framework):
    """The line of ``return ...where(zeta < 0, unstable, -5 * zeta)`` in a source."""
    lines = textwrap.dedent(SOURCES[framework]).splitlines()
    return next(n for n, text in enumerate(lines, 1) if "where(zeta < 0, unstable" in text)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shear")
    for name, source in SOURCES.items():
        (folder / f"shear_{name}.py").write_text(textwrap.dedent(source))
    return folder


def _check(folder, framework, zeta, fixes=True):
    pytest.importorskip(framework)
    return gradcli.check(f"{folder / f'shear_{framework}.py'}:phi_m", [{"zeta": [zeta]}], dtypes=["float64"], fixes=fixes)


@pytest.mark.parametrize("framework", list(SOURCES))
def test_the_leak_inside_the_value_is_wrong_at_the_where_with_a_rechecked_double_where(folder, framework):
    report = _check(folder, framework, 0.5)
    result, = report.results
    assert result.status == "wrong"
    assert np.isnan(result.value)
    assert abs(float(result.exact_value) - 3.5) < 1e-12  # 1 + 5 zeta
    assert abs(float(np.ravel(result.exact_gradient["zeta"])[0]) - 5.0) < 1e-9
    leak = next(f for f in result.findings if f.kind == "where-nan")
    assert leak.location.endswith(f":{_where_line(framework)}"), leak
    assert "the derivative this function takes of itself still differentiates that branch" in leak.message
    fix = next(f for f in report.fixes if f.name == "double where")
    assert set(fix.after.values()) == {"ok"}
    assert "where(zeta < 0, zeta, -1.0)) ** 0.25" in fix.diff


@pytest.mark.parametrize("framework", list(SOURCES))
def test_the_unstable_side_is_still_right(folder, framework):
    result, = _check(folder, framework, -1.0, fixes=False).results
    assert result.status == "ok"
    assert abs(float(result.exact_value) - 17 ** -0.25) < 1e-12  # phi_m = (1 - 16 zeta)^(-1/4)


def test_exact_zeros_only_in_an_exact_replay():
    import flint

    product = exact_zero_products(lambda a, b: a * b)
    balls = np.array([flint.arb(0), flint.arb(2)], dtype=object)
    undefined = np.array([flint.arb("nan"), flint.arb(3)], dtype=object)
    out = product(balls, undefined)
    assert out[0] == 0 and out[1] == 6
    with np.errstate(invalid="ignore"):
        floats = product(np.array([0.0, 2.0]), np.array([np.nan, 3.0]))
    assert np.isnan(floats[0]) and floats[1] == 6.0  # the framework's own 0 * NaN, under test in the dtype
    quotient = exact_zero_products(lambda a, b: a / b, divide=True)
    assert quotient(np.array([flint.arb(0)], dtype=object), np.array([flint.arb(0)], dtype=object))[0] == 0
    nonzero = np.array([flint.arb(1)], dtype=object)
    assert not quotient(nonzero, np.array([flint.arb(0)], dtype=object))[0].is_finite()  # 1 / 0: no zero to keep
