"""A subnormal input is said to be read as 0 where the framework's CPU code does so (denormals-are-zero).

Stevens' loudness (I / I0)^0.3 at a float32 intensity of 1e-45: TensorFlow's
CPU kernels and XLA's read the subnormal as 0, so the program's value is 0
(the exact one 8.7e-12) and its slope 0^-0.7 inf. The note on the input said
only that the subnormal keeps fewer bits; it now says the framework reads it as
0. NumPy computes with the subnormal, and its note says nothing more.
"""

import textwrap

import pytest

import gradcli

SOURCES = {
    "tensorflow": '''
        import tensorflow as tf


        def loudness(intensity):
            return tf.pow(intensity / 1e-12, 0.3) / 16.0
    ''',
    "jax": '''
        import jax.numpy as jnp


        def loudness(intensity):
            return jnp.power(intensity / 1e-12, 0.3) / 16.0
    ''',
    "numpy": '''
        import numpy as np


        def loudness(intensity):
            return np.power(intensity / 1e-12, 0.3) / 16.0
    ''',
}
READERS = {"tensorflow": "TensorFlow's CPU kernels read it as 0", "jax": "XLA's CPU code read it as 0"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("loudness")
    for name, source in SOURCES.items():
        (folder / f"loudness_{name}.py").write_text(textwrap.dedent(source))
    return folder


@pytest.mark.parametrize("framework", list(SOURCES))
def test_a_subnormal_intensitys_note_says_who_reads_it_as_zero(folder, framework):
    result, = gradcli.check(f"{folder / f'loudness_{framework}.py'}:loudness", [{"intensity": 1e-45}],
                            dtypes=["float32"], fixes=False).results
    note = next(n for n in result.notes if "is subnormal in float32" in n)
    if framework in READERS:
        assert READERS[framework] in note, note
        assert result.value == 0.0 and result.status == "unstable"
    else:
        assert "read it as 0" not in note, note
