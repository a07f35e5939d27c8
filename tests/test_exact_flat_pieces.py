"""A flat piece away from its switch has derivative exactly 0, proven: hardsigmoid, hardswish, relu6 beyond +-3.

``x * clip(x + 3, 0, 6) / 6`` below -3 picks the constant 0: its derivative there is 0 + x * 0, an exact 0.
The proof of 0 runs the program on its own numbers and must take the very branches the balls took: a
plain integer constant picked by a max, min, clip or where stays a plain number on balls, so the
comparisons it meets later are no decisions there, and must be none in the proof either. Written with
gradcli.numpy (integer and float bounds), PyTorch's fused ops and JAX's. Each expected derivative is the
closed form of its piece, never gradcli's output.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import gradcli

POINTS = [np.array([-4.0, 4.0]), np.array([-1e6, -3.5]), np.array([3.5, 7.0]), np.array([-1.0, 2.0])]


def _hardsigmoid(x):
    return np.where(x <= -3, 0.0, np.where(x >= 3, 0.0, 1 / 6))


def _hardswish(x):
    return np.where(x <= -3, 0.0, np.where(x >= 3, 1.0, (2 * x + 3) / 6))


def _relu6_times_x(x):  # d/dx x min(max(x, 0), 6)
    return np.where(x <= 0, 0.0, np.where(x >= 6, 6.0, 2 * x))


GNP = {
    "hardsigmoid_int_clip": ("np.sum(np.clip(x / 6 + 0.5, 0, 1))", _hardsigmoid),
    "hardswish_int_clip": ("np.sum(x * np.clip(x + 3, 0, 6) / 6)", _hardswish),
    "hardswish_min_max": ("np.sum(x * np.minimum(np.maximum(x + 3, 0), 6) / 6)", _hardswish),
    "hardswish_where": ("np.sum(x * np.where(x <= -3, 0, np.where(x >= 3, 1, x / 6 + 0.5)))", _hardswish),
    "relu6_times_x": ("np.sum(np.minimum(np.maximum(x, 0), 6) * x)", _relu6_times_x),
    "hardswish_float_clip": ("np.sum(x * np.clip(x + 3, 0.0, 6.0) / 6)", _hardswish),
}
TORCH = {"hardsigmoid": ("F.hardsigmoid(x).sum()", _hardsigmoid), "hardswish": ("F.hardswish(x).sum()", _hardswish)}
JAX = {"hardsigmoid": ("jnp.sum(jax.nn.hard_sigmoid(x))", _hardsigmoid),
       "hardswish": ("jnp.sum(jax.nn.hard_swish(x))", _hardswish)}
HEADS = {"gnp": "import gradcli.numpy as np\n", "torch": "import torch\nimport torch.nn.functional as F\n",
         "jax": "import jax\nimport jax.numpy as jnp\n"}


def _module(folder, kind, cases):
    body = "".join(f"\n\ndef {name}(x):\n    return {text}\n" for name, (text, _) in cases.items())
    path = folder / f"{kind}_pieces.py"
    path.write_text(HEADS[kind] + textwrap.dedent(body))
    return path


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pieces")
    return {kind: _module(folder, kind, cases) for kind, cases in (("gnp", GNP), ("torch", TORCH), ("jax", JAX))}


def _exact(path, name, point):
    [result] = gradcli.check(f"{path}:{name}", [{"x": point}], dtypes=("float64",)).results
    assert result.exact_gradient["x"] is not None, [f.message for f in result.findings]
    return result, np.asarray(result.exact_gradient["x"], dtype=float)


CASES = [("gnp", name) for name in GNP] + [("torch", name) for name in TORCH] + [("jax", name) for name in JAX]


@pytest.mark.parametrize("kind, name", CASES, ids=[f"{k}:{n}" for k, n in CASES])
def test_a_flat_piece_beyond_the_switch_has_the_exact_derivative_0(modules, kind, name):
    if kind != "gnp":
        pytest.importorskip(kind)
    derivative = {"gnp": GNP, "torch": TORCH, "jax": JAX}[kind][name][1]
    for point in POINTS:
        result, exact = _exact(modules[kind], name, point)
        assert result.status in ("ok", "unstable"), (point, [f.message for f in result.findings])
        # flat entries are exact 0s; the sloped ones the closed form's, to float64's last bits
        assert np.allclose(exact, derivative(point), rtol=1e-15, atol=0), (point, exact)
