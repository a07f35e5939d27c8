"""A root of a second-order zero and the angle between parallel vectors are kinks, found on every front.

sqrt(1 - cos x), sqrt(cosh x - 1) and sqrt(e^x - 1 - x) at 0 are |x|/sqrt 2 to first
order: slopes -1/sqrt 2 and 1/sqrt 2; sqrt(x - sin x) ends there (no number left of 0). The angle arccos(a.b / (|a| |b|)) between
parallel vectors is a cone: moving one coordinate of a by t turns the angle by
|t| |P e_i| / |a| (P projects away from a), from both sides alike. In both the
function inside the root meets its edge quadratically, so a one-sided step of
10^(-digits/2) moves it by the rounding of the digits used: the kink test needs its
longer steps there. The truth is `domain`, never the flat side's 0 of a clip.
"""

import math
import re

import numpy as np
import pytest

import gradcli

ANGLE = {
    "gradcli": "import gradcli.numpy as np\n\n\ndef angle(a, b):\n"
               "    return np.arccos(np.clip(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)), -1.0, 1.0))\n",
    # divided twice: at some precisions one rounding direction leaves the cosine 1 - ulp, so the climb's value
    # 0 has noise at every precision, and only a proof (arccos(1) = 0 at the clip's tie) settles it
    "divided": "import gradcli.numpy as np\n\n\ndef angle(a, b):\n"
               "    return np.arccos(np.clip(np.sum(a * b) / np.sqrt(np.sum(a * a)) / np.sqrt(np.sum(b * b)), -1.0, 1.0))\n",
    "numpy": "import numpy as np\n\n\ndef angle(a, b):\n"
             "    return np.arccos(np.clip(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)), -1.0, 1.0))\n\n\n"
             "def half_chord(x):\n    return np.sqrt(1 - np.cos(x))\n\n\n"
             "def cubic_edge(x):\n    return np.sqrt(x - np.sin(x))\n",
    "jax": "import jax.numpy as jnp\n\n\ndef angle(a, b):\n"
           "    return jnp.arccos(jnp.clip(jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b)), -1.0, 1.0))\n",
    "torch": "import torch\n\n\ndef angle(a, b):\n"
             "    return torch.arccos(torch.clamp(torch.dot(a, b) / (torch.linalg.norm(a) * torch.linalg.norm(b)), -1.0, 1.0))\n",
    "tensorflow": "import tensorflow as tf\n\n\ndef angle(a, b):\n"
                  "    cos = tf.reduce_sum(a * b) / (tf.norm(a) * tf.norm(b))\n"
                  "    return tf.acos(tf.clip_by_value(cos, -1.0, 1.0))\n",
}
A, B = [1.0, 2.0, 3.0], [2.0, 4.0, 6.0]  # b = 2a: a.b = 28 = |a| |b| exactly, the cosine 1


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cone")
    for kind, text in ANGLE.items():
        (folder / f"cone_{kind}.py").write_text(text)
    return {kind: str(folder / f"cone_{kind}.py") for kind in ANGLE}


def kink_slopes(result):
    """{coordinate: (left, right)} of the result's kink findings."""
    found = {}
    for finding in result.findings:
        if finding.kind == "kink":
            left, right = re.search(r"is (\S+) from the left and (\S+) from the right", finding.message).groups()
            found[finding.op] = (float(left), float(right))
    return found


def cone_slope(vector, i):
    """|P e_i| / |vector|: how fast the angle grows as vector[i] moves, P the projection away from ``vector``."""
    v = np.asarray(vector)
    e = np.eye(len(v))[i]
    return float(np.linalg.norm(e - v * (v[i] / (v @ v))) / np.linalg.norm(v))


@pytest.mark.parametrize("formula", ["sqrt(1-cos(x))", "sqrt(cosh(x)-1)", "sqrt(exp(x)-1-x)"])
def test_a_root_of_a_second_order_zero_is_a_kink_in_a_formula(formula):
    result = gradcli.check(formula, [{"x": 0.0}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "domain"
    left, right = kink_slopes(result)["x"]
    assert left == pytest.approx(-1 / math.sqrt(2), rel=1e-5) and right == pytest.approx(1 / math.sqrt(2), rel=1e-5)


@pytest.mark.parametrize("front", ["formula", "numpy"])
def test_a_root_of_a_third_order_zero_ends_the_domain_there(files, front):
    """sqrt(x - sin x) at 0: x - sin x ~ x^3/6 is below 0 left of 0 (no number there) and the right slope is 0."""
    target = "sqrt(x - sin(x))" if front == "formula" else f"{files['numpy']}:cubic_edge"
    result = gradcli.check(target, [{"x": 0.0}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "domain"
    assert result.exact_value == 0
    [singular] = [f.message for f in result.findings if f.kind == "singular"]
    assert "from the left the function is not defined" in singular and "from the right the derivative is 0;" in singular


def test_a_root_of_a_second_order_zero_is_a_kink_in_a_python_function(files):
    result = gradcli.check(f"{files['numpy']}:half_chord", [{"x": 0.0}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "domain"
    left, right = kink_slopes(result)["x"]
    assert left == pytest.approx(-1 / math.sqrt(2), rel=1e-5) and right == pytest.approx(1 / math.sqrt(2), rel=1e-5)


@pytest.mark.parametrize("front", list(ANGLE))
def test_the_angle_between_parallel_vectors_is_a_cone_on_every_front(files, front):
    result = gradcli.check(f"{files[front]}:angle", [{"a": A, "b": B}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "domain"
    slopes = kink_slopes(result)
    assert len(slopes) == 6  # every coordinate of both vectors: no flat side's 0 anywhere
    for name, vector in (("a", A), ("b", B)):
        for i in range(3):
            expected = cone_slope(vector, i)
            left, right = slopes[f"{name}[{i}]"]
            assert left == pytest.approx(-expected, rel=1e-5) and right == pytest.approx(expected, rel=1e-5)
