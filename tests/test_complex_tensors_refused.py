"""Complex tensors gradcli's replays lack (PyTorch's Householder product, TensorFlow's banded triangular solve) and
TensorFlow's bicubic resize: an input error naming the op and the line.

Where gradcli's replay of a framework holds no complex tensor for an op, the
message says that an operation works on a complex tensor (rather than that
gradcli lacks it, which ``gradcli ops`` would not mend); an operation without a
replay on real tensors keeps its own message.
"""

import textwrap

import pytest

import gradcli
from gradcli.errors import InputError

SOURCES = {
    "torch": """
        import torch


        def reflected(x):
            z = torch.complex(torch.stack([x[0:2], x[2:4]]), torch.ones(2, 2, dtype=x.dtype))
            values = torch.linalg.householder_product(z, z[0])
            return values.real.sum()
    """,
    "tensorflow": """
        import tensorflow as tf


        def solved_in_bands(x):
            bands = tf.complex(tf.constant([[1.0, 1.0], [2.0, 3.0]], x.dtype), tf.zeros((2, 2), x.dtype))
            values = tf.linalg.banded_triangular_solve(bands, tf.complex(x[0:2], x[2:4])[:, None])
            return tf.reduce_sum(tf.math.real(values) * tf.constant([1.0, 2.0], x.dtype))


        def resized(x):
            image = tf.reshape(tf.concat([x, x * x], 0), (1, 2, 2, 1))
            return tf.reduce_sum(tf.image.resize(image, (3, 3), method="bicubic"))
    """,
}

CASES = [
    ("torch", "reflected", "values = torch.linalg.householder_product(z, z[0])", "aten.linalg_householder_product"),
    ("tensorflow", "solved_in_bands", "values = tf.linalg.banded_triangular_solve(", "BandedTriangularSolve"),
]


def _file(tmp_path, framework):
    source = textwrap.dedent(SOURCES[framework])
    path = tmp_path / f"{framework}_complex.py"
    path.write_text(source)
    return path, source.splitlines()


@pytest.mark.parametrize("framework, name, line, op", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_an_op_on_a_complex_tensor_is_refused_at_its_line(tmp_path, framework, name, line, op):
    pytest.importorskip(framework)
    path, lines = _file(tmp_path, framework)
    with pytest.raises(InputError) as refused:
        gradcli.check(f"{path}:{name}", [{"x": [1.0, 2.0, -1.0, 0.5]}], dtypes=("float64",), fixes=False)
    message = str(refused.value)
    assert op in message and f"{path}:{lines.index(next(t for t in lines if line in t)) + 1}" in message, message
    assert "complex tensor" in message and "write it with real tensors" in message


def test_a_real_op_without_a_replay_keeps_its_own_message(tmp_path):
    pytest.importorskip("tensorflow")
    path, lines = _file(tmp_path, "tensorflow")
    with pytest.raises(InputError) as refused:
        gradcli.check(f"{path}:resized", [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False)
    message = str(refused.value)
    assert "ResizeBicubic" in message and f"{path}:{lines.index(next(t for t in lines if 'image.resize(' in t)) + 1}" in message
    assert "not one gradcli can replay yet" in message and "complex tensor" not in message
