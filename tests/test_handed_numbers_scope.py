"""A number handed to a framework function that computes at once is the user's on that line alone.

A float constant a library writes is taken as the library writes it (Keras'
KLDivergence clips at 1e-7: float32's Const of 1.0000000117e-7 stands for
1e-7), a number of the user's as the dtype holds it. A number the user's file
hands to a call counts as the user's wherever it appears (a layer built with
``epsilon=1e-3`` on one line writes it into the graph when called on another),
so a ``tf.clip_by_value(x, 1e-7, 1.0)`` in an unrelated function of the file
made Keras' own 1e-7 the user's: at a prediction of float32(1e-7), on float32's
1e-7 but above the written one, the verdict went from ok to domain with that
function's mere presence. A framework function that computes at once makes its
constant on its own line, where the line's literals already count.
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.capture.lines import handed_numbers

KERAS_LOSS = textwrap.dedent('''
    import keras
    import tensorflow as tf

    SHARES = [0.2, 0.3, 0.5]


    def kl_keras(q):
        return keras.losses.KLDivergence(dtype=q.dtype)(tf.constant(SHARES, dtype=q.dtype), q)
''')

OWN_CLIP = textwrap.dedent('''

    def kl_own(q):
        p = tf.constant(SHARES, dtype=q.dtype)
        return tf.reduce_sum(p * tf.math.log(p / tf.clip_by_value(q, 1e-7, 1.0)))
''')


def test_numbers_handed_to_computing_functions_are_not_the_files(tmp_path):
    path = tmp_path / "handed.py"
    path.write_text(textwrap.dedent('''
        import keras
        import tensorflow as tf
        import torch.nn.functional as F
        from jax import numpy as jnp
        from jax.numpy import clip


        def computing(x):
            return tf.clip_by_value(x, 1e-7, 1.0) + F.softplus(x, beta=2.5) + jnp.maximum(x, 3e-7) + clip(x, 4e-7, 1.0)


        layer = keras.layers.LayerNormalization(epsilon=5e-3)
        penalty = keras.regularizers.l2(6e-4)
        variable = tf.Variable(9e-7)


        def kept(x, eps=7e-7):
            return helper(x, 8e-7)
    '''))
    handed = {v for v in handed_numbers(str(path)) if v > 0}
    assert handed == {5e-3, 6e-4, 9e-7, 7e-7, 8e-7}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("handed")
    (folder / "alone.py").write_text(KERAS_LOSS)
    (folder / "beside.py").write_text(KERAS_LOSS + OWN_CLIP)
    return folder


def _check(target, q, dtype):
    result, = gradcli.check(target, [{"q": q}], dtypes=[dtype], fixes=False).results
    return result


@pytest.mark.parametrize("name", ["alone.py", "beside.py"])
def test_keras_clip_is_keras_number_whatever_else_the_file_writes(files, name):
    pytest.importorskip("tensorflow")
    # float32(1e-7) is 1.17e-15 above the 1e-7 Keras writes: inside its clip, the slope -p/q
    result = _check(f"{files / name}:kl_keras", [1e-7, 0.5, 0.5], "float32")
    assert result.status == "ok", [f.message for f in result.findings]
    slope = float(result.exact_gradient["q"][0])
    assert slope == pytest.approx(-float(np.float32(0.2)) / float(np.float32(1e-7)), rel=1e-12)  # the shares float32 holds


def test_on_keras_written_clip_in_float64_is_its_kink(files):
    pytest.importorskip("tensorflow")
    result = _check(f"{files / 'beside.py'}:kl_keras", [1e-7, 0.5, 0.5], "float64")
    assert result.status == "domain", [f.message for f in result.findings]


def test_the_users_own_clip_is_the_users_float32_number(files):
    pytest.importorskip("tensorflow")
    # the user's 1e-7 in a float32 program is float32(1e-7): the point is on that clip's kink
    result = _check(f"{files / 'beside.py'}:kl_own", [1e-7, 0.5, 0.5], "float32")
    assert result.status == "domain", [f.message for f in result.findings]
