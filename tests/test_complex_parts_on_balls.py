"""A complex number made of real parts, and the slope of an imaginary part, stay on the exact reference's balls.

TensorFlow's ``tf.complex(re, im)`` and PyTorch's ``torch.complex`` and
``view_as_complex`` are replayed as ``re + i im``, and the rule
of ``imag`` hands back ``-i g``: where ``im`` or ``g`` is a ball, Python's
complex ``1j`` cannot multiply it (flint's real ball takes no complex), and the
reference left the balls for mpmath's slower climb. Both go through gradcli's
ops, which carry a complex over balls as its two real parts (`arb_complex`).
"""

import math

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.checker import balls, exact_python
from gradcli.checker.precision import Exact
from gradcli.checker.targets import resolve


def _on_balls(target, x):
    result = Exact()
    assert exact_python.compute(target, [np.float64(x)], result, balls.Budget(math.inf)) is True
    assert result.method == "balls" and result.determined and not result.unsettled
    return result


def _imaginary_part_and_modulus(x):
    z = gnp.exp(1j * x) * x
    return gnp.imag(z) + gnp.real(z * gnp.conj(z))  # x sin x + x^2


def test_the_slope_of_an_imaginary_part_is_found_on_balls():
    result = _on_balls(resolve(_imaginary_part_and_modulus), 1.5)
    (slope,) = result.gradient
    assert float(slope) == pytest.approx(math.sin(1.5) + 1.5 * math.cos(1.5) + 3.0, rel=1e-14)


TENSORFLOW_PARTS = """
import tensorflow as tf


def parts(x):
    z = tf.complex(x, 2.0 * x)
    return tf.math.real(z * tf.math.conj(z)) + tf.math.imag(z * z)  # 5 x^2 + 4 x^2
"""


def test_a_tensorflow_complex_of_parts_is_replayed_on_balls(tmp_path):
    (tmp_path / "parts.py").write_text(TENSORFLOW_PARTS)
    result = _on_balls(resolve(f"{tmp_path / 'parts.py'}:parts"), 1.5)
    (slope,) = result.gradient
    assert float(slope) == 27.0


PYTORCH_PARTS = """
import torch


def built(x):
    z = torch.complex(x, 2.0 * x)
    return (z * z.conj()).real.sum() + (z * z).imag.sum()  # 9 x^2, summed


def viewed(x):
    z = torch.view_as_complex(torch.stack([x, 2.0 * x], dim=-1))
    return (z * z.conj()).real.sum() + (z * z).imag.sum()
"""


@pytest.mark.parametrize("name", ["built", "viewed"])
def test_a_pytorch_complex_of_parts_is_replayed_on_balls(tmp_path, name):
    (tmp_path / "parts.py").write_text(PYTORCH_PARTS)
    result = Exact()
    target = resolve(f"{tmp_path / 'parts.py'}:{name}")
    assert exact_python.compute(target, [np.array([1.5, -0.5])], result, balls.Budget(math.inf)) is True
    assert result.method == "balls" and result.determined and not result.unsettled
    (slope,) = result.gradient
    assert [float(s) for s in slope] == [27.0, -9.0]
